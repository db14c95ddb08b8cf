import type { OfferInput } from '../../workflows/offer-messages.ts';
import { valueOf, toSpendTerms, type SpendTerms } from './spends.ts';

/** The key of an offer's spend: its escrow (gems) is reserved under it until sold or ended. */
export const offerSpendKey = (offerId: string) => `offer:${offerId}`;

/** An offer valued for the bidder's mandate: whole gems, or pathUSD minor units (micro-dollars). */
export function offerSpend(input: OfferInput, gemUsdRate: string): SpendTerms {
  const amount = BigInt(input.amount);
  const gems = input.currency === 'gems';
  const usdMicros = gems ? null : amount;
  // A pathUSD offer in gems, rounded up to whole gems, as a refused payment would be credited.
  const perGem = valueOf({ gems: 1, usdMicros: null }, gemUsdRate).usdMicros;
  const gemsValue = gems ? amount : perGem > 0n ? (amount + perGem - 1n) / perGem : 0n;
  return toSpendTerms({
    key: offerSpendKey(input.offerId),
    accountId: input.bidderId,
    operation: 'offer',
    name: input.domainName,
    ...valueOf({ gems: gemsValue, usdMicros }, gemUsdRate),
  });
}
