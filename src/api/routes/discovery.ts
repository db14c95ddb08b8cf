import { z } from 'zod';
import { availability } from '../../domain/availability.ts';
import { cachedStatesOf } from '../../http/name-states.ts';
import { AppError, domainNotFound } from '../../domain/errors.ts';
import { parseQuery } from '../../domain/names.ts';
import { domainRepository } from '../../db/domain-repository.ts';
import { revalidated, tagOf } from '../../http/etag.ts';
import { clientErrors, notModified } from '../schemas/common.ts';
import {
  domainNameParams,
  lookupResponse,
  searchQuery,
  searchResponse,
  shopStatusResponse,
} from '../schemas/discovery.ts';
import { findNamedDomain, parseFullName } from '../../http/domain-name-param.ts';
import { cachedJson } from '../../http/public-cache.ts';
import { lookupBody } from '../replies/lookup.ts';
import { requireNamespace } from '../../http/namespace-param.ts';
import { declareRoute, PUBLIC } from '../../http/declaration.ts';
import { defineOperation } from '../../http/operations/operation.ts';
import { operationsPlugin } from '../../http/operations/route.ts';

export const searchDomainsRoute = declareRoute({
  method: 'GET',
  url: '/api/v1/domains/search',
  access: PUBLIC,
  openapi: {
    operationId: 'searchDomains',
    description:
      'Availability and yearly prices (gems) of a bare name in every namespace, or of a full name in its namespace. `reason` says why a name is not available (`registered`, `being_registered`, `reserved`, …).',
  },
});

export const lookupDomainRoute = declareRoute({
  method: 'GET',
  url: '/api/v1/lookup/:domain_name',
  access: PUBLIC,
  openapi: {
    operationId: 'lookupDomain',
    description:
      'The public record of a registered domain: registration data, identity block, manifest links and profile; `for_sale` (asking price in gems and USD, currency marker `pathUSD`) and `min_offer` while the name is listed, else null.',
  },
});

export const getShopStatusRoute = declareRoute({
  method: 'GET',
  url: '/api/v1/domains/:domain_name/shop-status',
  access: PUBLIC,
  openapi: {
    operationId: 'getShopStatus',
    description: 'Whether the domain is bound to a storefront.',
  },
});

export const searchDomains = defineOperation(
  searchDomainsRoute,
  {
    tags: ['discovery'],
    summary: 'Availability and yearly prices of a name in one or every namespace',
    querystring: searchQuery,
    response: { 200: searchResponse, ...clientErrors },
  },
  async (call, services) => {
    const { query } = call;
    const { namespaces } = services;
    const parsed = parseQuery(query.q);
    if (!parsed.ok) throw new AppError('invalid_name', parsed.message, { problem: parsed.problem });
    const { label, namespace } = parsed.value;
    const targets = namespace ? [requireNamespace(namespaces, namespace, 'input')] : namespaces.all;
    const names = targets.map((ns) => `${label}.${ns.namespace}`);
    const states = await cachedStatesOf(services.publicCache, call, names);
    return {
      status: 'success' as const,
      query: namespace ? `${label}.${namespace}` : label,
      price_unit: 'gems_per_year' as const,
      results: targets.map((ns, i) => {
        const name = names[i] as string;
        return {
          domain: name,
          tld: ns.namespace,
          ...availability(ns, label, states.get(name) ?? 'free'),
          human_price: ns.price_per_year.human,
          agent_price: ns.price_per_year.agent,
        };
      }),
    };
  },
);

const JSON_TYPE = 'application/json; charset=utf-8';

export const lookupDomain = defineOperation(
  lookupDomainRoute,
  {
    tags: ['discovery'],
    summary: 'Public profile of a registered domain',
    params: domainNameParams,
    response: { 200: lookupResponse, 304: notModified, ...clientErrors },
  },
  // Served from the read cache when it holds the name (docs/performance.md "The read cache"); a miss
  // reads, encodes exactly as the response schema would, and keeps the bytes for the next request.
  async (call, services) => {
    const { params, headers } = call;
    const { name } = parseFullName(services.namespaces, params.domain_name);
    const hit = services.publicCache.get(name, 'lookup');
    if (hit === 'absent') throw domainNotFound(name);
    if (hit) return revalidated(headers, hit.etag, { body: hit.body, type: JSON_TYPE });
    const stamp = services.publicCache.stamp();
    const d = await domainRepository(call.db).findPublicByName(name);
    // A name no record holds is not kept: callers can make up any number of them.
    if (!d) throw domainNotFound(name);
    const cached = cachedJson(JSON.stringify(z.encode(lookupResponse, lookupBody(d, services.config.publicBaseUrl))));
    services.publicCache.set(name, 'lookup', cached, stamp);
    return revalidated(headers, cached.etag, { body: cached.body, type: JSON_TYPE });
  },
);

export const getShopStatus = defineOperation(
  getShopStatusRoute,
  {
    tags: ['discovery'],
    summary: 'Whether the domain is bound to a storefront',
    params: domainNameParams,
    response: { 200: shopStatusResponse, 304: notModified, ...clientErrors },
  },
  async (call, services) => {
    const { params, headers } = call;
    const repo = domainRepository(call.db);
    const d = await findNamedDomain(services.namespaces, params.domain_name, repo.findPublicByName);
    const body = { status: 'success' as const, is_bound: d.storefrontId != null, storefront_id: d.storefrontId };
    // Tagged by the bytes the serializer sends (etag.ts).
    return revalidated(headers, tagOf(JSON.stringify(z.encode(shopStatusResponse, body))), { body });
  },
);

export const discoveryRoutes = operationsPlugin([searchDomains, lookupDomain, getShopStatus]);
