import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { unauthorized } from '../auth/authenticate.ts';
import { INTERFACE_VERSION } from '../http/plugins/openapi.ts';
import {
  mcpResourceMetadataRoute,
  mcpRoute,
  mcpServerCardRoute,
  mcpSessionRoute,
  mcpStreamRoute,
  resourceMetadataRoute,
} from './declarations.ts';
import { createMcpServer } from './server.ts';
import { serverCard, SERVER_CARD_TYPE } from './server-card.ts';
import { matches, tagOf } from '../http/etag.ts';
import { tools } from './tools/index.ts';

/** The tools whose route takes no call without a credential (its rule neither public nor `anonymous`). */
function toolsNeedingCredential(): Set<string> {
  const needing = new Set<string>();
  for (const tool of tools) {
    const rule = tool.operation.route.config.access;
    if (rule.length > 0 && !rule.includes('anonymous')) needing.add(tool.name);
  }
  return needing;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * POST /mcp: the MCP server over streamable HTTP, stateless (a server and transport per request, as the
 * SDK's stateless example does), answering JSON. Fastify has authenticated the caller (the declared
 * access rule); the transport gets the raw request and response and the parsed body.
 */
export const mcpRoutes: FastifyPluginAsync = async (app) => {
  const { config, namespaces } = app.deps;
  const metadataUrl = `${config.publicBaseUrl}/.well-known/oauth-protected-resource/mcp`;
  const needing = toolsNeedingCredential();
  const namespaceNames = namespaces.all.map((n) => n.namespace);

  // Every 401 here (no credential where one is needed, or one refused) tells an MCP host where to sign in.
  app.addHook('onSend', async (_req, reply, payload) => {
    if (reply.statusCode === 401)
      reply.header(
        'www-authenticate',
        `Bearer realm="registry", resource_metadata="${metadataUrl}", ApiKey header="X-API-Key"`,
      );
    return payload;
  });

  app.route({
    ...mcpRoute,
    schema: { hide: true },
    handler: async (req, reply) => {
      const messages = [req.body].flat();
      const needsCredential = messages.some(
        (m) => isObject(m) && m.method === 'tools/call' && isObject(m.params) && needing.has(String(m.params.name)),
      );
      if (!req.principal && needsCredential) throw unauthorized();
      const caller = {
        principal: req.principal,
        ip: req.ip,
        log: req.log,
        channel: 'mcp' as const,
        headers: req.headers,
      };
      const server = createMcpServer(app, caller, namespaceNames, INTERFACE_VERSION);
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      // The transport writes the raw response, past Fastify's reply: the headers every answer carries
      // (security headers, CORS, rate limit) are set on it first, as Fastify would have sent them.
      for (const [name, value] of Object.entries(reply.getHeaders()))
        if (value !== undefined) reply.raw.setHeader(name, value);
      reply.hijack();
      reply.raw.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(req.raw, reply.raw, req.body);
    },
  });

  const notAllowed = async (_req: unknown, reply: FastifyReply) =>
    reply
      .status(405)
      .header('allow', 'POST')
      .send({
        jsonrpc: '2.0',
        error: { code: -32000, message: 'Method not allowed: this MCP server is stateless.' },
        id: null,
      });
  app.route({ ...mcpStreamRoute, schema: { hide: true }, handler: notAllowed });
  app.route({ ...mcpSessionRoute, schema: { hide: true }, handler: notAllowed });

  const metadata = async () => ({
    resource: `${config.publicBaseUrl}/mcp`,
    authorization_servers: config.OIDC_ISSUER ? [config.OIDC_ISSUER] : [],
    bearer_methods_supported: ['header'],
    resource_name: 'Agent domain registry (MCP)',
    resource_documentation: `${config.publicBaseUrl}/docs`,
  });
  // Served as the extension asks: any origin may read it, cached an hour, revalidated by its tag.
  const card = JSON.stringify(serverCard(config.publicBaseUrl, INTERFACE_VERSION));
  const cardTag = tagOf(card);
  app.route({
    ...mcpServerCardRoute,
    schema: { hide: true },
    handler: async (req, reply) => {
      reply.header('access-control-allow-origin', '*').header('cache-control', 'public, max-age=3600');
      reply.header('etag', cardTag);
      if (matches(req.headers['if-none-match'], cardTag)) return reply.code(304).send();
      return reply.type(SERVER_CARD_TYPE).send(card);
    },
  });
  app.route({ ...mcpResourceMetadataRoute, schema: { hide: true }, handler: metadata });
  app.route({ ...resourceMetadataRoute, schema: { hide: true }, handler: metadata });
};
