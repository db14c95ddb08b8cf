import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type {
  MandateChangeRecord,
  MandateLimits,
  MandateOperation,
  MandateRecord,
  MandateSpendRow,
  SpendStatus,
} from '../domain/mandates.ts';
import { MandateChange, MandateSpend, SpendMandate } from './entities/index.ts';

const big = (v: bigint | string | number | null | undefined) => (v === null || v === undefined ? null : BigInt(v));

const recordOf = (m: SpendMandate): MandateRecord => ({
  accountId: m.accountId,
  perOperationUsdMicros: big(m.perOperationUsdMicros),
  perOperationGems: big(m.perOperationGems),
  dailyUsdMicros: big(m.dailyUsdMicros),
  dailyGems: big(m.dailyGems),
  monthlyUsdMicros: big(m.monthlyUsdMicros),
  monthlyGems: big(m.monthlyGems),
  approvalAboveUsdMicros: big(m.approvalAboveUsdMicros),
  approvalAboveGems: big(m.approvalAboveGems),
  allowedOperations: (m.allowedOperations as MandateOperation[] | null | undefined) ?? null,
  allowedNamespaces: m.allowedNamespaces ?? null,
  updatedBy: m.updatedBy,
  updatedAt: m.updatedAt,
});

// Spend mandates, their history and the spends counted against them (docs/mandates.md). Built over the
// caller's EntityManager: `lock` holds the mandate row `for update` until that transaction ends, and every
// write after it in the same transaction sees no concurrent spend of the account.
export function mandateRepository(em: EntityManager) {
  return {
    /** The account's mandate, its row locked until the transaction ends; null: no mandate. */
    async lock(accountId: string): Promise<MandateRecord | null> {
      const m = await em.findOne(SpendMandate, { accountId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      return m && recordOf(m);
    },

    async find(accountId: string): Promise<MandateRecord | null> {
      const m = await em.findOne(SpendMandate, { accountId });
      return m && recordOf(m);
    },

    /** Sets every limit (creating the mandate if the account has none), as set by `by` now. */
    async save(accountId: string, limits: MandateLimits, by: string): Promise<MandateRecord> {
      const m =
        (await em.findOne(SpendMandate, { accountId })) ?? em.create(SpendMandate, { accountId, updatedBy: by });
      Object.assign(m, { ...limits, updatedBy: by, updatedAt: new Date() });
      await em.flush();
      return recordOf(m);
    },

    /** Removes the account's mandate (with the transaction). */
    async remove(accountId: string): Promise<void> {
      const m = await em.findOne(SpendMandate, { accountId });
      if (m) em.remove(m);
    },

    /** Writes a change to the history, in the transaction that made it. */
    recordChange(accountId: string, by: string, change: Pick<MandateChangeRecord, 'before' | 'after'>): void {
      em.create(MandateChange, { accountId, changedBy: by, ...change, createdAt: new Date() });
    },

    /** Every change, newest first. */
    async history(
      accountId: string,
      page: { limit: number; offset: number },
    ): Promise<{ total: number; rows: MandateChangeRecord[] }> {
      const [rows, total] = await em.findAndCount(
        MandateChange,
        { accountId },
        { orderBy: { createdAt: 'desc', id: 'desc' }, limit: page.limit, offset: page.offset },
      );
      return {
        total,
        rows: rows.map((r) => ({
          changedBy: r.changedBy,
          changedAt: r.createdAt,
          before: r.before ?? null,
          after: r.after ?? null,
        })),
      };
    },

    /** The spends that count (reserved or spent) made after `since`, oldest first. */
    async countedSince(accountId: string, since: Date): Promise<{ usdMicros: bigint; gems: bigint; at: Date }[]> {
      const rows = await em.find(
        MandateSpend,
        { accountId, status: { $in: ['reserved', 'spent'] }, createdAt: { $gt: since } },
        { orderBy: { createdAt: 'asc' } },
      );
      return rows.map((r) => ({ usdMicros: BigInt(r.usdMicros), gems: BigInt(r.gems), at: r.createdAt }));
    },

    /** Where the spend under this key stands; null: never recorded. */
    async spendStatus(key: string): Promise<SpendStatus | null> {
      return (await em.findOne(MandateSpend, { key }))?.status ?? null;
    },

    /**
     * Records a spend as reserved or spent from `at` on (a released one counts again from then), so the
     * rolling windows count it from `at`.
     */
    async recordSpend(spend: MandateSpendRow, status: 'reserved' | 'spent', at: Date): Promise<void> {
      const settledAt = status === 'spent' ? at : null;
      const existing = await em.findOne(MandateSpend, { key: spend.key });
      if (existing) Object.assign(existing, { status, createdAt: at, settledAt });
      else em.create(MandateSpend, { ...spend, status, settledAt, createdAt: at });
      await em.flush();
    },

    /** A reservation turns spent; it keeps counting from when it was reserved. */
    async spendReservation(key: string, at: Date): Promise<void> {
      const existing = await em.findOne(MandateSpend, { key });
      if (!existing) return;
      Object.assign(existing, { status: 'spent', settledAt: at });
      await em.flush();
    },

    /** Reservations that stop counting; spent ones stay. */
    async release(keys: string[], at: Date): Promise<void> {
      await em.nativeUpdate(
        MandateSpend,
        { key: { $in: keys }, status: 'reserved' },
        { status: 'released', settledAt: at },
      );
    },

    /** A reservation made before (an accepted offer's escrow) turns spent, by its key alone. */
    async spendReserved(key: string, at: Date): Promise<void> {
      await em.nativeUpdate(MandateSpend, { key, status: 'reserved' }, { status: 'spent', settledAt: at });
    },
  };
}
