import { listItem } from '../../replies/managed-domain.ts';
import { manageableDomains } from '../../../management/managed-domains.ts';
import { clientErrors, paged } from '../../schemas/common.ts';
import { DAY_MS } from '../../../domain/time.ts';
import { managedListQuery, managedListResponse } from './managed.schemas.ts';
import { declareRoute, MANAGEMENT } from '../../../http/declaration.ts';
import { defineOperation } from '../../../http/operations/operation.ts';
import { operationsPlugin } from '../../../http/operations/route.ts';

export const listManagedDomainsRoute = declareRoute({
  method: 'GET',
  url: '/api/v1/domains',
  access: MANAGEMENT,
  openapi: {
    operationId: 'listManagedDomains',
    description:
      'Domains the caller owns or manages, paginated: with auto-renew and whether each is listed for sale. `owner_id` narrows to one owner (yourself or an agent you claimed; anyone else: an empty page), `expires_within_days` to the terms ending within that many days (those in grace too), and `sort=expiry` puts the soonest expiry first.',
  },
});

export const listManagedDomains = defineOperation(
  listManagedDomainsRoute,
  {
    tags: ['management'],
    summary: "The caller's manageable domains: its own, its claimed agents', or an organization's customers'",
    querystring: managedListQuery,
    response: { 200: managedListResponse, ...clientErrors },
  },
  async (call, services) => {
    const { query, principal } = call;
    const { limit, offset, owner_id, expires_within_days, sort } = query;
    const expiresBy =
      expires_within_days === undefined ? undefined : new Date(Date.now() + expires_within_days * DAY_MS);
    const page = await manageableDomains(
      call.db,
      principal!,
      { limit, offset },
      { ownerId: owner_id, expiresBy, sort },
    );
    return paged(page, { limit, offset }, listItem);
  },
);

export const managedDomainsRoutes = operationsPlugin([listManagedDomains]);
