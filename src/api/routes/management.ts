import { canActOnDomain } from '../../auth/domain-access.ts';
import { managedDomainRepository } from '../../db/managed-domain-repository.ts';
import { AppError } from '../../domain/errors.ts';
import type { ManagedDomain } from '../../domain/managed-domain.ts';
import { manageableDomains } from '../../management/managed-domains.ts';
import { accountPrincipal } from '../../http/auth.ts';
import { findNamedDomain } from '../../http/domain-name-param.ts';
import { clientErrors, paged } from '../schemas/common.ts';
import { domainNameParams } from '../schemas/discovery.ts';
import { DAY_MS } from '../../domain/time.ts';
import {
  managedDomainResponse,
  managedListQuery,
  managedListResponse,
  userDomainsResponse,
} from '../schemas/management.ts';
import { declareRoute, MANAGEMENT } from '../../http/declaration.ts';
import { defineOperation } from '../../http/operations/operation.ts';
import { operationsPlugin } from '../../http/operations/route.ts';

function ownerItem(d: ManagedDomain) {
  return {
    id: d.id,
    name: d.name,
    tld: d.namespace,
    status: d.status,
    owner_id: d.ownerId,
    expiry_date: d.expiryDate.toISOString(),
  };
}

function managedItem(d: ManagedDomain) {
  return {
    ...ownerItem(d),
    registration_date: d.registrationDate.toISOString(),
    squad_id: d.squadId,
    storefront_id: d.storefrontId,
  };
}

function listItem(d: ManagedDomain & { forSale: boolean }) {
  return {
    ...managedItem(d),
    auto_renew: { enabled: d.autoRenewMaxGems !== null, max_gems: d.autoRenewMaxGems },
    for_sale: d.forSale,
  };
}

export const listUserDomainsRoute = declareRoute({
  method: 'GET',
  url: '/api/v1/user/domains',
  access: ['bearer', 'dashboard'],
  openapi: {
    operationId: 'listUserDomains',
    description: 'Domains owned by the account behind the bearer token.',
  },
});

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

export const getManagedDomainRoute = declareRoute({
  method: 'GET',
  url: '/api/v1/domains/:domain_name',
  access: MANAGEMENT,
  openapi: {
    operationId: 'getManagedDomain',
    description: 'The management view of one domain the caller owns or manages.',
  },
});

export const listUserDomains = defineOperation(
  listUserDomainsRoute,
  {
    tags: ['management'],
    summary: 'Domains owned by the signed-in account',
    response: { 200: userDomainsResponse, ...clientErrors },
  },
  async (call, services) => {
    const rows = await managedDomainRepository(call.db).ownedBy(accountPrincipal(call).accountId);
    return { status: 'success' as const, data: rows.map(ownerItem) };
  },
);

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

export const getManagedDomain = defineOperation(
  getManagedDomainRoute,
  {
    tags: ['management'],
    summary: 'Management view of one domain (owner, claiming operator or bound organization only)',
    params: domainNameParams,
    response: { 200: managedDomainResponse, ...clientErrors },
  },
  async (call, services) => {
    const { params, principal } = call;
    const em = call.db;
    const d = await findNamedDomain(services.namespaces, params.domain_name, managedDomainRepository(em).findByName);
    if (!(await canActOnDomain(em, principal!, d, 'read')))
      throw new AppError('forbidden', `You do not own or manage ${d.name}.`);
    return { status: 'success' as const, domain: managedItem(d) };
  },
);

export const managementRoutes = operationsPlugin([listUserDomains, listManagedDomains, getManagedDomain]);
