import { z } from 'zod';
import { forSaleCurrencies, LISTING_CURRENCY } from '../../../domain/listing.ts';
import { MARKET_PAGE_DEFAULT, MARKET_PAGE_MAX, MAX_GEMS, marketCurrencies } from '../../../domain/market.ts';
import { isoTimestamp } from '../../schemas/common.ts';
import { queryInteger } from '../../schemas/query-integer.ts';
import { example, EXAMPLE, examplePage } from '../../schemas/examples.ts';

// The market's listings (docs/market.md "Listings"): the owner's listing body and answer, spec 2.4's
// `for_sale` block of lookup and agent.json, and the public for-sale and sold lists. Amounts: whole
// gems, and USD numbers with at most two decimals (pathUSD, stored in 6-decimal minor units).

const amounts = (what: string) =>
  z.strictObject({
    gems: z.number().int().nullable().optional().describe(`${what} in whole gems (1 to ${MAX_GEMS}); null: none`),
    usd: z
      .number()
      .nullable()
      .optional()
      .describe(`${what} in USD, at most two decimals (0.01 to 10000000); null: none`),
  });

export const listingBody = example(
  z.strictObject({
    price: amounts('Asking price').describe('At least one of gems and usd'),
    min_offer: amounts('Lowest offer accepted')
      .nullable()
      .optional()
      .describe('The floor for offers, never above the asking price; absent or null: no floor'),
  }),
  { price: { gems: 5000, usd: 250 }, min_offer: { gems: 4000, usd: 200 } },
);

export const priceView = z.object({ gems: z.number().int().nullable(), usd: z.number().nullable() });

/** Spec 2.4: lookup and agent.json while the name is listed (and active); null otherwise. */
export const forSaleBlock = z
  .object({
    gems: z.number().int().nullable(),
    usd: z.number().nullable(),
    currency: z.literal(LISTING_CURRENCY).describe('The listing currency marker'),
  })
  .nullable()
  .describe('The asking price while the name is listed; null when it is not for sale');

export const minOfferBlock = priceView
  .nullable()
  .describe("The seller's floor for offers (spec 2.11); null when not listed or no floor");

export const listingResponse = example(
  z.object({
    status: z.literal('success'),
    listing: z.object({
      domain: z.string(),
      price: priceView,
      currency: z.literal(LISTING_CURRENCY),
      min_offer: minOfferBlock,
      listed_at: isoTimestamp.describe('When the current owner listed the name (kept when the listing is replaced)'),
      updated_at: isoTimestamp,
    }),
  }),
  {
    status: 'success',
    listing: {
      domain: EXAMPLE.name,
      price: { gems: 5000, usd: 250 },
      currency: LISTING_CURRENCY,
      min_offer: { gems: 4000, usd: 200 },
      listed_at: EXAMPLE.at,
      updated_at: EXAMPLE.at,
    },
  },
);

export const withdrawResponse = example(z.object({ status: z.literal('success'), message: z.string() }), {
  status: 'success',
  message: `${EXAMPLE.name} is no longer for sale.`,
});

export const page = {
  limit: queryInteger(z.coerce.number().int().min(1).max(MARKET_PAGE_MAX).default(MARKET_PAGE_DEFAULT)).describe(
    `Items per page (1 to ${MARKET_PAGE_MAX})`,
  ),
  offset: queryInteger(z.coerce.number().int().min(0).default(0)).describe('Items to skip'),
};
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    status: z.literal('success'),
    data: z.array(item),
    limit: z.number().int(),
    offset: z.number().int(),
    total: z.number().int().describe('Items in the whole list'),
  });

export const forSaleQuery = z.object({
  currency: z
    .enum(forSaleCurrencies)
    .optional()
    .describe('gems: only names with a price in gems; usd: only names with a price in USD; absent: all'),
  ...page,
});

