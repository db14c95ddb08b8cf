import type { EntityManager } from '@mikro-orm/postgresql';
import type { AccountPrincipal } from '../auth/principal.ts';
import { accountRepository } from '../db/account-repository.ts';
import { mandateRepository } from '../db/mandate-repository.ts';
import type { MandateOperation, MandateRecord } from '../domain/mandates.ts';
import { AppError } from '../domain/errors.ts';
import { formatUsd } from '../domain/money.ts';
import { remainingIn, type Amount, type MandateRules } from './limits.ts';
import { countedSpends, limitsOf, rulesOf } from './spends.ts';

/** A mandate as a person writes it: USD as a decimal string (cents), gems as whole numbers. */
export interface AmountInput {
  usd?: string | null | undefined;
  gems?: number | null | undefined;
}
export interface MandateInput {
  per_operation?: AmountInput | undefined;
  per_day?: AmountInput | undefined;
  per_30_days?: AmountInput | undefined;
  approval_above?: AmountInput | undefined;
  allowed_operations?: MandateOperation[] | null | undefined;
  allowed_namespaces?: string[] | null | undefined;
}

const usdMicros = (usd: string | null | undefined): bigint | null => {
  if (usd === null || usd === undefined) return null;
  const [whole = '0', cents = ''] = usd.split('.');
  return BigInt(whole) * 1_000_000n + BigInt((cents + '00').slice(0, 2)) * 10_000n;
};
const amountIn = (a: AmountInput | undefined): Amount => ({
  usdMicros: usdMicros(a?.usd),
  gems: a?.gems === null || a?.gems === undefined ? null : BigInt(a.gems),
});
const amountOut = (a: Amount) => ({
  usd: a.usdMicros === null ? null : formatUsd(a.usdMicros),
  gems: a.gems === null ? null : Number(a.gems),
});

/** The mandate as the API shows it (and as the change history records it before and after). */
export function mandateView(m: MandateRecord) {
  const r = rulesOf(m);
  return {
    agent_id: m.accountId,
    per_operation: amountOut(r.perOperation),
    per_day: amountOut(r.perDay),
    per_30_days: amountOut(r.per30Days),
    approval_above: amountOut(r.approvalAbove),
    allowed_operations: r.allowedOperations,
    allowed_namespaces: r.allowedNamespaces,
    updated_by: m.updatedBy,
    updated_at: m.updatedAt.toISOString(),
  };
}
export type MandateView = ReturnType<typeof mandateView>;

/** What is left of each rolling budget now, and when its oldest counted spend rolls off. */
async function remainingOf(em: EntityManager, accountId: string, rules: MandateRules) {
  const now = new Date();
  const counted = await countedSpends(em, accountId, now);
  const window = (w: 'per_day' | 'per_30_days') => {
    const r = remainingIn(rules, counted, w, now);
    return {
      ...amountOut({ usdMicros: r.usdMicros, gems: r.gems }),
      refills_at: r.refillsAt?.toISOString() ?? null,
    };
  };
  return { per_day: window('per_day'), per_30_days: window('per_30_days') };
}

/** An agent's mandate with what remains of its budgets; null: no mandate (nothing is limited). */
export async function mandateStanding(em: EntityManager, accountId: string) {
  const m = await mandateRepository(em).find(accountId);
  if (!m) return null;
  return { ...mandateView(m), remaining: await remainingOf(em, accountId, rulesOf(m)) };
}

/**
 * Who may see or change an agent's mandate: the person who claimed it manages it (reads and writes);
 * the agent itself reads it but never changes it (403); anyone else learns nothing (404, as for an
 * agent that does not exist).
 */
async function agentFor(em: EntityManager, principal: AccountPrincipal, agentId: string, write: boolean) {
  const agent = await accountRepository(em).managerOf(agentId);
  const manages = agent?.managerId === principal.accountId;
  if (agent && agentId === principal.accountId && !manages) {
    if (write)
      throw new AppError('forbidden', 'An agent cannot change its own mandate: the person who manages it sets it.');
    return;
  }
  if (!agent || !manages)
    throw new AppError('account_not_found', 'No agent with that id is managed by you.', { agent_id: agentId });
}

/**
 * `allowed_namespaces` names only namespaces that exist, exactly as the catalog spells them: a name that
 * does not (`AGENT`, a look-alike, markup) would silently forbid every purchase, so it is refused.
 */
function requireKnownNamespaces(given: string[] | null | undefined, known: readonly string[]): void {
  const unknown = (given ?? []).filter((n) => !known.includes(n));
  if (unknown.length === 0) return;
  throw new AppError(
    'unknown_namespace',
    `allowed_namespaces names ${unknown.length === 1 ? 'a namespace' : 'namespaces'} that do not exist: ${unknown.map((n) => JSON.stringify(n)).join(', ')}. Known namespaces (lowercase, without a dot): ${known.join(', ')}.`,
    { namespaces: unknown, known: [...known] },
  );
}

/** `knownNamespaces`: what `allowed_namespaces` may name (the catalog's namespaces). */
export function mandateService(em: EntityManager, knownNamespaces: readonly string[]) {
  return {
    async get(principal: AccountPrincipal, agentId: string) {
      await agentFor(em, principal, agentId, false);
      const standing = await mandateStanding(em, agentId);
      if (!standing)
        throw new AppError('mandate_not_found', 'This agent has no mandate: nothing it spends is limited.');
      return standing;
    },

    /** Sets the whole mandate (what is absent is not limited), under the mandate's lock: a spend sees before or after. */
    async set(principal: AccountPrincipal, agentId: string, input: MandateInput) {
      await agentFor(em, principal, agentId, true);
      requireKnownNamespaces(input.allowed_namespaces, knownNamespaces);
      await em.transactional(async (tx) => {
        const mandates = mandateRepository(tx);
        const existing = await mandates.lock(agentId);
        const before = existing ? mandateView(existing) : null;
        const limits = limitsOf({
          perOperation: amountIn(input.per_operation),
          perDay: amountIn(input.per_day),
          per30Days: amountIn(input.per_30_days),
          approvalAbove: amountIn(input.approval_above),
          allowedOperations: input.allowed_operations ?? null,
          allowedNamespaces: input.allowed_namespaces ?? null,
        });
        const m = await mandates.save(agentId, limits, principal.accountId);
        mandates.recordChange(agentId, principal.accountId, { before, after: mandateView(m) });
      });
      return this.get(principal, agentId);
    },

    /** Removes the mandate: the agent spends as if it never had one. Recorded in the history. */
    async remove(principal: AccountPrincipal, agentId: string): Promise<void> {
      await agentFor(em, principal, agentId, true);
      await em.transactional(async (tx) => {
        const mandates = mandateRepository(tx);
        const existing = await mandates.lock(agentId);
        if (!existing)
          throw new AppError('mandate_not_found', 'This agent has no mandate: nothing it spends is limited.');
        mandates.recordChange(agentId, principal.accountId, { before: mandateView(existing), after: null });
        await mandates.remove(agentId);
      });
    },

    /** Every change, newest first: who, when, the mandate before and after. */
    async history(principal: AccountPrincipal, agentId: string, page: { limit: number; offset: number }) {
      await agentFor(em, principal, agentId, false);
      return mandateRepository(em).history(agentId, page);
    },
  };
}
