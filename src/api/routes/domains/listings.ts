import { listingView } from '../../../domain/listing.ts';
import { manageableOwnerIds } from '../../../auth/domain-access.ts';
import { marketLists } from '../../../db/market-lists.ts';
import { accountPrincipal } from '../../../http/auth.ts';
import { clientErrors, errorBodySchema, paged } from '../../schemas/common.ts';
import { ownListingsQuery, ownListingsResponse } from './listings.schemas.ts';
import { declareRoute, ACCOUNT } from '../../../http/declaration.ts';
import { defineOperation } from '../../../http/operations/operation.ts';
import { operationsPlugin } from '../../../http/operations/route.ts';

const errors = { ...clientErrors, 401: errorBodySchema, 403: errorBodySchema };

export const listOwnListingsRoute = declareRoute({
  method: 'GET',
  url: '/api/v1/domains/listings',
  access: ACCOUNT,
  openapi: {
    operationId: 'listOwnListings',
    description:
      'Your listings and those of the agents you claimed (`seller_id` says whose), newest listing first, paged (`limit` 1–100, default 50; `offset`): the asking price, the floor for offers and when it was listed. Withdraw one with `DELETE …/{domain}/listing`.',
  },
});

export const listOwnListings = defineOperation(
  listOwnListingsRoute,
  {
    tags: ['market'],
    summary: 'Your listings and those of the agents you claimed, newest first',
    querystring: ownListingsQuery,
    response: { 200: ownListingsResponse, ...errors },
  },
  async (call, services) => {
    const { limit, offset } = call.query;
    const em = call.db;
    const sellers = await manageableOwnerIds(em, accountPrincipal(call));
    const page = await marketLists(em).listingsOf(sellers, { limit, offset });
    return paged(page, { limit, offset }, (l) => ({
      domain: l.domainName,
      seller_id: l.sellerId,
      ...listingView(l),
      updated_at: l.updatedAt.toISOString(),
    }));
  },
);

export const ownListingsRoutes = operationsPlugin([listOwnListings]);
