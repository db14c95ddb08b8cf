import {
  checkoutStatusQuery,
  submitPaymentUpdateOf,
  type CheckoutTerms,
  type PaymentCredit,
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

export type RenewalOutcome =
  | { outcome: 'renewed'; result: RenewalResult }
  | { outcome: 'refused'; code: string; message: string; credit: PaymentCredit | null }
  | { outcome: 'expired_unpaid' }
  | { outcome: 'cancelled' };

export const renewalStatusQuery = checkoutStatusQuery<RenewalInput, RenewalOutcome>();
export const submitRenewalPayment = submitPaymentUpdateOf<RenewalResult>();

/** One run per renewal checkout: anyone may pay to renew a name, so renewals of one name do not lock each other out. */
export const renewalWorkflowId = (key: string) => `renewal:${key}`;
export const renewalKey = (name: string, sessionId: string) => `${name}:${sessionId}`;
