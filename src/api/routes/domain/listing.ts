import { listingTermsOf, listingView } from '../../../domain/listing.ts';
import { setListing, withdrawListing } from '../../../market/listings.ts';
import { parseFullName } from '../../../http/domain-name-param.ts';
import { clientErrors, errorBodySchema } from '../../schemas/common.ts';
import { domainNameParams } from '../../schemas/discovery.ts';
import { listingBody, listingResponse, withdrawResponse } from '../domains/listings.schemas.ts';
import { declareRoute, MANAGEMENT } from '../../../http/declaration.ts';
import { defineOperation } from '../../../http/operations/operation.ts';
import type { Services } from '../../../http/operations/services.ts';
import { operationsPlugin } from '../../../http/operations/route.ts';

const errors = { ...clientErrors, 401: errorBodySchema, 403: errorBodySchema };

// The market (docs/market.md "Market"): listing a name asks what a transfer asks.
export const putListingRoute = declareRoute({
  method: 'PUT',
  url: '/api/v1/domains/:domain_name/listing',
  access: MANAGEMENT,
  area: 'names',
  openapi: {
    operationId: 'putListing',
    description:
      'Lists a domain you own (or manage) for sale, or replaces its listing: `price` in whole gems and/or USD (at most two decimals, paid in pathUSD), and optionally `min_offer`, the floor for offers, never above the price. The seller is the current owner; replacing keeps `listed_at`. Lookup and agent.json show it at once. A transfer, a sale or expiry ends the listing. Owner, claiming operator, or an organization credential with the `transfer` operation.',
    responses: {
      '400':
        '`validation_failed` (the body’s shape) or `invalid_listing` (no price, an amount out of range, more than two decimals, a floor above the price)',
      '409': '`domain_not_listable`: the name is in its grace period, or an open purchase checkout holds it',
    },
  },
});

export const deleteListingRoute = declareRoute({
  method: 'DELETE',
  url: '/api/v1/domains/:domain_name/listing',
  access: MANAGEMENT,
  area: 'names',
  openapi: {
    operationId: 'deleteListing',
    description: 'Withdraws the listing of a domain you own or manage; 404 `not_listed` when it has none.',
  },
});

const nameOf = (services: Services, raw: string) => parseFullName(services.namespaces, raw).name;

export const putListing = defineOperation(
  putListingRoute,
  {
    tags: ['market'],
    summary: 'List a domain you own for sale, or replace its listing',
    params: domainNameParams,
    body: listingBody,
    response: { 200: listingResponse, ...errors, 409: errorBodySchema, 423: errorBodySchema },
  },
  async (call, services) => {
    const { params, body, principal } = call;
    const terms = listingTermsOf(body.price, body.min_offer);
    const l = await setListing(call.db, principal!, nameOf(services, params.domain_name), terms);
    return {
      status: 'success' as const,
      listing: {
        domain: l.domainName,
        ...listingView(l),
        updated_at: l.updatedAt.toISOString(),
      },
    };
  },
);

export const deleteListing = defineOperation(
  deleteListingRoute,
  {
    tags: ['market'],
    summary: 'Withdraw the listing of a domain you own',
    params: domainNameParams,
    response: { 200: withdrawResponse, ...errors },
  },
  async (call, services) => {
    const { params, principal } = call;
    const name = await withdrawListing(call.db, principal!, nameOf(services, params.domain_name));
    return { status: 'success' as const, message: `${name} is no longer for sale.` };
  },
);

export const listingRoutes = operationsPlugin([putListing, deleteListing]);
