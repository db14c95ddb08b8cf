import { AppError } from './errors.ts';
import { checkListingTerms, minorToUsd, usdToMinor, type ListingTerms } from './market.ts';

// A listing as the API shows it (docs/market.md "Listings"): prices in gems and in USD numbers (pathUSD,
// at most two decimals), the seller's floor for offers, and spec 2.4's `for_sale` block of lookup and
// agent.json. Pure: the owner's input becomes ListingTerms here, and rows become views here.

/** Spec 2.4: the listing currency marker every `for_sale` block carries. */
export const LISTING_CURRENCY = 'pathUSD' as const;

/** A price or a floor as the owner sends it: whole gems and a USD number, either may be null. */
export interface PriceInput {
  gems?: number | null | undefined;
  usd?: number | null | undefined;
}

/** A price or a floor as the API shows it. */
export interface PriceView {
  gems: number | null;
  usd: number | null;
}

/**
 * The owner's input as checked terms: USD becomes exact 6-decimal minor units (at most two decimals),
 * then every rule of checkListingTerms applies. Any problem is one 400 `invalid_listing`.
 */
export function listingTermsOf(price: PriceInput, minOffer: PriceInput | null | undefined): ListingTerms {
  const usd = (v: number | null | undefined, field: string): bigint | null => {
    if (v == null) return null;
    try {
      return usdToMinor(v, field);
    } catch (err) {
      if (err instanceof AppError) throw new AppError('invalid_listing', err.message);
      throw err;
    }
  };
  const terms: ListingTerms = {
    priceGems: price.gems ?? null,
    priceUsdMinor: usd(price.usd, 'price.usd'),
    minOfferGems: minOffer?.gems ?? null,
    minOfferUsdMinor: usd(minOffer?.usd, 'min_offer.usd'),
  };
  checkListingTerms(terms);
  return terms;
}

const usdOf = (minor: bigint | null) => (minor === null ? null : minorToUsd(minor));

export const priceView = (t: ListingTerms): PriceView => ({ gems: t.priceGems, usd: usdOf(t.priceUsdMinor) });

/** The floor, or null when the seller set none. */
export const minOfferView = (t: ListingTerms): PriceView | null =>
  t.minOfferGems === null && t.minOfferUsdMinor === null
    ? null
    : { gems: t.minOfferGems, usd: usdOf(t.minOfferUsdMinor) };

/** A listing's terms as every list of listings shows them: price, currency, floor, when listed. */
export const listingView = (t: ListingTerms & { listedAt: Date }) => ({
  price: priceView(t),
  currency: LISTING_CURRENCY,
  min_offer: minOfferView(t),
  listed_at: t.listedAt.toISOString(),
});

/**
 * Spec 2.4's blocks of lookup and agent.json: `for_sale` and `min_offer` while the name is listed and
 * active (a name in its grace period cannot be bought, so its listing is not shown), else both null.
 */
export function forSaleBlocks(status: string, listing: ListingTerms | null) {
  if (!listing || status !== 'active') return { for_sale: null, min_offer: null };
  return {
    for_sale: { ...priceView(listing), currency: LISTING_CURRENCY },
    min_offer: minOfferView(listing),
  };
}

/** The for-sale list's currency filter: names with a price in gems, or with a price in USD. */
export const forSaleCurrencies = ['gems', 'usd'] as const;
export type ForSaleCurrency = (typeof forSaleCurrencies)[number];
