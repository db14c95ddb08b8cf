import { AppError } from '../../../domain/errors.ts';
import { accountPrincipal } from '../../../http/auth.ts';
import { parseFullName } from '../../../http/domain-name-param.ts';
import { clientErrors, errorBodySchema } from '../../schemas/common.ts';
import { domainNameParams } from '../../schemas/discovery.ts';
import { simpleResponse } from '../domains/register.schemas.ts';
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

export const resetLockRoutes = operationsPlugin([resetRegistrationLock]);
