import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LISTING_CURRENCY, listingTermsOf, minOfferView, priceView } from '../../domain/listing.ts';
import { setListing, withdrawListing } from '../../market/listings.ts';
import { parseFullName } from '../domain-name-param.ts';
import { clientErrors, errorBodySchema } from '../schemas/common.ts';
import { domainNameParams } from '../schemas/discovery.ts';
import { listingBody, listingResponse, withdrawResponse } from '../schemas/listings.ts';

// An owner's listing of a name (docs/market.md "Listings"). The terms are checked before anything is
// read, so bad input is a 400 that changes nothing; the rest is one transaction in src/market/listings.ts.

const errors = { ...clientErrors, 401: errorBodySchema, 403: errorBodySchema };

export const listingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { orm, namespaces } = app.deps;
  const nameOf = (raw: string) => parseFullName(namespaces, raw).name;

  app.put(
    '/api/v1/domains/:domain_name/listing',
    {
      schema: {
        tags: ['market'],
        summary: 'List a domain you own for sale, or replace its listing',
        params: domainNameParams,
        body: listingBody,
        response: { 200: listingResponse, ...errors, 409: errorBodySchema },
      },
    },
    async (req) => {
      const terms = listingTermsOf(req.body.price, req.body.min_offer);
      const l = await setListing(orm.em.fork(), req.principal!, nameOf(req.params.domain_name), terms);
      return {
        status: 'success' as const,
        listing: {
          domain: l.domainName,
          price: priceView(l),
          currency: LISTING_CURRENCY,
          min_offer: minOfferView(l),
          listed_at: l.listedAt.toISOString(),
          updated_at: l.updatedAt.toISOString(),
        },
      };
    },
  );

  app.delete(
    '/api/v1/domains/:domain_name/listing',
    {
      schema: {
        tags: ['market'],
        summary: 'Withdraw the listing of a domain you own',
        params: domainNameParams,
        response: { 200: withdrawResponse, ...errors },
      },
    },
    async (req) => {
      const name = await withdrawListing(orm.em.fork(), req.principal!, nameOf(req.params.domain_name));
      return { status: 'success' as const, message: `${name} is no longer for sale.` };
    },
  );
};
