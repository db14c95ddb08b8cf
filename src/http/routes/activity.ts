import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activityRepository } from '../../db/activity-repository.ts';
import { accountPrincipal } from '../auth.ts';
import { toActivityEntry } from '../replies/activity.ts';
import { clientErrors, errorBodySchema } from '../schemas/common.ts';
import { activityQuery, activityResponse } from '../schemas/activity.ts';

export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { orm } = app.deps;

  app.get(
    '/api/v1/domains/activity',
    {
      schema: {
        tags: ['management'],
        summary: "The caller's activity ledger: orders it paid for or whose domain it received, newest first",
        querystring: activityQuery,
        response: { 200: activityResponse, ...clientErrors, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (req) => {
      const accountId = accountPrincipal(req).accountId;
      const { limit, offset } = req.query;
      const page = await activityRepository(orm.em.fork()).ofAccount(accountId, { limit, offset });
      const data = page.rows.map((o) => toActivityEntry(o, accountId));
      return { status: 'success' as const, data, limit, offset, total: page.total };
    },
  );
};
