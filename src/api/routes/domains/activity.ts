import { manageableOwnerIds } from '../../../auth/domain-access.ts';
import { activityRepository } from '../../../db/activity-repository.ts';
import { accountPrincipal } from '../../../http/auth.ts';
import { toActivityEntry } from '../../replies/activity.ts';
import { clientErrors, errorBodySchema, paged } from '../../schemas/common.ts';
import { activityQuery, activityResponse } from './activity.schemas.ts';
import { declareRoute, ACCOUNT } from '../../../http/declaration.ts';
import { defineOperation } from '../../../http/operations/operation.ts';
import { operationsPlugin } from '../../../http/operations/route.ts';

export const listActivityRoute = declareRoute({
  method: 'GET',
  url: '/api/v1/domains/activity',
  access: ACCOUNT,
  openapi: {
    operationId: 'listActivity',
    description:
      'Your orders as payer or owner, newest first: registrations, renewals, transfers, and the market’s purchases, sales, payouts and offer escrows. Market orders carry `details` (a sale’s parties and split, a payout’s address, the offer); pathUSD amounts are USD decimal strings (`amount`). The payment fields and `details` are shown to the payer only.',
  },
});

export const listActivity = defineOperation(
  listActivityRoute,
  {
    tags: ['management'],
    summary:
      "The caller's activity ledger: orders it (or an agent it claimed) paid for or whose domain it received, newest first",
    querystring: activityQuery,
    response: { 200: activityResponse, ...clientErrors, 401: errorBodySchema, 403: errorBodySchema },
  },
  async (call, services) => {
    // The caller's own orders and those of the agents it claimed (spec 5 rule 1: management).
    const em = call.db;
    const accountIds = await manageableOwnerIds(em, accountPrincipal(call));
    const { limit, offset } = call.query;
    const page = await activityRepository(em).ofAccounts(accountIds, { limit, offset });
    return paged(page, { limit, offset }, (o) => toActivityEntry(o, accountIds));
  },
);

export const activityRoutes = operationsPlugin([listActivity]);
