import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../schemas/common.ts';
import { declareRoute, PUBLIC } from '../../http/declaration.ts';

const partStatus = z.record(z.string(), z.string());

export const livenessRoute = declareRoute({
  method: 'GET',
  url: '/healthz',
  access: PUBLIC,
  openapi: {
    operationId: 'liveness',
    description: 'Liveness only: the process answers.',
  },
});

export const readinessRoute = declareRoute({
  method: 'GET',
  url: '/readyz',
  access: PUBLIC,
  openapi: {
    operationId: 'readiness',
    description:
      'Readiness: one PostgreSQL round trip and one Temporal namespace check; 503 `not_ready` names what fails.',
  },
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...livenessRoute,
    schema: {
      tags: ['health'],
      summary: 'Process liveness',
      response: { 200: z.object({ status: z.literal('ok') }) },
    },
    handler: async () => ({ status: 'ok' as const }),
  });

  app.route({
    ...readinessRoute,
    schema: {
      tags: ['health'],
      summary: 'Readiness: the database and Temporal are reachable',
      response: {
        200: z.object({ status: z.literal('ready'), parts: partStatus }),
        503: errorBodySchema,
      },
    },
    handler: async (_req, reply) => {
      const results = await Promise.all(
        app.deps.probes.map(async (p) => {
          try {
            await p.check();
            return [p.name, 'ok'] as const;
          } catch (err) {
            return [p.name, `unreachable: ${err instanceof Error ? err.message : String(err)}`] as const;
          }
        }),
      );
      const parts = Object.fromEntries(results);
      const failing = results.filter(([, s]) => s !== 'ok').map(([n]) => n);
      if (failing.length > 0) {
        return reply.status(503).send({
          status: 'error',
          code: 'not_ready',
          message: `Not ready: ${failing.join(', ')} unreachable.`,
          details: { failing, parts },
        });
      }
      return { status: 'ready' as const, parts };
    },
  });
};
