/**
 * Verifies machine payments on chain. Built from configuration (payment-verifier.ts) by the worker and
 * handed to the activities; defined here so payments depend on nothing above them.
 */
export interface PaymentVerifier {
  chainId: number;
  token: string;
  /** Throws PaymentVerificationError for a refusal (see its `retryable`) or a plain error when transient. */
  verify(input: { receipt: string; amountMinor: bigint; memo: string }): Promise<{ txHash: string; payer: string }>;
  findByMemo(input: { amountMinor: bigint; memo: string }): Promise<{ txHash: string; payer: string } | null>;
}
