import { CAPABILITY_SCHEMA_VERSION, capabilityRecord } from '../../domain/capability.ts';
import { clientErrors } from '../schemas/common.ts';
import { namespaceListResponse, namespaceParams, namespaceResponse } from './namespaces.schemas.ts';
import { requireNamespace } from '../../http/namespace-param.ts';
import { declareRoute, PUBLIC } from '../../http/declaration.ts';
import { defineOperation } from '../../http/operations/operation.ts';
import type { Services } from '../../http/operations/services.ts';
import { operationsPlugin } from '../../http/operations/route.ts';

export const listNamespacesRoute = declareRoute({
  method: 'GET',
  url: '/api/v1/namespaces',
  access: PUBLIC,
  openapi: {
    operationId: 'listNamespaces',
    description: 'Every namespace with its capability record (schema 1.0): launch phase, rails, term limits, URLs.',
  },
});

export const getNamespaceRoute = declareRoute({
  method: 'GET',
  url: '/api/v1/namespaces/:namespace',
  access: PUBLIC,
  openapi: {
    operationId: 'getNamespace',
    description: 'One namespace capability record.',
  },
});

const ctx = (services: Services) => ({
  baseUrl: services.config.publicBaseUrl,
  baseMainnetEnabled: services.config.MPP_BASE_MAINNET_ENABLED,
});

export const listNamespaces = defineOperation(
  listNamespacesRoute,
  {
    tags: ['discovery'],
    summary: 'Capability records of every namespace (schema 1.0)',
    response: { 200: namespaceListResponse, ...clientErrors },
  },
  async (_call, services) => {
    const all = services.namespaces.all;
    return {
      status: 'success' as const,
      schema_version: CAPABILITY_SCHEMA_VERSION,
      catalog_version: all[0]?.catalog_version ?? 'none',
      namespaces: all.map((n) => capabilityRecord(n, ctx(services))),
    };
  },
);

export const getNamespace = defineOperation(
  getNamespaceRoute,
  {
    tags: ['discovery'],
    summary: 'Capability record of one namespace (schema 1.0)',
    params: namespaceParams,
    response: { 200: namespaceResponse, ...clientErrors },
  },
  async ({ params }, services) => {
    const ns = requireNamespace(services.namespaces, params.namespace, 'path');
    return {
      status: 'success' as const,
      schema_version: CAPABILITY_SCHEMA_VERSION,
      catalog_version: ns.catalog_version,
      capability: capabilityRecord(ns, ctx(services)),
    };
  },
);

export const namespaceRoutes = operationsPlugin([listNamespaces, getNamespace]);
