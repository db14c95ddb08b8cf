import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Coupon, LedgerLine, LedgerTransaction } from './entities/index.ts';

/** One ledger transaction as written: its unique reference and lines that sum to zero (src/ledger checks). */
export interface Posting {
  reference: string;
  kind: string;
  memo: string | null;
  createdAt: Date;
  /** Book names as stored (pathUSD books prefixed) and signed amounts. */
  lines: { book: string; amount: bigint }[];
}

/** A coupon as created by an operator. */
export interface CouponRow {
  code: string;
  percentOff: number;
  maxUses: number;
  usedCount: number;
  namespace: string | null;
  expiresAt: Date | null;
  createdAt: Date;
}

// The rows of the double-entry ledger and the coupons (src/ledger holds their rules, the locks and the
// balance checks). Built over the caller's EntityManager: a posting commits with the caller's transaction.
export function ledgerRepository(em: EntityManager) {
  return {
    /** The id of the transaction posted under `reference`; null: none yet. */
    async postedId(reference: string): Promise<number | null> {
      return (await em.findOne(LedgerTransaction, { reference }, { fields: ['id'] }))?.id ?? null;
    },

    /** Writes a transaction and its lines; its id. A reference already posted throws the unique violation. */
    async insert(p: Posting): Promise<number> {
      const transactionId = await em.insert(LedgerTransaction, {
        reference: p.reference,
        kind: p.kind,
        memo: p.memo,
        createdAt: p.createdAt,
      });
      const transaction = em.getReference(LedgerTransaction, transactionId);
      await em.insertMany(
        LedgerLine,
        p.lines.map((l) => ({ transaction, book: l.book, amount: l.amount, createdAt: p.createdAt })),
      );
      return transactionId;
    },

    /** Whether a transaction was posted under `reference`. */
    async isPosted(reference: string): Promise<boolean> {
      return (await em.count(LedgerTransaction, { reference })) > 0;
    },

    /** Creates a coupon; false when one with its code exists. */
    async insertCoupon(row: CouponRow): Promise<boolean> {
      try {
        await em.insert(Coupon, row);
        return true;
      } catch (err) {
        if (err instanceof UniqueConstraintViolationException) return false;
        throw err;
      }
    },
  };
}
