import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../domain/errors.ts';
import { domainRecords } from '../../db/domain-records.ts';
import { clientErrors } from '../schemas/common.ts';
import { declareRoute, PUBLIC } from '../../http/declaration.ts';

export const benchDomainRoute = declareRoute({
  method: 'GET',
  url: '/internal/bench/domain/:id',
  access: PUBLIC,
});

// Registered only when BENCH_ROUTES=true: the yardstick for `npm run bench`. It goes through the same
// stack as lookup (Fastify, zod, a forked EntityManager) but does one primary-key SELECT and nothing else.
export const benchBaselineRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...benchDomainRoute,
    schema: {
      hide: true,
      params: z.object({ id: z.coerce.number().int().positive() }),
      response: {
        200: z.object({ status: z.literal('success'), id: z.number(), name: z.string() }),
        ...clientErrors,
      },
    },
    handler: async (req) => {
      const d = await domainRecords(app.deps.orm.em.fork()).find(req.params.id);
      if (!d) throw new AppError('domain_not_found', 'No such domain.');
      return { status: 'success' as const, id: d.id, name: d.name };
    },
  });
};
