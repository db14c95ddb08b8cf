import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { availability } from '../../domain/availability.ts';
import { AppError } from '../../domain/errors.ts';
import { parseQuery } from '../../domain/names.ts';
import { domainRepository } from '../../db/domain-repository.ts';
import { conditionalGet } from '../etag.ts';
import { clientErrors, notModified } from '../schemas/common.ts';
import {
  domainNameParams,
  lookupResponse,
  searchQuery,
  searchResponse,
  shopStatusResponse,
} from '../schemas/discovery.ts';
import { findNamedDomain } from '../domain-name-param.ts';
import { requireNamespace } from '../namespace-param.ts';
import { manifestUrls } from '../../domain/manifests.ts';
import { forSaleBlocks } from '../../domain/listing.ts';

export const discoveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { namespaces, orm, config } = app.deps;
  const publicDomain = (raw: string) =>
    findNamedDomain(namespaces, raw, domainRepository(orm.em.fork()).findPublicByName);

  app.get(
    '/api/v1/domains/search',
    {
      schema: {
        tags: ['discovery'],
        summary: 'Availability and yearly prices of a name in one or every namespace',
        querystring: searchQuery,
        response: { 200: searchResponse, ...clientErrors },
      },
    },
    async (req) => {
      const parsed = parseQuery(req.query.q);
      if (!parsed.ok) throw new AppError('invalid_name', parsed.message, { problem: parsed.problem });
      const { label, namespace } = parsed.value;
      const targets = namespace ? [requireNamespace(namespaces, namespace, 'input')] : namespaces.all;
      const names = targets.map((ns) => `${label}.${ns.namespace}`);
      const states = await domainRepository(orm.em.fork()).statesOf(names);
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

  app.get(
    '/api/v1/lookup/:domain_name',
    {
      schema: {
        tags: ['discovery'],
        summary: 'Public profile of a registered domain',
        params: domainNameParams,
        response: { 200: lookupResponse, 304: notModified, ...clientErrors },
      },
      onSend: conditionalGet,
    },
    async (req) => {
      const d = await publicDomain(req.params.domain_name);
      return {
        status: 'success' as const,
        domain: {
          name: d.name,
          namespace: d.namespace,
          status: d.status,
          registration_date: d.registrationDate.toISOString(),
          expiry_date: d.expiryDate.toISOString(),
        },
        identity: {
          human_backed: d.operatorAccountId != null,
          // Spec 2.2 types it string: "" when the domain has no squad.
          squad_id: d.squadId ?? '',
          capabilities_preview: d.capabilities,
        },
        manifests: manifestUrls(config.publicBaseUrl, d.name),
        profile: d.profile,
        // Spec 2.4: the asking price while the name is listed (read in the same query).
        ...forSaleBlocks(d.status, d.listing),
      };
    },
  );

  app.get(
    '/api/v1/domains/:domain_name/shop-status',
    {
      schema: {
        tags: ['discovery'],
        summary: 'Whether the domain is bound to a storefront',
        params: domainNameParams,
        response: { 200: shopStatusResponse, 304: notModified, ...clientErrors },
      },
      onSend: conditionalGet,
    },
    async (req) => {
      const d = await publicDomain(req.params.domain_name);
      return { status: 'success' as const, is_bound: d.storefrontId != null, storefront_id: d.storefrontId };
    },
  );
};
