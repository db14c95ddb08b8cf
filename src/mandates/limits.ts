import type { MandateOperation } from '../domain/mandates.ts';

// What a mandate allows, as pure rules over numbers (docs/mandates.md). Every spend is valued in both
// units: USD micro-dollars and whole gems, at the fixed GEM_USD_RATE where it was paid in the other
// one. A limit set in one unit bounds every rail; a limit set in both must hold in both.

/** One amount in either unit or both; an absent unit does not limit. */
export interface Amount {
  usdMicros: bigint | null;
  gems: bigint | null;
}

export interface MandateRules {
  perOperation: Amount;
  perDay: Amount;
  per30Days: Amount;
  /** Above this a purchase needs the person's approval (the approval flow builds on `requires_approval`). */
  approvalAbove: Amount;
  /** Null: every operation. */
  allowedOperations: MandateOperation[] | null;
  /** Null: every namespace. */
  allowedNamespaces: string[] | null;
}

/** A spend as a mandate counts it. */
export interface SpendValue {
  usdMicros: bigint;
  gems: bigint;
}

export interface SpendRequest extends SpendValue {
  accountId: string;
  /** What the spend pays: `checkout:<session>`, `offer:<id>`, `auto-renew:<domain>:<term>`. */
  key: string;
  operation: MandateOperation;
  /** The name it is for (its namespace is what `allowed_namespaces` names). */
  name: string;
}

/** A spend already counted (reserved or spent), as the rolling windows read it. */
export interface CountedSpend extends SpendValue {
  at: Date;
}

export const DAY_MS = 24 * 3600 * 1000;
export const windows = { per_day: DAY_MS, per_30_days: 30 * DAY_MS } as const;
export type BudgetWindow = keyof typeof windows;
export type LimitName = 'per_operation' | BudgetWindow;
export type Unit = 'usd' | 'gems';

export type MandateVerdict =
  | { kind: 'allow' }
  /** Within every limit but above the approval threshold: the checkout should wait for the person. */
  | { kind: 'requires_approval'; unit: Unit; threshold: bigint }
  | { kind: 'forbids'; rule: 'operation' | 'namespace'; value: string; allowed: string[] }
  | {
      kind: 'exceeded';
      limit: LimitName;
      unit: Unit;
      max: bigint;
      /** What is left of it now (never below zero). */
      remaining: bigint;
      /** When enough of the window has rolled off for this spend to fit; null: it never fits. */
      refillsAt: Date | null;
    };

export const namespaceOf = (name: string): string => name.slice(name.indexOf('.') + 1);

const units: { unit: Unit; of: (a: Amount) => bigint | null; value: (s: SpendValue) => bigint }[] = [
  { unit: 'usd', of: (a) => a.usdMicros, value: (s) => s.usdMicros },
  { unit: 'gems', of: (a) => a.gems, value: (s) => s.gems },
];

/** What the window holds now: the spends after `now - window`, oldest first. */
function inWindow(counted: CountedSpend[], window: BudgetWindow, now: Date): CountedSpend[] {
  const from = now.getTime() - windows[window];
  return counted.filter((c) => c.at.getTime() > from).sort((a, b) => a.at.getTime() - b.at.getTime());
}

/**
 * When `need` fits under `max` again: the moment the oldest spends, rolling off one after another,
 * have freed enough. Null when it never fits (`need` alone is above `max`).
 */
function refillFor(
  rows: CountedSpend[],
  value: (s: SpendValue) => bigint,
  used: bigint,
  need: bigint,
  max: bigint,
  window: BudgetWindow,
) {
  if (need > max) return null;
  let left = used;
  for (const r of rows) {
    left -= value(r);
    if (left + need <= max) return new Date(r.at.getTime() + windows[window]);
  }
  return null;
}

/** The verdict of a mandate on one spend, given what its windows already count. */
export function judgeSpend(
  rules: MandateRules,
  spend: SpendRequest,
  counted: CountedSpend[],
  now: Date,
): MandateVerdict {
  if (rules.allowedOperations && !rules.allowedOperations.includes(spend.operation))
    return { kind: 'forbids', rule: 'operation', value: spend.operation, allowed: rules.allowedOperations };
  const ns = namespaceOf(spend.name);
  if (rules.allowedNamespaces && !rules.allowedNamespaces.includes(ns))
    return { kind: 'forbids', rule: 'namespace', value: ns, allowed: rules.allowedNamespaces };
  for (const u of units) {
    const max = u.of(rules.perOperation);
    const need = u.value(spend);
    if (max !== null && need > max)
      return { kind: 'exceeded', limit: 'per_operation', unit: u.unit, max, remaining: max, refillsAt: null };
  }
  for (const window of ['per_day', 'per_30_days'] as const) {
    const rows = inWindow(counted, window, now);
    const amount = window === 'per_day' ? rules.perDay : rules.per30Days;
    for (const u of units) {
      const max = u.of(amount);
      if (max === null) continue;
      const used = rows.reduce((sum, r) => sum + u.value(r), 0n);
      const need = u.value(spend);
      if (used + need > max) {
        const remaining = max > used ? max - used : 0n;
        const refillsAt = refillFor(rows, u.value, used, need, max, window);
        return { kind: 'exceeded', limit: window, unit: u.unit, max, remaining, refillsAt };
      }
    }
  }
  for (const u of units) {
    const threshold = u.of(rules.approvalAbove);
    if (threshold !== null && u.value(spend) > threshold) return { kind: 'requires_approval', unit: u.unit, threshold };
  }
  return { kind: 'allow' };
}

/** What is left of one window now, per unit set, and when its oldest counted spend rolls off. */
export function remainingIn(rules: MandateRules, counted: CountedSpend[], window: BudgetWindow, now: Date) {
  const rows = inWindow(counted, window, now);
  const amount = window === 'per_day' ? rules.perDay : rules.per30Days;
  const left = (u: (typeof units)[number]) => {
    const max = u.of(amount);
    if (max === null) return null;
    const used = rows.reduce((sum, r) => sum + u.value(r), 0n);
    return max > used ? max - used : 0n;
  };
  const [usd, gems] = units.map(left) as [bigint | null, bigint | null];
  const oldest = rows[0];
  return {
    usdMicros: usd,
    gems,
    refillsAt: oldest ? new Date(oldest.at.getTime() + windows[window]) : null,
  };
}
