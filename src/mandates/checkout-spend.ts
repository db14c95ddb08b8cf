import type { CheckoutTerms } from '../../workflows/checkout-messages.ts';
import type { MandateOperation } from '../domain/mandates.ts';
import type { SpendRequest } from './limits.ts';
import { checkoutSpendKey, valueOf } from './spends.ts';

/**
 * What a checkout counts against its actor's mandate: its price in gems and in USD (what the challenge
 * asks on chain, or the gems at the fixed rate), as the operation's contract names it
 * (`mandateOperation`: every paid operation has one). Null for an anonymous payer: only accounts have
 * mandates.
 */
export function checkoutSpend(
  operation: MandateOperation,
  input: CheckoutTerms,
  gemUsdRate: string,
): SpendRequest | null {
  if (!input.actorAccountId) return null;
  const paidInGems = input.method === 'gems';
  return {
    key: checkoutSpendKey(input.sessionId),
    accountId: input.actorAccountId,
    operation,
    name: input.name,
    ...valueOf({ gems: input.priceGems, usdMicros: paidInGems ? null : BigInt(input.amountMinor) }, gemUsdRate),
  };
}
