import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { marketLists } from '../../db/market-lists.ts';
import { LISTING_CURRENCY, minOfferView, priceView } from '../../domain/listing.ts';
import { minorToUsd } from '../../domain/market.ts';
import { clientErrors } from '../schemas/common.ts';
import { forSaleQuery, forSaleResponse, soldQuery, soldResponse } from '../schemas/listings.ts';
import { declareRoute, PUBLIC } from './declaration.ts';

// The market's public lists (docs/market.md "Listings"): names for sale and completed sales, newest
// first, paged like every list (limit 50 by default, at most 100). No account ids are shown.

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

export const marketListRoutes: FastifyPluginAsyncZod = async (app) => {
  const { orm } = app.deps;

  app.route({
    ...listForSaleRoute,
    schema: {
      tags: ['market'],
      summary: 'Names listed for sale, newest listing first',
      querystring: forSaleQuery,
      response: { 200: forSaleResponse, ...clientErrors },
    },
    handler: async (req) => {
      const { currency, limit, offset } = req.query;
      const page = await marketLists(orm.em.fork()).forSale(currency, { limit, offset });
      const data = page.rows.map((e) => ({
        domain: e.name,
        namespace: e.namespace,
        price: priceView(e),
        currency: LISTING_CURRENCY,
        min_offer: minOfferView(e),
        listed_at: e.listedAt.toISOString(),
        expiry_date: e.expiryDate.toISOString(),
      }));
      return { status: 'success' as const, data, limit, offset, total: page.total };
    },
  });

  app.route({
    ...listSoldRoute,
    schema: {
      tags: ['market'],
      summary: 'Completed secondary sales, newest first',
      querystring: soldQuery,
      response: { 200: soldResponse, ...clientErrors },
    },
    handler: async (req) => {
      const { limit, offset } = req.query;
      const page = await marketLists(orm.em.fork()).sold({ limit, offset });
      const data = page.rows.map((s) => ({
        sale_id: s.saleId,
        domain: s.domainName,
        currency: s.currency,
        price: s.currency === 'gems' ? Number(s.price) : minorToUsd(s.price),
        source: s.source === 'offer' ? ('offer' as const) : ('listing' as const),
        sold_at: s.soldAt.toISOString(),
      }));
      return { status: 'success' as const, data, limit, offset, total: page.total };
    },
  });
};
