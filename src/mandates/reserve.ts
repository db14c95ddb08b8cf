import type { CheckoutTerms } from '../../workflows/checkout-messages.ts';
import type { Orm } from '../db/orm.ts';
import { SpendMandate } from '../db/entities/index.ts';
import { checkoutSpend } from './checkout-spend.ts';
import type { MandateVerdict, SpendRequest } from './limits.ts';
import { mandateRefusal } from './refusal.ts';
import { reserveSpend, toSpendTerms } from './spends.ts';

/**
 * The seam of the approval flow: a verdict of `requires_approval` reserved the spend like `allow`; today
 * the checkout goes on, and the approval flow makes the checkout's run wait for the person here.
 */
export type ReservedVerdict = Extract<MandateVerdict, { kind: 'allow' | 'requires_approval' }>;

/**
 * Reserves a checkout's spend against its actor's mandate in its own transaction, before any challenge
 * or gems move, and writes it into the input (`input.spend`) so that activation spends exactly it.
 * A refusal is thrown as 403 `mandate_exceeded` / `mandate_forbids`. Null: nothing to count (anonymous).
 */
export async function reserveCheckoutSpend(
  orm: Orm,
  operation: string,
  input: CheckoutTerms,
  gemUsdRate: string,
): Promise<(SpendRequest & { verdict: ReservedVerdict }) | null> {
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
  input.spend = { ...toSpendTerms(spend), ...(held ? {} : { reserved: false }) };
  return { ...spend, verdict: verdict as ReservedVerdict };
}
