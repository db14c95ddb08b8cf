import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { renderLanding, type PageContext } from '../../pages/landing.ts';
import { renderSkillMd } from '../../pages/skill-md.ts';
import { clientErrors } from '../schemas/common.ts';
import { requireNamespace } from '../../http/namespace-param.ts';
import { declareRoute, PUBLIC } from '../../http/declaration.ts';
import { answer, defineOperation } from '../../http/operations/operation.ts';
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
const rendered = new WeakMap<FastifyInstance['deps'], { landing: Map<string, string>; skill: Map<string, string> }>();
function documentsOf(app: FastifyInstance) {
  const known = rendered.get(app.deps);
  if (known) return known;
  const { namespaces, config } = app.deps;
  const ctx: PageContext = {
    baseUrl: config.publicBaseUrl,
    gemUsdRate: config.GEM_USD_RATE,
    currency: config.MPP_CURRENCY,
    chainId: config.TEMPO_CHAIN_ID,
    rpcUrl: config.MPP_PUBLIC_RPC_URL ?? null,
    usdcCheckoutUrl: app.deps.usdc ? (config.CHECKOUT_URL ?? null) : null,
  };
  const documents = {
    landing: new Map(namespaces.all.map((ns) => [ns.namespace, renderLanding(ns, ctx)])),
    skill: new Map(namespaces.all.map((ns) => [ns.namespace, renderSkillMd(ns, ctx)])),
  };
  rendered.set(app.deps, documents);
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
  async ({ params }, app) => {
    const ns = requireNamespace(app.deps.namespaces, params.tld_name, 'path');
    return page('text/html; charset=utf-8', documentsOf(app).landing.get(ns.namespace) ?? '');
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
  async ({ params }, app) => {
    const ns = requireNamespace(app.deps.namespaces, params.tld_name, 'path');
    return page('text/plain; charset=utf-8', documentsOf(app).skill.get(ns.namespace) ?? '');
  },
);

export const tldRoutes = operationsPlugin([namespacePage, namespaceSkillFile]);
