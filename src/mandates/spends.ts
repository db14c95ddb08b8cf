import type { EntityManager } from '@mikro-orm/postgresql';
import { mandateRepository } from '../db/mandate-repository.ts';
import type { MandateLimits, MandateRecord } from '../domain/mandates.ts';
import { gemsToUsdMicros } from '../domain/money.ts';
import {
  judgeSpend,
  windows,
  type CountedSpend,
  type MandateRules,
  type MandateVerdict,
  type SpendRequest,
} from './limits.ts';
import { ApprovalNeeded, MandateRefusal } from './refusal.ts';
import type { SpendTerms } from '../../workflows/checkout-messages.ts';

// Spends counted against a mandate (docs/mandates.md "Decisions"). Invariant: every reservation and
// every activation of an account holds its mandate row `for update` for the rest of its transaction, so
// the budget check and the insert see no concurrent spend: two purchases never together exceed a budget.

export type { SpendTerms };

export const toSpendTerms = (s: SpendRequest): SpendTerms => ({
  ...s,
  usdMicros: s.usdMicros.toString(),
  gems: s.gems.toString(),
});
export const fromSpendTerms = (t: SpendTerms): SpendRequest => ({
  ...t,
  usdMicros: BigInt(t.usdMicros),
  gems: BigInt(t.gems),
});

/** A price valued in both units: gems at the fixed rate, or USD rounded up to whole gems. */
export function valueOf(p: { gems: number | bigint; usdMicros: bigint | null }, gemUsdRate: string) {
  const gems = BigInt(p.gems);
  const usdMicros = p.usdMicros !== null && p.usdMicros > 0n ? p.usdMicros : gemsToUsdMicros(Number(gems), gemUsdRate);
  return { gems, usdMicros };
}

export function rulesOf(m: MandateRecord): MandateRules {
  return {
    perOperation: { usdMicros: m.perOperationUsdMicros, gems: m.perOperationGems },
    perDay: { usdMicros: m.dailyUsdMicros, gems: m.dailyGems },
    per30Days: { usdMicros: m.monthlyUsdMicros, gems: m.monthlyGems },
    approvalAbove: { usdMicros: m.approvalAboveUsdMicros, gems: m.approvalAboveGems },
    allowedOperations: m.allowedOperations,
    allowedNamespaces: m.allowedNamespaces,
  };
}

/** The inverse of `rulesOf`: the rules as the columns that store them. */
export function limitsOf(r: MandateRules): MandateLimits {
  return {
    perOperationUsdMicros: r.perOperation.usdMicros,
    perOperationGems: r.perOperation.gems,
    dailyUsdMicros: r.perDay.usdMicros,
    dailyGems: r.perDay.gems,
    monthlyUsdMicros: r.per30Days.usdMicros,
    monthlyGems: r.per30Days.gems,
    approvalAboveUsdMicros: r.approvalAbove.usdMicros,
    approvalAboveGems: r.approvalAbove.gems,
    allowedOperations: r.allowedOperations,
    allowedNamespaces: r.allowedNamespaces,
  };
}

/** The spends that count in the widest window now (reserved or spent), oldest first. */
export function countedSpends(em: EntityManager, accountId: string, now: Date): Promise<CountedSpend[]> {
  return mandateRepository(em).countedSince(accountId, new Date(now.getTime() - windows.per_30_days));
}

/**
 * Reserves a spend under the mandate's lock, in the caller's transaction (with the gems movement, if
 * any). No mandate: nothing is recorded and the verdict is `allow`. A key already reserved or spent is
 * answered `allow` again (a retry). A refusal (`forbids`, `exceeded`) reserves nothing; `allow` and
 * `requires_approval` reserve — the approval flow decides what a `requires_approval` reservation waits for.
 */
export async function reserveSpend(tx: EntityManager, spend: SpendRequest, now = new Date()): Promise<MandateVerdict> {
  const mandates = mandateRepository(tx);
  const mandate = await mandates.lock(spend.accountId);
  if (!mandate) return { kind: 'allow' };
  const existing = await mandates.spendStatus(spend.key);
  if (existing && existing !== 'released') return { kind: 'allow' };
  const verdict = judgeSpend(rulesOf(mandate), spend, await countedSpends(tx, spend.accountId, now), now);
  if (verdict.kind === 'forbids' || verdict.kind === 'exceeded') return verdict;
  await mandates.recordSpend(spend, 'reserved', now);
  return verdict;
}

/**
 * At activation, under the same lock and in the effect's transaction: the reservation turns spent. A
 * spend with no live reservation (the mandate was set while its checkout waited, or its reservation was
 * released) is judged now, and a refusal is thrown as a MandateRefusal: the effect rolls back and money
 * that already arrived is credited back like any refused activation. `judge: false` spends what was
 * committed before (an accepted offer's escrow) without judging it again. `approval: 'refuse'` (a spend
 * nobody can hold for the person: the sweep's auto-renewal) throws ApprovalNeeded for a spend above
 * the approval threshold instead of spending it.
 */
export async function settleSpend(
  tx: EntityManager,
  spend: SpendRequest,
  opts: { judge?: boolean; reserved?: boolean | undefined; approval?: 'allow' | 'refuse' } = {},
) {
  const now = new Date();
  const mandates = mandateRepository(tx);
  const mandate = await mandates.lock(spend.accountId);
  // No mandate then or now: there is no reservation to turn spent and nothing to judge.
  if (!mandate && opts.reserved === false) return;
  const existing = await mandates.spendStatus(spend.key);
  if (existing === 'spent') return;
  if (existing === 'reserved') {
    await mandates.spendReservation(spend.key, now);
    return;
  }
  if (!mandate) return;
  if (opts.judge ?? true) {
    const verdict = judgeSpend(rulesOf(mandate), spend, await countedSpends(tx, spend.accountId, now), now);
    if (verdict.kind === 'forbids' || verdict.kind === 'exceeded') throw new MandateRefusal(verdict);
    if (verdict.kind === 'requires_approval' && opts.approval === 'refuse') throw new ApprovalNeeded(verdict);
  }
  await mandates.recordSpend(spend, 'spent', now);
}

/** The checkout ended unpaid, refused or expired, or the offer lapsed: its reservation stops counting. */
export async function releaseSpend(em: EntityManager, keys: string | string[]): Promise<void> {
  const list = Array.isArray(keys) ? keys : [keys];
  if (list.length === 0) return;
  await mandateRepository(em).release(list, new Date());
}

/** The key of a checkout's spend. */
export const checkoutSpendKey = (sessionId: string) => `checkout:${sessionId}`;

/** A reservation made before (an accepted offer's escrow) turns spent, under its mandate's lock. */
export async function spendReserved(tx: EntityManager, accountId: string, key: string): Promise<void> {
  const mandates = mandateRepository(tx);
  await mandates.lock(accountId);
  await mandates.spendReserved(key, new Date());
}

/**
 * Judges a spend without reserving it, under the mandate's lock: a pathUSD offer holds nothing until it
 * is accepted and paid (its checkout reserves then), so only its operation, namespace and size are judged.
 */
export async function judgeUnreserved(tx: EntityManager, spend: SpendRequest): Promise<MandateVerdict> {
  const mandate = await mandateRepository(tx).lock(spend.accountId);
  return mandate ? judgeSpend(rulesOf(mandate), spend, [], new Date()) : { kind: 'allow' };
}
