import { describe, expect, it } from '@jest/globals';
import { AppError } from '../../src/domain/errors.ts';
import { forSaleBlocks, listingTermsOf, minOfferView, priceView } from '../../src/domain/listing.ts';

const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (err) {
    return err instanceof AppError ? [err.code, err.message] : err;
  }
  return null;
};

describe('listing terms and views', () => {
  it('turns USD numbers into exact minor units and back', () => {
    const terms = listingTermsOf({ gems: 5000, usd: 250.5 }, { usd: 0.07 });
    expect(terms).toEqual({
      priceGems: 5000,
      priceUsdMinor: 250_500_000n,
      minOfferGems: null,
      minOfferUsdMinor: 70_000n,
    });
    expect(priceView(terms)).toEqual({ gems: 5000, usd: 250.5 });
    expect(minOfferView(terms)).toEqual({ gems: null, usd: 0.07 });
    expect(minOfferView(listingTermsOf({ gems: 1 }, { gems: null, usd: null }))).toBeNull();
  });

  it('refuses every bad amount as invalid_listing, naming the field', () => {
    expect(refusal(() => listingTermsOf({ usd: 1.005 }, null))).toEqual([
      'invalid_listing',
      expect.stringMatching(/^price\.usd/),
    ]);
    expect(refusal(() => listingTermsOf({ gems: 10 }, { usd: -2 }))).toEqual([
      'invalid_listing',
      expect.stringMatching(/^min_offer\.usd/),
    ]);
    expect(refusal(() => listingTermsOf({}, null))).toEqual(['invalid_listing', expect.any(String)]);
    expect(refusal(() => listingTermsOf({ gems: 2.5 }, null))).toEqual(['invalid_listing', expect.any(String)]);
  });

  it('shows for_sale and min_offer only for a listed, active name', () => {
    const terms = listingTermsOf({ gems: 10, usd: 1 }, { gems: 5 });
    expect(forSaleBlocks('active', terms)).toEqual({
      for_sale: { gems: 10, usd: 1, currency: 'pathUSD' },
      min_offer: { gems: 5, usd: null },
    });
    expect(forSaleBlocks('grace', terms)).toEqual({ for_sale: null, min_offer: null });
    expect(forSaleBlocks('active', null)).toEqual({ for_sale: null, min_offer: null });
  });
});
