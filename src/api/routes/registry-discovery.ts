import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { didOf } from '../../domain/agent-card.ts';
import { REGISTRY_SKILLS } from '../../domain/registry-card.ts';
import { declareRoute, PUBLIC } from '../../http/declaration.ts';

// How agents and their tooling find this registry and what it charges for (docs/discovery.md "The
// registry itself"). Every list here is read off the OpenAPI document the app serves, whose paid
// operations carry `x-payment-info` (src/http/openapi/payment-info.ts): said once, there.

export const llmsTxtRoute = declareRoute({
  method: 'GET',
  url: '/llms.txt',
  access: PUBLIC,
  openapi: {
    operationId: 'llmsTxt',
    description: 'llms.txt (llmstxt.org): what this service is and where an agent starts.',
  },
});
/** Where an agent that knows only the host looks first (a new agent asked for /skill.md and met a 404). */
export const rootSkillRoute = declareRoute({
  method: 'GET',
  url: '/skill.md',
  access: PUBLIC,
  openapi: {
    operationId: 'rootSkillFile',
    description:
      'The skill file an agent looks for at the root: each namespace has its own (`/tld/<namespace>/skill.md`, all listed in /llms.txt), and this redirects to the first namespace’s.',
    redirect: 'To `/tld/<first namespace>/skill.md`',
  },
});
export const x402IndexRoute = declareRoute({
  method: 'GET',
  url: '/.well-known/x402',
  access: PUBLIC,
  openapi: {
    operationId: 'x402Index',
    description:
      'The paid operations, as the x402 community convention lists them (`version`, `resources`), with each one’s method, path and how it is priced. Not a ratified standard; also served at /.well-known/x402.json.',
  },
});
export const x402IndexJsonRoute = declareRoute({
  method: 'GET',
  url: '/.well-known/x402.json',
  access: PUBLIC,
  openapi: { operationId: 'x402IndexJson', description: 'The same as /.well-known/x402.' },
});
export const aiCatalogRoute = declareRoute({
  method: 'GET',
  url: '/.well-known/ai-catalog.json',
  access: PUBLIC,
  openapi: {
    operationId: 'aiCatalog',
    description:
      'Agentic Resource Discovery catalog (`specVersion` 1.0): the registry’s MCP server, its own A2A Agent Card, its OpenAPI document and its skill files.',
  },
});

/** x402's stock client refuses a payment above $1 unless told otherwise (@x402/core DEFAULT_MAX_AMOUNT_PER_PAYMENT). */
export const X402_DEFAULT_CAP =
  'x402 clients refuse a payment above $1 by default: raise the cap (spendControls.maxAmountPerPayment) for a name that costs more.';

interface PaidOperation {
  method: string;
  path: string;
  summary: string;
  /** The payment methods its offers name (`tempo`, `x402`). */
  methods: string[];
}

type PaymentInfo = { offers?: { method?: string }[] };
type Document = { paths?: Record<string, Record<string, { summary?: string; 'x-payment-info'?: PaymentInfo }>> };

function paidOperations(doc: Document): PaidOperation[] {
  return Object.entries(doc.paths ?? {}).flatMap(([path, ops]) =>
    Object.entries(ops).flatMap(([method, op]) => {
      const info = op['x-payment-info'];
      if (!info) return [];
      const methods = (info.offers ?? []).map((o) => o.method ?? '');
      return [{ method: method.toUpperCase(), path, summary: op.summary ?? '', methods }];
    }),
  );
}

const text = z.string().describe('text/plain');

