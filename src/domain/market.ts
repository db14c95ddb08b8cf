import { AppError } from './errors.ts';
import { formatUsd } from './money.ts';

// The secondary market's rules (docs/market.md "Market"), pure: currencies, the fee split, listing and offer
// amounts, paging. Amounts are integers: whole gems, or pathUSD in 6-decimal minor units.

export const marketCurrencies = ['gems', 'pathusd'] as const;
export type MarketCurrency = (typeof marketCurrencies)[number];

/** An offer is pending until the owner accepts or rejects it, the bidder withdraws it, or its time runs out. */
export const offerStatuses = ['pending', 'accepted', 'rejected', 'withdrawn', 'expired'] as const;
export type OfferStatus = (typeof offerStatuses)[number];

/** Spec 8: every list defaults to 50; we cap a page at 100. */
export const MARKET_PAGE_DEFAULT = 50;
export const MARKET_PAGE_MAX = 100;

/** The largest price or offer accepted: 10 million gems, or 10 million USD. */
export const MAX_GEMS = 10_000_000;
export const MAX_USD_MINOR = 10_000_000n * 1_000_000n;

export interface SaleSplit {
  seller: bigint;
  referrer: bigint;
  platform: bigint;
}

/**
 * Spec 8: a sale pays 90% to the seller, 5% to a referrer and 5% to the platform; with no referrer the
 * platform keeps 10%. Integer shares, rounded down for the seller and the referrer; the platform takes
 * the remainder, so the three always add up to the price exactly.
 */
export function splitSale(price: bigint, hasReferrer: boolean): SaleSplit {
  if (price < 0n) throw new RangeError('a sale price is never negative');
  const seller = (price * 90n) / 100n;
  const referrer = hasReferrer ? (price * 5n) / 100n : 0n;
  return { seller, referrer, platform: price - seller - referrer };
}

/** A listing's asking prices and floor, as the owner sets them. */
export interface ListingTerms {
  priceGems: number | null;
  priceUsdMinor: bigint | null;
  minOfferGems: number | null;
  minOfferUsdMinor: bigint | null;
}

/** At least one asking price; every amount positive and within bounds; a floor never above its price. */
export function checkListingTerms(t: ListingTerms): void {
  if (t.priceGems === null && t.priceUsdMinor === null)
    throw new AppError('invalid_listing', 'A listing needs an asking price in gems, in USD, or both.');
  const gems = (v: number | null, what: string) => {
    if (v !== null && (!Number.isSafeInteger(v) || v < 1 || v > MAX_GEMS))
      throw new AppError('invalid_listing', `${what} must be a whole number of gems from 1 to ${MAX_GEMS}.`);
  };
  const usd = (v: bigint | null, what: string) => {
    if (v !== null && (v < 10_000n || v > MAX_USD_MINOR))
      throw new AppError('invalid_listing', `${what} must be from 0.01 to ${formatUsd(MAX_USD_MINOR)} USD.`);
  };
  gems(t.priceGems, 'price.gems');
  gems(t.minOfferGems, 'min_offer.gems');
  usd(t.priceUsdMinor, 'price.usd');
  usd(t.minOfferUsdMinor, 'min_offer.usd');
  if (t.priceGems !== null && t.minOfferGems !== null && t.minOfferGems > t.priceGems)
    throw new AppError('invalid_listing', 'min_offer.gems is above the asking price in gems.');
  if (t.priceUsdMinor !== null && t.minOfferUsdMinor !== null && t.minOfferUsdMinor > t.priceUsdMinor)
    throw new AppError('invalid_listing', 'min_offer.usd is above the asking price in USD.');
}

/** "12.50" USD as 6-decimal minor units, exactly (at most 2 decimals: cents), or an invalid_amount error. */
export function usdToMinor(value: number | string, field: string): bigint {
  const s = typeof value === 'number' ? String(value) : value;
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(s))
    throw new AppError('invalid_amount', `${field} must be a USD amount with at most two decimals, e.g. 12.50.`);
  const [whole = '0', cents = ''] = s.split('.');
  return BigInt(whole) * 1_000_000n + BigInt((cents + '00').slice(0, 2)) * 10_000n;
}

/** Minor units as the decimal USD number the API shows (12.5 for 12_500_000). */
export const minorToUsd = (minor: bigint): number => Number(formatUsd(minor));

/**
 * Spec 7's floor refusal: 400 `offer_below_minimum` with `minimum` (number) and `currency` at the top
 * level of the error body, exactly as the specification shows it.
 */
export function offerBelowMinimum(minimum: number, currency: MarketCurrency): AppError {
  return new AppError(
    'offer_below_minimum',
    `The seller accepts offers of at least ${minimum} ${currency === 'gems' ? 'gems' : 'USD'} on this name.`,
    undefined,
    undefined,
    { minimum, currency },
  );
}