export const forSaleResponse = examplePage(
  pageOf(
    z.object({
      domain: z.string(),
      namespace: z.string(),
      price: priceView,
      currency: z.literal(LISTING_CURRENCY),
      min_offer: minOfferBlock,
      listed_at: isoTimestamp,
      expiry_date: isoTimestamp,
    }),
  ),
  [
    {
      domain: EXAMPLE.name,
      namespace: 'agent',
      price: { gems: 5000, usd: 250 },
      currency: LISTING_CURRENCY,
      min_offer: { gems: 4000, usd: null },
      listed_at: EXAMPLE.at,
      expiry_date: EXAMPLE.expiry,
    },
  ],
  MARKET_PAGE_DEFAULT,
);

export const soldQuery = z.object(page);

export const soldResponse = examplePage(
  pageOf(
    z.object({
      sale_id: z.number().int(),
      domain: z.string(),
      currency: z.enum(marketCurrencies),
      price: z.number().describe('Whole gems, or USD (pathUSD) with at most two decimals'),
      source: z.enum(['listing', 'offer']).describe('Bought at the asking price, or an accepted offer'),
      sold_at: isoTimestamp,
    }),
  ),
  [
    { sale_id: 42, domain: EXAMPLE.name, currency: 'pathusd', price: 250, source: 'listing', sold_at: EXAMPLE.at },
    { sale_id: 41, domain: 'atlas.agent', currency: 'gems', price: 4200, source: 'offer', sold_at: EXAMPLE.at },
  ],
  MARKET_PAGE_DEFAULT,
);

export const ownListingsQuery = z.object(page);

export const ownListingsResponse = examplePage(
  pageOf(
    z.object({
      domain: z.string(),
      seller_id: z.string().describe('You, or an agent you claimed'),
      price: priceView,
      currency: z.literal(LISTING_CURRENCY),
      min_offer: minOfferBlock,
      listed_at: isoTimestamp,
      updated_at: isoTimestamp,
    }),
  ),
  [
    {
      domain: EXAMPLE.name,
      seller_id: EXAMPLE.accountId,
      price: { gems: 5000, usd: 250 },
      currency: LISTING_CURRENCY,
      min_offer: null,
      listed_at: EXAMPLE.at,
      updated_at: EXAMPLE.at,
    },
  ],
  MARKET_PAGE_DEFAULT,
);

export const ownSalesQuery = z.object(page);

const share = (what: string) => z.number().describe(`${what}, in the sale’s currency (whole gems, or USD)`);

export const ownSalesResponse = examplePage(
  pageOf(
    z.object({
      sale_id: z.number().int(),
      domain: z.string(),
      seller_id: z.string().describe('You, or an agent you claimed'),
      currency: z.enum(marketCurrencies),
      price: z.number().describe('Whole gems, or USD (pathUSD) with at most two decimals'),
      seller_amount: share('The seller’s 90%'),
      referrer_amount: share('The referrer’s 5% (0 without a referrer)'),
      platform_amount: share('The platform’s 5% (10% without a referrer)'),
      source: z.enum(['listing', 'offer']).describe('Bought at the asking price, or an accepted offer'),
      payout: z
        .object({
          status: z
            .enum(['pending', 'held', 'paid'])
            .describe('pending: being paid on chain; held: no payout address, kept as a balance; paid'),
          address: z.string().nullable().describe('Where it is (or will be) paid; null while held'),
          tx_hash: z.string().nullable().describe('The payout transaction once mined; null before'),
        })
        .nullable()
        .describe('The pathUSD proceeds’ way out to the chain; null for a gems sale (paid into your balance at once)'),
      sold_at: isoTimestamp,
    }),
  ),
  [
    {
      sale_id: 42,
      domain: EXAMPLE.name,
      seller_id: EXAMPLE.accountId,
      currency: 'pathusd',
      price: 250,
      seller_amount: 225,
      referrer_amount: 12.5,
      platform_amount: 12.5,
      source: 'listing',
      payout: { status: 'paid', address: '0x8ba1f109551bd432803012645ac136ddd64dba72', tx_hash: EXAMPLE.txHash },
      sold_at: EXAMPLE.at,
    },
  ],
  MARKET_PAGE_DEFAULT,
);
