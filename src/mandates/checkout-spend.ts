import type { CheckoutTerms } from '../../workflows/checkout-messages.ts';
import type { MandateOperation } from '../db/entities/mandate.ts';
import type { SpendRequest } from './limits.ts';
import { checkoutSpendKey, valueOf } from './spends.ts';

/** Which mandate operation a paid operation's checkout is (an accepted pathUSD offer pays as a purchase). */
function operationOf(operation: string, input: CheckoutTerms & { offerId?: string }): MandateOperation | null {
  if (operation === 'registration') return 'register';
  if (operation === 'renewal') return 'renew';
  if (operation === 'purchase') return input.offerId ? 'offer' : 'buy';
  return null;
}

/**
 * What a checkout counts against its actor's mandate: its price in gems and in USD (what the challenge
 * asks on chain, or the gems at the fixed rate). Null for an anonymous payer: only accounts have mandates.
 */
export function checkoutSpend(
  operation: string,
  input: CheckoutTerms & { offerId?: string },
  gemUsdRate: string,
): SpendRequest | null {
  const op = operationOf(operation, input);
  if (!input.actorAccountId || !op) return null;
  const paidInGems = input.method === 'gems';
  return {
    key: checkoutSpendKey(input.sessionId),
    accountId: input.actorAccountId,
    operation: op,
    name: input.name,
    ...valueOf({ gems: input.priceGems, usdMicros: paidInGems ? null : BigInt(input.amountMinor) }, gemUsdRate),
  };
}
