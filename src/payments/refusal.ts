export type PaymentRefusalReason =
  | 'not_found'
  | 'not_confirmed'
  | 'failed_tx'
  | 'wrong_token'
  | 'wrong_receiver'
  | 'wrong_amount'
  | 'wrong_session'
  /** A pull credential whose challenge expired before it was broadcast: nothing was paid. */
  | 'expired'
  | 'not_a_transfer';

/**
 * A receipt that does not (or not yet) pay what was asked. `retryable` reasons (the transaction is not
 * mined or not deep enough yet) may succeed later; the others never will for this transaction.
 * RPC and network failures are plain errors instead: transient, for the caller's retry policy.
 */
export class PaymentVerificationError extends Error {
  override name = 'PaymentVerificationError';
  readonly reason: PaymentRefusalReason;
  readonly retryable: boolean;

  constructor(reason: PaymentRefusalReason, message: string) {
    super(message);
    this.reason = reason;
    this.retryable = reason === 'not_found' || reason === 'not_confirmed';
  }
}

/** A refusal no retry changes: the payment does not pay (a plain error, or a retryable reason, may still pass later). */
export const isFinalRefusal = (err: unknown): err is PaymentVerificationError =>
  err instanceof PaymentVerificationError && !err.retryable;