export const registryDiscoveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = app.deps.config.publicBaseUrl;
  const document = () => app.swagger() as Document;
  const namespaces = () => app.deps.namespaces.names;

  app.route({
    ...rootSkillRoute,
    schema: { tags: ['discovery'], summary: 'Skill file (redirect to the first namespace’s)' },
    handler: async (_req, reply) =>
      reply.redirect(`/tld/${encodeURIComponent(namespaces()[0] ?? 'agent')}/skill.md`, 302),
  });

  app.route({
    ...llmsTxtRoute,
    schema: { tags: ['discovery'], summary: 'llms.txt', response: { 200: text } },
    handler: async (_req, reply) => {
      const paid = paidOperations(document());
      const body = [
        '# Agent domain registry',
        '',
        '> Registry, registrar and identity service for AI agents: search, pay for (HTTP 402: mpp, x402, USDC), register, renew, trade and configure names such as scout.agent, each with a public identity (A2A card, DID, ERC-8004 file).',
        '',
        '## Start here',
        '',
        ...namespaces().map(
          (ns) =>
            `- [Skill file for .${ns}](${base}/tld/${ns}/skill.md): how an agent registers and pays, step by step`,
        ),
        `- [OpenAPI](${base}/openapi.json): every operation; paid ones carry x-payment-info`,
        `- [MCP server](${base}/mcp): the same operations as tools`,
        `- [A2A server](${base}/a2a): the same operations as A2A messages (JSON-RPC; a data part {"tool", "arguments"}; paid calls are tasks that wait in input-required with the payment challenge)`,
        `- [A2A Agent Card](${base}/.well-known/agent-card.json): the registry itself as an agent (A2A v1.0, signed; keys at ${base}/.well-known/jwks.json), its skills these operations, its interfaces the A2A server, then the MCP server`,
        '',
        '## Paid operations',
        '',
        ...paid.map((p) => `- ${p.method} ${base}${p.path}: ${p.summary} (pay with: ${p.methods.join(', ')})`),
        '',
        `Prices depend on the name and the term: POST ${base}/api/v1/domains/quote first. ${X402_DEFAULT_CAP}`,
        '',
        '## Identity of a registered name',
        '',
        `- ${base}/agents/{name}/agent-card.json (A2A v1.0, signed; keys at ${base}/.well-known/jwks.json)`,
        `- ${base}/agents/{name}/did.json (did:web)`,
        `- ${base}/agents/{name}/registration.json (ERC-8004)`,
        '',
        '## Verify an agent',
        '',
        `- GET ${base}/api/v1/verify/{name} (MCP verify_agent): whether any name that publishes DNS-AID records is who it says (DNSSEC, DNS-AID and ENSIP records, the signed A2A card, its ERC-8004 entry) and, apart, whether its endpoints answer; free`,
        '',
      ].join('\n');
      return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=300').send(body);
    },
  });

  const x402Index = () => {
    const paid = paidOperations(document()).filter((p) => p.methods.includes('x402'));
    return {
      version: 1 as const,
      resources: paid.map((p) => `${base}${p.path}`),
      operations: paid.map((p) => ({
        method: p.method,
        resource: `${base}${p.path}`,
        description: p.summary,
        price: 'per name and term: POST /api/v1/domains/quote',
      })),
      instructions: `Send the request without payment for its 402 and terms; pay; send it again with the payment. ${X402_DEFAULT_CAP}`,
    };
  };
  const indexSchema = z.looseObject({ version: z.literal(1), resources: z.array(z.string()) });
  for (const route of [x402IndexRoute, x402IndexJsonRoute])
    app.route({
      ...route,
      schema: { tags: ['discovery'], summary: 'The paid operations (x402 convention)', response: { 200: indexSchema } },
      handler: async () => x402Index(),
    });

  app.route({
    ...aiCatalogRoute,
    schema: {
      tags: ['discovery'],
      summary: 'Agentic Resource Discovery catalog',
      response: { 200: z.looseObject({ specVersion: z.literal('1.0'), entries: z.array(z.looseObject({})) }) },
    },
    handler: async () => {
      const host = new URL(base).host.replace(/:/g, '.');
      return {
        specVersion: '1.0' as const,
        host: {
          displayName: 'Agent domain registry',
          identifier: didOf(base, 'registry').replace(/:agents:registry$/, ''),
        },
        entries: [
          {
            // A connectable server is listed by its Server Card (src/mcp/server-card.ts); `application/mcp-server+json`
            // would be an MCP Registry server.json, an installable package.
            identifier: `urn:air:${host}:server:mcp`,
            displayName: 'Registry MCP server',
            type: 'application/mcp-server-card+json',
            url: `${base}/mcp/server-card`,
            description: 'Search, quote, register, renew and manage names as MCP tools (streamable HTTP).',
            capabilities: ['search', 'quote', 'register', 'renew', 'lookup'],
          },
          {
            identifier: `urn:air:${host}:agent:a2a`,
            displayName: 'Registry A2A Agent Card',
            type: 'application/a2a-agent-card+json',
            url: `${base}/.well-known/agent-card.json`,
            description:
              'The registry as an agent (A2A v1.0, signed by the registry’s key): its skills, and the MCP server as its interface.',
            capabilities: REGISTRY_SKILLS.map((skill) => skill.id),
          },
          {
            identifier: `urn:air:${host}:api:openapi`,
            displayName: 'Registry HTTP API',
            type: 'application/openapi+json',
            url: `${base}/openapi.json`,
            description: 'The HTTP API; paid operations answer 402 with their terms.',
          },
          ...namespaces().map((ns) => ({
            identifier: `urn:air:${host}:skill:${ns}`,
            displayName: `Skill file for .${ns}`,
            type: 'text/markdown',
            url: `${base}/tld/${ns}/skill.md`,
          })),
        ],
      };
    },
  });
};
