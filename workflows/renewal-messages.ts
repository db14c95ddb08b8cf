import {
  checkoutMessagesOf,
  paidOperationContract,
  type CheckoutTerms,
  type PaidOutcome,
} from './checkout-messages.ts';

// The renewal workflow's contract with the checkout service and its activities; plain data only.

export type RenewalMethod = 'mpp' | 'gems';

export interface RenewalInput extends CheckoutTerms {
  method: RenewalMethod;
  domainId: number;
  namespace: string;
  years: number;
}

export interface RenewalResult {
  name: string;
  domainId: number;
  orderId: number;
  previousExpiryDate: string;
  newExpiryDate: string;
  paymentMethod: RenewalMethod;
  paymentReference: string;
  amountGems: number;
  amountMinor: string | null;
  currency: string;
}

export type RenewalOutcome = PaidOutcome<'renewed', RenewalResult>;

export const { statusQuery: renewalStatusQuery, submitPayment: submitRenewalPayment } = checkoutMessagesOf<
  RenewalInput,
  RenewalResult,
  RenewalOutcome
>();

/** One run per renewal checkout: anyone may pay to renew a name, so renewals of one name do not lock each other out. */
export const renewalWorkflowId = (key: string) => `renewal:${key}`;
export const renewalKey = (name: string, sessionId: string) => `${name}:${sessionId}`;

/**
 * Renewal as a paid operation: each renewal checkout is its own run (`renewal:<name>:<session>`), since
 * anyone may pay to renew a name and one payer's unpaid checkout must never block the owner's renewal.
 */
export const renewalContract = paidOperationContract<RenewalInput, RenewalResult>()({
  name: 'renewal',
  doneAs: 'renewed',
  workflowType: 'renewalWorkflow',
  workflowId: renewalWorkflowId,
  statusQuery: renewalStatusQuery,
  submitPaymentUpdate: submitRenewalPayment,
  effect: 'renewDomain',
  mandateOperation: 'renew',
  orderKind: 'renewal',
  checkoutRows: { runOf: (row) => renewalWorkflowId(renewalKey(row.name, row.sessionId)) },
  describe: (input) => `Renew ${input.name} for ${input.years} year(s)`,
});
