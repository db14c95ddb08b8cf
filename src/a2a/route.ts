import { AgentCard } from '@a2a-js/sdk';
import {
  DefaultRequestHandler,
  InMemoryTaskStore,
  JsonRpcTransportHandler,
  ServerCallContext,
} from '@a2a-js/sdk/server';
import type { FastifyPluginAsync } from 'fastify';
import { buildRegistryCard } from '../domain/registry-card.ts';
import { declareRoute } from '../http/declaration.ts';
import { INTERFACE_VERSION } from '../http/plugins/openapi.ts';
import { AGENT_PROTOCOL_ACCESS } from '../mcp/declarations.ts';
import { tools } from '../mcp/tools/index.ts';
import { registryExecutor } from './executor.ts';

/**
 * POST /a2a: the registry as an A2A v1.0 agent, JSON-RPC binding, served by the stock @a2a-js/sdk request
 * handler. The same credentials as MCP (AGENT_PROTOCOL_ACCESS), passed on to each operation a message calls; none for the public reads.
 */
export const a2aRoute = declareRoute({
  method: 'POST',
  url: '/a2a',
  access: AGENT_PROTOCOL_ACCESS,
  area: 'self',
  // Each call a message makes is its own audited operation (src/http/operations/invoke.ts).
  audited: false,
});

const byName = new Map(tools.map((t) => [t.name, t]));

export const a2aRoutes: FastifyPluginAsync = async (app) => {
  const card = AgentCard.fromJSON(buildRegistryCard(app.deps.config.publicBaseUrl, INTERFACE_VERSION));
  // A task waiting for payment lives in this process: its call is kept there, not the payment. A paid
  // credential sent after a restart (or to another API process) is refused here as no payment awaited; the
  // same credential then registers over HTTP or MCP, whose checkouts are durable (docs/a2a.md).
  const store = new InMemoryTaskStore();
  app.route({
    ...a2aRoute,
    schema: { hide: true },
    handler: async (req, reply) => {
      const caller = {
        principal: req.principal,
        ip: req.ip,
        log: req.log,
        channel: 'a2a' as const,
        headers: req.headers,
      };
      const handler = new DefaultRequestHandler(card, store, registryExecutor(app, caller, byName));
      const version = req.headers['a2a-version'];
      const context = new ServerCallContext({ requestedVersion: typeof version === 'string' ? version : '1.0' });
      const answer = await new JsonRpcTransportHandler(handler).handle(req.body as Record<string, unknown>, context);
      // The card says no streaming, so the handler answers every method with one response.
      if (Symbol.asyncIterator in (answer as object)) {
        return reply
          .status(400)
          .send({ jsonrpc: '2.0', id: null, error: { code: -32004, message: 'Streaming is not supported.' } });
      }
      return reply.type('application/json').send(answer);
    },
  });
};
