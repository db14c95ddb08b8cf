import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../schemas/common.ts';

const partStatus = z.record(z.string(), z.string());

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['health'],
        summary: 'Process liveness',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database and Temporal are reachable',
        response: {
          200: z.object({ status: z.literal('ready'), parts: partStatus }),
          503: errorBodySchema,
        },
      },
    },
    async (_req, reply) => {
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
  );
};
