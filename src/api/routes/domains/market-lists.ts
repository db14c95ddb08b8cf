import { manageableOwnerIds } from '../../../auth/domain-access.ts';
import { marketLists, type OwnSale } from '../../../db/market-lists.ts';
import { listingView } from '../../../domain/listing.ts';
import { minorToUsd } from '../../../domain/market.ts';
import { accountPrincipal } from '../../../http/auth.ts';
import { clientErrors, errorBodySchema, paged } from '../../schemas/common.ts';
import {
  forSaleQuery,
  forSaleResponse,
  ownSalesQuery,
  ownSalesResponse,
  soldQuery,
  soldResponse,
} from './listings.schemas.ts';
import { declareRoute, ACCOUNT, PUBLIC } from '../../../http/declaration.ts';
import { defineOperation } from '../../../http/operations/operation.ts';
import { operationsPlugin } from '../../../http/operations/route.ts';

// The market's lists (docs/market.md "Listings"): names for sale and completed sales, public, newest
// first, paged like every list (limit 50 by default, at most 100), with no account ids; and a seller's
// own sales with their split and payouts.

export const listForSaleRoute = declareRoute({
  method: 'GET',
  url: '/api/v1/domains/for-sale',
  access: PUBLIC,
  openapi: {
    operationId: 'listForSale',
    description:
      'Names listed for sale (active names only), newest listing first, paged (`limit` 1–100, default 50; `offset`). `currency=gems` keeps the names with a price in gems, `currency=usd` those with a price in USD.',
  },
});

export const listSoldRoute = declareRoute({
  method: 'GET',
  url: '/api/v1/domains/sold',
  access: PUBLIC,
  openapi: {
    operationId: 'listSold',
    description:
      'Completed secondary sales, newest first, paged (`limit` 1–100, default 50; `offset`): the name, the currency, the price (gems, or USD) and whether it was bought at the asking price or by an accepted offer. No account ids.',
  },
});

export const listOwnSalesRoute = declareRoute({
  method: 'GET',
  url: '/api/v1/domains/sales',
  access: ACCOUNT,
  openapi: {
    operationId: 'listOwnSales',
    description:
      'The sales you and the agents you claimed made as sellers (`seller_id` says whose), newest first, paged (`limit` 1–100, default 50; `offset`): the price and its split (seller 90%, referrer 5%, platform 5%, or 10% without a referrer), in whole gems or USD; and for a pathUSD sale its payout: `pending` (being paid on chain to `address`), `held` (no payout address: set one with `PUT /api/v1/agents/me/payout-address`) or `paid` with the transaction hash.',
  },
});

/** The market's amounts as the API shows them: whole gems, or USD for pathUSD. */
const amountOf = (s: OwnSale, v: bigint) => (s.currency === 'gems' ? Number(v) : minorToUsd(v));
const payoutStatuses = ['pending', 'held', 'paid'] as const;
const payoutOf = (s: OwnSale) => {
  const status = payoutStatuses.find((p) => p === s.payoutStatus);
  if (s.currency === 'gems' || !status) return null;
  return {
    status,
    address: status === 'held' ? null : s.payoutAddress,
    tx_hash: status === 'paid' ? s.payoutTxHash : null,
  };
};

export const listForSale = defineOperation(
  listForSaleRoute,
  {
    tags: ['market'],
    summary: 'Names listed for sale, newest listing first',
    querystring: forSaleQuery,
    response: { 200: forSaleResponse, ...clientErrors },
  },
  async (call, services) => {
    const { query } = call;
    const { currency, limit, offset } = query;
    const page = await marketLists(call.db).forSale(currency, { limit, offset });
    return paged(page, { limit, offset }, (e) => ({
      domain: e.name,
      namespace: e.namespace,
      ...listingView(e),
      expiry_date: e.expiryDate.toISOString(),
    }));
  },
);

export const listSold = defineOperation(
  listSoldRoute,
  {
    tags: ['market'],
    summary: 'Completed secondary sales, newest first',
    querystring: soldQuery,
    response: { 200: soldResponse, ...clientErrors },
  },
  async (call, services) => {
    const { query } = call;
    const { limit, offset } = query;
    const page = await marketLists(call.db).sold({ limit, offset });
    return paged(page, { limit, offset }, (s) => ({
      sale_id: s.saleId,
      domain: s.domainName,
      currency: s.currency,
      price: s.currency === 'gems' ? Number(s.price) : minorToUsd(s.price),
      source: s.source === 'offer' ? ('offer' as const) : ('listing' as const),
      sold_at: s.soldAt.toISOString(),
    }));
  },
);

export const listOwnSales = defineOperation(
  listOwnSalesRoute,
  {
    tags: ['market'],
    summary: 'Your sales with their split and payouts, newest first',
    querystring: ownSalesQuery,
    response: { 200: ownSalesResponse, ...clientErrors, 401: errorBodySchema, 403: errorBodySchema },
  },
  async (call, services) => {
    const { limit, offset } = call.query;
    const em = call.db;
    const sellers = await manageableOwnerIds(em, accountPrincipal(call));
    const page = await marketLists(em).salesOf(sellers, { limit, offset });
    return paged(page, { limit, offset }, (s) => ({
      sale_id: s.saleId,
      domain: s.domainName,
      seller_id: s.sellerId,
      currency: s.currency,
      price: amountOf(s, s.price),
      seller_amount: amountOf(s, s.sellerAmount),
      referrer_amount: amountOf(s, s.referrerAmount),
      platform_amount: amountOf(s, s.platformAmount),
      source: s.source === 'offer' ? ('offer' as const) : ('listing' as const),
      payout: payoutOf(s),
      sold_at: s.soldAt.toISOString(),
    }));
  },
);

export const marketListRoutes = operationsPlugin([listForSale, listSold, listOwnSales]);
