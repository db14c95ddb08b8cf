import type { PaidOperationContract } from './checkout-messages.ts';
import { offerPaymentContract } from './offer-messages.ts';
import { onchainIdentityContract } from './onchain-identity-messages.ts';
import { purchaseContract } from './purchase-messages.ts';
import { registrationContract } from './registration-messages.ts';
import { renewalContract } from './renewal-messages.ts';

// Every paid operation, listed once. Each list that must name them all (the workflow bundle's runs, the
// worker's effects, the expiry sweep's runs, the words the database and the API store) is built from
// this tuple or checked against it with a mapped type, so an operation left out of one does not compile.

export const paidOperations = [
  registrationContract,
  renewalContract,
  purchaseContract,
  offerPaymentContract,
  onchainIdentityContract,
] as const;

export type PaidOperation = (typeof paidOperations)[number];
export type PaidOperationName = PaidOperation['name'];
/** What a paid operation's run says once it is done (`registered`, `renewed`, `purchased`). */
export type DoneAs = PaidOperation['doneAs'];

/** Each paid operation's contract by its name. */
export const paidOperationNamed = Object.fromEntries(paidOperations.map((c) => [c.name, c])) as {
  [N in PaidOperationName]: Extract<PaidOperation, { name: N }>;
};

export const isPaidOperationName = (name: string): name is PaidOperationName => Object.hasOwn(paidOperationNamed, name);

/**
 * A workflow bundle's exports, checked to hold the run of every paid operation under its workflow type
 * (a worker finds a run's code by that name): `Bundle` must have them all, or this does not compile.
 */
export type ExportsPaidRuns<
  Bundle extends Record<C['workflowType'], (...args: never[]) => Promise<unknown>>,
  C extends PaidOperationContract = PaidOperation,
> = Bundle;
