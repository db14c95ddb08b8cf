import type { CheckoutTerms, SpendTerms } from '../../workflows/checkout-messages.ts';
import type { Orm } from '../db/orm.ts';
import { SpendMandate } from '../db/entities/index.ts';
import type { MandateOperation } from '../domain/mandates.ts';
import { checkoutSpend } from './checkout-spend.ts';
import type { MandateVerdict, SpendRequest } from './limits.ts';
import { mandateRefusal } from './refusal.ts';
import { reserveSpend, toSpendTerms } from './spends.ts';

/**
 * The seam of the approval flow: a verdict of `requires_approval` reserved the spend like `allow`; today
 * the checkout goes on, and the approval flow makes the checkout's run wait for the person here.
 */
export type ReservedVerdict = Extract<MandateVerdict, { kind: 'allow' | 'requires_approval' }>;

/** A spend reserved for a checkout, with the terms its run's input carries (`input.spend`) so that activation spends exactly it. */
export type ReservedSpend = SpendRequest & { verdict: ReservedVerdict; terms: SpendTerms };

/**
 * Reserves a checkout's spend against its actor's mandate in its own transaction, before any challenge
 * or gems move. A refusal is thrown as 403 `mandate_exceeded` / `mandate_forbids`. Null: nothing to
 * count (anonymous). The input is only read: the caller puts `terms` into the run's input.
 */
export async function reserveCheckoutSpend(
  orm: Orm,
  operation: MandateOperation,
  input: CheckoutTerms,
  gemUsdRate: string,
): Promise<ReservedSpend | null> {
  const spend = checkoutSpend(operation, input, gemUsdRate);
  if (!spend) return null;
  // Most actors have no mandate: one plain read says so, without the locking transaction. A mandate set
  // right after it is still applied, at activation (settleSpend judges a spend it finds unreserved).
  const held = (await orm.em.fork().count(SpendMandate, { accountId: spend.accountId })) > 0;
  const verdict = held
    ? await orm.em.fork().transactional((tx) => reserveSpend(tx, spend))
    : ({ kind: 'allow' } as const);
  const refusal = mandateRefusal(verdict);
  if (refusal) throw refusal.toAppError();
  const terms = { ...toSpendTerms(spend), ...(held ? {} : { reserved: false }) };
  return { ...spend, verdict: verdict as ReservedVerdict, terms };
}
