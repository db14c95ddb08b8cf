import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activityRepository } from '../../db/activity-repository.ts';
import { formatUsd } from '../../domain/money.ts';
import type { ActivityOrder } from '../../domain/orders.ts';
import { accountPrincipal } from '../auth.ts';
import { clientErrors, errorBodySchema } from '../schemas/common.ts';
import { activityQuery, activityResponse } from '../schemas/activity.ts';

function entry(o: ActivityOrder, accountId: string) {
  const paid = o.payerId === accountId;
  const owns = o.ownerId === accountId;
  return {
    order_id: o.id,
    kind: o.kind,
    domain: o.domainName,
    status: o.status,
    role: paid && owns ? ('both' as const) : paid ? ('payer' as const) : ('owner' as const),
    payment_method: o.paymentMethod,
    years: o.years,
    // The payer's side of the order, hidden from an owner who did not pay (see schemas/activity.ts).
    amount_gems: paid ? o.amountGems : null,
    amount: paid && o.amountMinor != null ? formatUsd(o.amountMinor) : null,
    currency: paid ? o.currency : null,
    payment_reference: paid ? o.paymentReference : null,
    reseller_channel: paid ? o.resellerChannel : null,
    created_at: o.createdAt.toISOString(),
  };
}

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
      const data = page.rows.map((o) => entry(o, accountId));
      return { status: 'success' as const, data, limit, offset, total: page.total };
    },
  );
};
