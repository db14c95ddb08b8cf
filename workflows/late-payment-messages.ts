import type { CheckoutTerms, PaymentCredit } from './checkout-messages.ts';

// A payment that landed after its checkout closed unpaid (the challenge expired and the last look on
// chain found nothing yet, or the checkout was reset): the operation cannot happen any more, so what
// was paid is credited to the checkout's actor as gems, once per session. Plain data only.

export interface LatePaymentInput {
  /** The paid operation the checkout was for (`registration`, `renewal`, `purchase`). */
  operation: string;
  /** The closed checkout's terms, read from its run's first event. */
  terms: CheckoutTerms;
  /** The receipt as the payer presented it (a transaction hash or an mppx credential). */
  receipt: string;
}

export type LatePaymentOutcome =
  | { outcome: 'credited'; credit: PaymentCredit; txHash: string }
  | { outcome: 'refused'; code: string; message: string };

/** One run per closed checkout: its credit happens once, however often the receipt is sent. */
export const latePaymentWorkflowId = (sessionId: string) => `late-payment:${sessionId}`;
