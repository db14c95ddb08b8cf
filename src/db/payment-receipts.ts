import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { PaymentReceipt, RECEIPT_UNIQUE } from './entities/orders.ts';

/** A verified chain payment as spent for a session: once per (chain, transaction hash). */
export interface ReceiptRow {
  chainId: number;
  /** Lowercase. */
  txHash: string;
  sessionId: string;
  /** Lowercase. */
  payer: string;
  amountMinor: bigint;
  token: string;
  /** The machine payment's receipt as presented, or the transaction hash (the USDC route). */
  receipt: string;
}

/**
 * Whether a failed write was the receipt's unique key: the payment was already spent by another
 * session (read from the driver's typed violation and the constraint it names, never from its message).
 */
export function isReceiptReuse(err: unknown): boolean {
  return (
    err instanceof UniqueConstraintViolationException && (err as { constraint?: string }).constraint === RECEIPT_UNIQUE
  );
}

// The receipts of chain payments (machine payments, the USDC route), each spendable once.
export function paymentReceipts(em: EntityManager) {
  return {
    /** Spends the receipt in the caller's transaction, with the effect it pays for. */
    record(row: ReceiptRow): void {
      em.create(PaymentReceipt, row);
    },

    /** The session that spent this payment; null: not spent yet. */
    async spentBy(chainId: number, txHash: string): Promise<string | null> {
      return (await em.findOne(PaymentReceipt, { chainId, txHash }))?.sessionId ?? null;
    },

    async isSpent(chainId: number, txHash: string): Promise<boolean> {
      return (await em.count(PaymentReceipt, { chainId, txHash })) > 0;
    },
  };
}
