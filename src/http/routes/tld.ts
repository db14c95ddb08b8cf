import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { renderLanding, type PageContext } from '../../pages/landing.ts';
import { renderSkillMd } from '../../pages/skill-md.ts';
import { clientErrors } from '../schemas/common.ts';
import { requireNamespace } from '../namespace-param.ts';
import { declareRoute, PUBLIC } from './declaration.ts';

const tldParams = z.object({ tld_name: z.string().max(64) });

export const namespacePageRoute = declareRoute({
  method: 'GET',
  url: '/tld/:tld_name',
  access: PUBLIC,
  openapi: {
    operationId: 'namespacePage',
    description: 'HTML landing page of a namespace for people.',
  },
});

export const namespaceSkillFileRoute = declareRoute({
  method: 'GET',
  url: '/tld/:tld_name/skill.md',
  access: PUBLIC,
  openapi: {
    operationId: 'namespaceSkillFile',
    description: 'Plain-text skill file for agents: status, prices, how to register and pay, errors and rules.',
  },
});

// Both documents depend only on the catalog, which is fixed for the life of the process: render once
// per namespace and serve the cached string.
export const tldRoutes: FastifyPluginAsyncZod = async (app) => {
  const { namespaces, config } = app.deps;
  const ctx: PageContext = {
    baseUrl: config.publicBaseUrl,
    gemUsdRate: config.GEM_USD_RATE,
    currency: config.MPP_CURRENCY,
    chainId: config.TEMPO_CHAIN_ID,
    rpcUrl: config.MPP_PUBLIC_RPC_URL ?? null,
    usdcCheckoutUrl: app.deps.usdc ? (config.CHECKOUT_URL ?? null) : null,
  };
  const landing = new Map(namespaces.all.map((ns) => [ns.namespace, renderLanding(ns, ctx)]));
  const skill = new Map(namespaces.all.map((ns) => [ns.namespace, renderSkillMd(ns, ctx)]));

  app.route({
    ...namespacePageRoute,
    schema: {
      tags: ['pages'],
      summary: 'HTML landing page of a namespace',
      params: tldParams,
      response: { 200: z.string().describe('text/html'), ...clientErrors },
    },
    handler: async (req, reply) => {
      const ns = requireNamespace(namespaces, req.params.tld_name, 'path');
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(landing.get(ns.namespace) ?? '');
    },
  });

  app.route({
    ...namespaceSkillFileRoute,
    schema: {
      tags: ['pages'],
      summary: 'Plain-text skill file for agents (markdown)',
      params: tldParams,
      response: { 200: z.string().describe('text/plain markdown'), ...clientErrors },
    },
    handler: async (req, reply) => {
      const ns = requireNamespace(namespaces, req.params.tld_name, 'path');
      return reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(skill.get(ns.namespace) ?? '');
    },
  });
};
