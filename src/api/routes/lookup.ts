import { z } from 'zod';
import { domainNotFound } from '../../domain/errors.ts';
import { domainRepository } from '../../db/domain-repository.ts';
import { revalidated } from '../../http/etag.ts';
import { clientErrors, notModified } from '../schemas/common.ts';
import { domainNameParams, lookupResponse } from '../schemas/discovery.ts';
import { parseFullName } from '../../http/domain-name-param.ts';
import { cachedJson } from '../../http/public-cache.ts';
import { lookupBody } from '../replies/lookup.ts';
import { declareRoute, PUBLIC } from '../../http/declaration.ts';
import { defineOperation } from '../../http/operations/operation.ts';
import { operationsPlugin } from '../../http/operations/route.ts';

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

export const lookupRoutes = operationsPlugin([lookupDomain]);
