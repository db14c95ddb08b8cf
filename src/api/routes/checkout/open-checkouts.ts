import { manageableOwnerIds } from '../../../auth/domain-access.ts';
import { checkoutSessions } from '../../../db/checkout-sessions.ts';
import { AppError } from '../../../domain/errors.ts';
import { hostedCheckoutUrl } from '../../../registration/requests.ts';
import { accountPrincipal } from '../../../http/auth.ts';
import { parseFullName } from '../../../http/domain-name-param.ts';
import { clientErrors, errorBodySchema, paged } from '../../schemas/common.ts';
import { domainNameParams } from '../../schemas/discovery.ts';
import { pagination } from '../../schemas/management.ts';
import { simpleResponse } from '../../schemas/register.ts';
import { openCheckoutsResponse } from '../../schemas/checkouts.ts';
import { declareRoute, ACCOUNT } from '../../../http/declaration.ts';
import { defineOperation } from '../../../http/operations/operation.ts';
import { operationsPlugin } from '../../../http/operations/route.ts';

export const resetRegistrationLockRoute = declareRoute({
  method: 'POST',
  url: '/api/v1/domains/:domain_name/reset-lock',
  access: ACCOUNT,
  area: 'names',
  openapi: {
    operationId: 'resetRegistrationLock',
    description:
      'Ends an unpaid checkout and frees the name (its starter, the person who claimed that agent, or an operator); with no registration of the name in progress, ends your (or your agents’) unpaid renewal checkouts of it. Never over a payment that has landed: then 409 `payment_landed` and the registration completes. On the USDC route the checkout relay closes the session first and the lock is released only when it reports `expired_unpaid` (nothing was ever prepared for it); an authorization it accepted keeps the lock: 409 `lock_busy` with `details.settlement_status`.',
  },
});

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

export const resetRegistrationLock = defineOperation(
  resetRegistrationLockRoute,
  {
    tags: ['registration'],
    summary: 'End a stale checkout and free the name (its starter, the person who claimed it, or an operator)',
    params: domainNameParams,
    response: { 200: simpleResponse, 409: errorBodySchema, 503: errorBodySchema, ...clientErrors },
  },
  async (call, services) => {
    const { name } = parseFullName(services.namespaces, call.params.domain_name);
    try {
      await services.registration.reset(name, accountPrincipal(call));
    } catch (err) {
      // No registration lock: the caller's own unpaid renewal checkouts of the name, if any, end instead.
      if (!(err instanceof AppError && err.code === 'lock_not_found')) throw err;
      const ended = await services.renewal.cancel(name, accountPrincipal(call));
      if (ended === 0) throw err;
      return {
        status: 'success' as const,
        message: `Your unpaid renewal checkout of ${name} is ended; nothing was paid, and the name’s term is unchanged.`,
      };
    }
    return {
      status: 'success' as const,
      message: `The registration lock on ${name} is cleared; the name can be registered again.`,
    };
  },
);

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

export const openCheckoutRoutes = operationsPlugin([resetRegistrationLock, listOpenCheckouts]);
