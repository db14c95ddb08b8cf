import type { FastifyInstance, FastifyPluginAsync, FastifyReply, RouteOptions } from 'fastify';
import { named } from '../plugin-name.ts';
import { routeKey } from '../declaration.ts';
import { Answer, callOf, type Call, type Operation, type OperationSchema } from './operation.ts';

/** Sends what an operation returned: its Answer as it is, or a plain body as the 200. */
export function sendAnswer(reply: FastifyReply, result: unknown) {
  if (!(result instanceof Answer)) return reply.status(200).send(result);
  if (Object.keys(result.headers).length > 0) reply.headers(result.headers);
  return reply.status(result.status).send(result.body);
}

/**
 * The HTTP adapter of an operation: its route, whose handler hands the request's checked input to `run`.
 * Fastify has authenticated the caller, checked the access rule and validated the input on the way in
 * (src/http/auth.ts, the route's schemas), and serializes the answer through the route's response schema.
 */
export function operationRoute<S extends OperationSchema>(app: FastifyInstance, op: Operation<S>): RouteOptions {
  return {
    ...op.route,
    config: { ...op.route.config, ...(op.keptWithout && { keptWithout: op.keptWithout }) },
    schema: { ...op.schema },
    handler: async (req, reply) => {
      const call = callOf(
        {
          principal: req.principal,
          ip: req.ip,
          params: req.params,
          query: req.query,
          body: req.body,
          headers: req.headers,
          idempotency: req.idempotency,
          log: req.log,
        },
        app.deps.orm,
      ) as Call<S>;
      return sendAnswer(reply, await op.run(call, app.services));
    },
  };
}

/** A plugin serving operations as routes: a route module's plugin, when each of its routes is an operation. */
export const operationsPlugin = (ops: readonly Operation[]): FastifyPluginAsync =>
  // Named by its operations, so Fastify never searches the module cache for a name (src/http/plugin-name.ts).
  named(
    async (app) => {
      for (const op of ops) app.route(operationRoute(app, op));
    },
    ops.map((o) => o.route.config.openapi?.operationId ?? routeKey(o.route.method, o.route.url)).join(', '),
  );
