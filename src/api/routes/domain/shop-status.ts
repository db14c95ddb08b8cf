import { z } from 'zod';
import { domainRepository } from '../../../db/domain-repository.ts';
import { revalidated, tagOf } from '../../../http/etag.ts';
import { clientErrors, notModified } from '../../schemas/common.ts';
import { domainNameParams, shopStatusResponse } from '../../schemas/discovery.ts';
import { findNamedDomain } from '../../../http/domain-name-param.ts';
import { declareRoute, PUBLIC } from '../../../http/declaration.ts';
import { defineOperation } from '../../../http/operations/operation.ts';
import { operationsPlugin } from '../../../http/operations/route.ts';

export const getShopStatusRoute = declareRoute({
  method: 'GET',
  url: '/api/v1/domains/:domain_name/shop-status',
  access: PUBLIC,
  openapi: {
    operationId: 'getShopStatus',
    description: 'Whether the domain is bound to a storefront.',
  },
});

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

export const shopStatusRoutes = operationsPlugin([getShopStatus]);
