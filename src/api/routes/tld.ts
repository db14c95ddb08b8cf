import { z } from 'zod';
import { renderLanding, type PageContext } from '../../pages/landing.ts';
import { renderSkillMd } from '../../pages/skill-md.ts';
import { clientErrors } from '../schemas/common.ts';
import { requireNamespace } from '../../http/namespace-param.ts';
import { declareRoute, PUBLIC } from '../../http/declaration.ts';
import { answer, defineOperation } from '../../http/operations/operation.ts';
import type { Services } from '../../http/operations/services.ts';
import { operationsPlugin } from '../../http/operations/route.ts';

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
// per namespace (on first use, per app) and serve the cached string.
const rendered = new WeakMap<Services, { landing: Map<string, string>; skill: Map<string, string> }>();
function documentsOf(services: Services) {
  const known = rendered.get(services);
  if (known) return known;
  const { namespaces, config } = services;
  const ctx: PageContext = {
    baseUrl: config.publicBaseUrl,
    gemUsdRate: config.GEM_USD_RATE,
    currency: config.MPP_CURRENCY,
    chainId: config.TEMPO_CHAIN_ID,
    rpcUrl: config.MPP_PUBLIC_RPC_URL ?? null,
    usdcCheckoutUrl: services.usdc ? (config.CHECKOUT_URL ?? null) : null,
  };
  const documents = {
    landing: new Map(namespaces.all.map((ns) => [ns.namespace, renderLanding(ns, ctx)])),
    skill: new Map(namespaces.all.map((ns) => [ns.namespace, renderSkillMd(ns, ctx)])),
  };
  rendered.set(services, documents);
  return documents;
}

const page = (type: string, text: string) =>
  answer(200, text, { 'content-type': type, 'cache-control': 'public, max-age=300' });

export const namespacePage = defineOperation(
  namespacePageRoute,
  {
    tags: ['pages'],
    summary: 'HTML landing page of a namespace',
    params: tldParams,
    response: { 200: z.string().describe('text/html'), ...clientErrors },
  },
  async ({ params }, services) => {
    const ns = requireNamespace(services.namespaces, params.tld_name, 'path');
    return page('text/html; charset=utf-8', documentsOf(services).landing.get(ns.namespace) ?? '');
  },
);

export const namespaceSkillFile = defineOperation(
  namespaceSkillFileRoute,
  {
    tags: ['pages'],
    summary: 'Plain-text skill file for agents (markdown)',
    params: tldParams,
    response: { 200: z.string().describe('text/plain markdown'), ...clientErrors },
  },
  async ({ params }, services) => {
    const ns = requireNamespace(services.namespaces, params.tld_name, 'path');
    return page('text/plain; charset=utf-8', documentsOf(services).skill.get(ns.namespace) ?? '');
  },
);

export const tldRoutes = operationsPlugin([namespacePage, namespaceSkillFile]);
