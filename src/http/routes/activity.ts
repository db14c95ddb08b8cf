import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { manageableOwnerIds } from '../../auth/domain-access.ts';
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
        summary:
          "The caller's activity ledger: orders it (or an agent it claimed) paid for or whose domain it received, newest first",
        querystring: activityQuery,
        response: { 200: activityResponse, ...clientErrors, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (req) => {
      // The caller's own orders and those of the agents it claimed (spec 5 rule 1: management).
      const em = orm.em.fork();
      const accountIds = await manageableOwnerIds(em, accountPrincipal(req));
      const { limit, offset } = req.query;
      const page = await activityRepository(em).ofAccounts(accountIds, { limit, offset });
      const data = page.rows.map((o) => toActivityEntry(o, accountIds));
      return { status: 'success' as const, data, limit, offset, total: page.total };
    },
  );
};
