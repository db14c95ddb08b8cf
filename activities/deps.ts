import type { Orm } from '../src/db/orm.ts';

/** Verifies machine payments on chain; built by the worker from configuration (src/payments). */
export interface PaymentVerifier {
  chainId: number;
  token: string;
  /** Throws PaymentRefused (non-retryable reasons) or a plain error (transient). */
  verify(input: { receipt: string; amountMinor: bigint; memo: string }): Promise<{ txHash: string; payer: string }>;
  findByMemo(input: { amountMinor: bigint; memo: string }): Promise<{ txHash: string; payer: string } | null>;
}

/** What activities may touch. Built once by the worker (or a test) and handed to every factory. */
export interface ActivityDeps {
  orm: Orm;
  catalogPath: string;
  payments?: PaymentVerifier;
}
