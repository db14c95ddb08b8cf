import { availability } from '../../../domain/availability.ts';
import { cachedStatesOf } from '../../../http/name-states.ts';
import { AppError } from '../../../domain/errors.ts';
import { parseQuery } from '../../../domain/names.ts';
import { clientErrors } from '../../schemas/common.ts';
import { searchQuery, searchResponse } from '../../schemas/discovery.ts';
import { requireNamespace } from '../../../http/namespace-param.ts';
import { declareRoute, PUBLIC } from '../../../http/declaration.ts';
import { defineOperation } from '../../../http/operations/operation.ts';
import { operationsPlugin } from '../../../http/operations/route.ts';

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

export const searchRoutes = operationsPlugin([searchDomains]);
