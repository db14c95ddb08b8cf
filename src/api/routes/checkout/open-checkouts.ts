import { manageableOwnerIds } from '../../../auth/domain-access.ts';
import { checkoutSessions } from '../../../db/checkout-sessions.ts';
import { hostedCheckoutUrl } from '../../../registration/requests.ts';
import { accountPrincipal } from '../../../http/auth.ts';
import { clientErrors, paged } from '../../schemas/common.ts';
import { pagination } from '../domains/managed.schemas.ts';
import { openCheckoutsResponse } from './checkouts.schemas.ts';
import { declareRoute, ACCOUNT } from '../../../http/declaration.ts';
import { defineOperation } from '../../../http/operations/operation.ts';
import { operationsPlugin } from '../../../http/operations/route.ts';

export const listOpenCheckoutsRoute = declareRoute({
  method: 'GET',
  url: '/api/v1/checkouts',
  access: ACCOUNT,
  openapi: {
    operationId: 'listOpenCheckouts',
    description:
      'Checkouts awaiting payment that you or an agent you claimed started, the soonest to lapse first, paginated: where a person pays each (`pay_url`, a hosted checkout; null when the agent pays it by machine payment), its status, and whether `reset-lock` can end it (`cancellable`: a registration or a renewal).',
  },
});

/** Checkouts awaiting payment: those of the caller and of the agents it claimed. */
export const listOpenCheckouts = defineOperation(
  listOpenCheckoutsRoute,
  {
    tags: ['registration'],
    summary: 'Your open checkouts and your claimed agents’, awaiting payment',
    querystring: pagination,
    response: { 200: openCheckoutsResponse, ...clientErrors },
  },
  async (call, services) => {
    const { limit, offset } = call.query;
    const { config } = services;
    const em = call.db;
    const actors = await manageableOwnerIds(em, accountPrincipal(call));
    const page = await checkoutSessions(em).openOfActors(actors, { limit, offset });
    return paged(page, { limit, offset }, (c) => {
      const isRegistration = c.operation === 'registration';
      const isRenewal = c.operation === 'renewal';
      return {
        order_id: c.sessionId,
        domain: c.name,
        operation: c.operation,
        payment_method: c.method,
        actor_account_id: c.actorAccountId ?? '',
        created_at: c.createdAt.toISOString(),
        expires_at: c.expiresAt.toISOString(),
        pay_url:
          isRegistration && c.method === 'gfavip_checkout'
            ? hostedCheckoutUrl(config.GFAVIP_CHECKOUT_URL, c.sessionId, c.name)
            : null,
        status_url: isRegistration ? `${config.publicBaseUrl}/api/agent/register-status/${c.sessionId}` : null,
        cancellable: isRegistration || isRenewal,
      };
    });
  },
);

export const openCheckoutRoutes = operationsPlugin([listOpenCheckouts]);
