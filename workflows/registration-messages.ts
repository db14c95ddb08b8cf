import {
  checkoutMessagesOf,
  paidOperationContract,
  type CheckoutPayment,
  type CheckoutStage,
  type CheckoutTerms,
  type PaidOutcome,
} from './checkout-messages.ts';

// The registration workflow's contract with the checkout service and its activities; plain data only.
// What every paid operation shares is in checkout-messages.ts.

export type RegistrationMethod = 'mpp' | 'gems' | 'free' | 'gfavip_checkout';
export type RegistrationStage = CheckoutStage;
export type RegistrationPayment = CheckoutPayment;

export interface RegistrationInput extends CheckoutTerms {
  name: string;
  label: string;
  namespace: string;
  years: number;
  method: RegistrationMethod;
  /** Who receives the domain (target_owner_id, else the actor; null: the payer's wallet). */
  ownerAccountId: string | null;
  resellerChannel: string | null;
  wholesale: boolean;
  couponCode: string | null;
}

export interface RegistrationResult {
  domainId: number;
  name: string;
  ownerId: string;
  orderId: number;
  registrationDate: string;
  expiryDate: string;
  paymentMethod: RegistrationMethod;
  paymentReference: string;
  amountGems: number;
  amountMinor: string | null;
  currency: string;
}

/**
 * How a run ended. Every business outcome is a completed run with one of these (refused: activation
 * refused by a business rule, insufficient_gems, coupon_*, name_taken, …); a run fails only when
 * something really broke (an activity that kept failing), so an operator's "Failed" list means faults.
 */
export type RegistrationOutcome = PaidOutcome<'registered', RegistrationResult>;

export const { statusQuery: registrationStatusQuery, submitPayment: submitPaymentUpdate } = checkoutMessagesOf<
  RegistrationInput,
  RegistrationResult,
  RegistrationOutcome
>();
export {
  checkoutPaidSignal,
  relayExpiredSignal,
  relaySettledSignal,
  resetLockUpdate,
  SETTLE_GRACE_MS,
  type PaymentCredit,
} from './checkout-messages.ts';

export const registrationWorkflowId = (name: string) => `registration:${name}`;

/** Registration as a paid operation: one run per name (`registration:<name>`) is the lock on it. */
export const registrationContract = paidOperationContract<RegistrationInput, RegistrationResult>()({
  name: 'registration',
  doneAs: 'registered',
  workflowType: 'registrationWorkflow',
  workflowId: registrationWorkflowId,
  statusQuery: registrationStatusQuery,
  submitPaymentUpdate,
  effect: 'activateDomain',
  mandateOperation: 'register',
  orderKind: 'registration',
  checkoutRows: { runOf: (row) => registrationWorkflowId(row.name) },
  describe: (input) => `Register ${input.name} for ${input.years} year(s)`,
});
