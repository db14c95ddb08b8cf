import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { manageableOwnerIds } from '../../auth/domain-access.ts';
import { readReceipt } from '../../checkout/receipt.ts';
import { checkoutSessions } from '../../db/checkout-sessions.ts';
import { hostedCheckoutUrl } from '../../registration/requests.ts';
import { AppError } from '../../domain/errors.ts';
import { accountPrincipal } from '../auth.ts';
import { parseFullName } from '../domain-name-param.ts';
import { resolveTarget } from '../registration-target.ts';
import { sendRegistered } from '../replies/registration.ts';
import type { RegistrationService } from '../../registration/service.ts';
import { clientErrors, errorBodySchema } from '../schemas/common.ts';
import { domainNameParams } from '../schemas/discovery.ts';
import { pagination } from '../schemas/management.ts';
import { paidOperationForbidden } from '../schemas/mandates.ts';
import {
  checkoutCallbackBody,
  openCheckoutsResponse,
  orderIdParams,
  orderStatusResponse,
  registeredResponse,
  registrationStatusResponse,
  simpleResponse,
  verifyMppBody,
} from '../schemas/register.ts';
import { declareRoute, ACCOUNT, PUBLIC } from './declaration.ts';

export const verifyMppPaymentRoute = declareRoute({
  method: 'POST',
  url: '/api/payments/verify-mpp',
  access: PUBLIC,
  openapi: {
    operationId: 'verifyMppPayment',
    description: 'Verifies a receipt for an open checkout by session id and registers the domain.',
  },
});

export const getRegistrationProgressRoute = declareRoute({
  method: 'GET',
  url: '/api/v1/domains/:domain_name/registration',
  access: ACCOUNT,
  openapi: {
    operationId: 'getRegistrationProgress',
    description: 'Where your running registration of a name stands.',
  },
});

export const getRegistrationOrderRoute = declareRoute({
  method: 'GET',
  url: '/api/agent/register-status/:order_id',
  access: ACCOUNT,
  openapi: {
    operationId: 'getRegistrationOrder',
    description:
      'A registration order by its id (session id or hosted-checkout order id): state, order status, the domain’s id and status, the paying transaction and, on the USDC route, where the relay’s settlement stands (`unknown` when the relay cannot be asked: a payment may be in flight). Complete when settlement is `confirmed`, `order_status` `paid` and `domain_status` `active`.',
  },
});

export const reconcileRegistrationOrderRoute = declareRoute({
  method: 'POST',
  url: '/api/agent/register-status/:order_id/reconcile',
  access: ACCOUNT,
  openapi: {
    operationId: 'reconcileRegistrationOrder',
    description:
      'USDC route (spec 4.6 step 8): looks at the relay now; a confirmed settlement is checked on chain (a `Transfer` of exactly the amount to the receiver) and the domain activated, then the order status is answered. Idempotent: a completed order is answered as it is (same payment reference; no second transfer, order or domain). Not confirmed: 409 `settlement_not_confirmed` with `details.settlement_status`, and nothing is activated; relay unreachable: 503 `relay_unavailable` (poll, never pay again).',
  },
});

export const resetRegistrationLockRoute = declareRoute({
  method: 'POST',
  url: '/api/v1/domains/:domain_name/reset-lock',
  access: ACCOUNT,
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

export const hostedCheckoutCallbackRoute = declareRoute({
  method: 'POST',
  url: '/api/v1/checkout/gfavip/callback',
  access: PUBLIC,
  openapi: {
    operationId: 'hostedCheckoutCallback',
    description:
      'The hosted checkout reports a paid order. Signed: `X-Service-Signature` is the hex HMAC-SHA256 of the raw body.',
  },
});

// Around a registration in progress: verify a receipt, see where it stands, reset its lock, and the
// hosted checkout's paid callback.
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const { namespaces, config, orm } = app.deps;
  const registration = app.registration;

  app.route({
    ...verifyMppPaymentRoute,
    schema: {
      tags: ['registration'],
      summary: 'Verify a machine-payment receipt for an open checkout and register the domain',
      body: verifyMppBody,
      response: {
        200: registeredResponse,
        402: errorBodySchema,
        403: paidOperationForbidden,
        409: errorBodySchema,
        ...clientErrors,
      },
    },
    handler: async (req, reply) => {
      const target = resolveTarget(namespaces, req.body);
      const answer = await registration.verify({
        name: target.name,
        sessionId: req.body.session_id,
        years: req.body.years,
        receipt: readReceipt(req.body.receipt),
      });
      return sendRegistered(reply, answer, target.ns.namespace);
    },
  });

  app.route({
    ...getRegistrationProgressRoute,
    schema: {
      tags: ['registration'],
      summary: 'Where a running registration stands',
      params: domainNameParams,
      response: { 200: registrationStatusResponse, ...clientErrors },
    },
    handler: async (req) => {
      const { name } = parseFullName(namespaces, req.params.domain_name);
      const p = await registration.progress(name, accountPrincipal(req));
      return {
        status: 'success' as const,
        domain: name,
        workflow_id: p.workflowId,
        stage: p.stage,
        session_id: p.input.sessionId,
        payment_method: p.input.method,
        expires_at: new Date(p.input.expiresAtMs).toISOString(),
      };
    },
  });

  // Spec 4.6 step 8 and the partner record's `urls.status`: a checkout by its id (the session id, the
  // hosted checkout's order id). Only its actor, the person who claimed it, or an operator sees it; to anyone else it does not exist.
  app.route({
    ...getRegistrationOrderRoute,
    schema: {
      tags: ['registration'],
      summary: 'Status of a registration order by its id (session id / hosted-checkout order id)',
      params: orderIdParams,
      response: { 200: orderStatusResponse, ...clientErrors },
    },
    handler: async (req) =>
      orderStatus(req.params.order_id, await registration.order(req.params.order_id, accountPrincipal(req))),
  });

  // Spec 4.6 step 8: reconcile a relay-settled payment with the registry (idempotent).
  app.route({
    ...reconcileRegistrationOrderRoute,
    schema: {
      tags: ['registration'],
      summary: 'USDC route: reconcile a confirmed relay settlement with the registry (idempotent)',
      params: orderIdParams,
      response: { 200: orderStatusResponse, 409: errorBodySchema, 503: errorBodySchema, ...clientErrors },
    },
    handler: async (req) =>
      orderStatus(req.params.order_id, await registration.reconcile(req.params.order_id, accountPrincipal(req))),
  });

  app.route({
    ...resetRegistrationLockRoute,
    schema: {
      tags: ['registration'],
      summary: 'End a stale checkout and free the name (its starter, the person who claimed it, or an operator)',
      params: domainNameParams,
      response: { 200: simpleResponse, 409: errorBodySchema, 503: errorBodySchema, ...clientErrors },
    },
    handler: async (req) => {
      const { name } = parseFullName(namespaces, req.params.domain_name);
      try {
        await registration.reset(name, accountPrincipal(req));
      } catch (err) {
        // No registration lock: the caller's own unpaid renewal checkouts of the name, if any, end instead.
        if (!(err instanceof AppError && err.code === 'lock_not_found')) throw err;
        const ended = await app.renewal.cancel(name, accountPrincipal(req));
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
  });

  app.route({
    ...listOpenCheckoutsRoute,
    schema: {
      tags: ['registration'],
      summary: 'Your open checkouts and your claimed agents’, awaiting payment',
      querystring: pagination,
      response: { 200: openCheckoutsResponse, ...clientErrors },
    },
    handler: async (req) => {
      const { limit, offset } = req.query;
      const em = orm.em.fork();
      const actors = await manageableOwnerIds(em, accountPrincipal(req));
      const page = await checkoutSessions(em).openOfActors(actors, { limit, offset });
      const data = page.rows.map((c) => {
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
      return { status: 'success' as const, data, limit, offset, total: page.total };
    },
  });

  // The hosted checkout reports payment here, signed like our webhooks (hex HMAC-SHA256 of the raw body).
  app.register(async (plain) => {
    const hook = plain.withTypeProvider<ZodTypeProvider>();
    hook.addContentTypeParser('application/json', { parseAs: 'string' }, (request, raw, done) => {
      (request as FastifyRequest & { rawBody?: string }).rawBody = raw as string;
      try {
        done(null, JSON.parse(raw as string));
      } catch (err) {
        done(Object.assign(err as Error, { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' }), undefined);
      }
    });
    hook.route({
      ...hostedCheckoutCallbackRoute,
      schema: {
        tags: ['registration'],
        summary: 'Hosted checkout callback (signed): marks a pending partner order paid',
        body: checkoutCallbackBody,
        response: { 200: simpleResponse, 401: errorBodySchema, ...clientErrors },
      },
      handler: async (req) => {
        const raw = (req as FastifyRequest & { rawBody?: string }).rawBody ?? '';
        const given = Buffer.from(String(req.headers['x-service-signature'] ?? ''), 'hex');
        const expected = createHmac('sha256', config.GFAVIP_WEBHOOK_SECRET).update(raw).digest();
        if (given.length !== expected.length || !timingSafeEqual(given, expected))
          throw new AppError('invalid_credential', 'Bad checkout signature.');
        const { name } = parseFullName(namespaces, req.body.domain);
        await registration.hostedCheckoutPaid({ name, orderId: req.body.order_id, reference: req.body.reference });
        return { status: 'success' as const, message: 'Payment recorded; the domain is being activated.' };
      },
    });
  });
};

/** How an order reads on the wire (spec 4.6 step 8: settlement, order and domain status, ids, the transaction). */
function orderStatus(orderId: string, o: Awaited<ReturnType<RegistrationService['order']>>) {
  const r = o.result;
  const onChain = r && /^0x[0-9a-f]{64}$/i.test(r.paymentReference) ? r.paymentReference : null;
  return {
    status: 'success' as const,
    order_id: orderId,
    domain: o.name,
    state: o.state,
    order_status: r
      ? ('paid' as const)
      : o.state === 'refused' || o.state === 'expired_unpaid' || o.state === 'cancelled'
        ? o.state
        : ('pending' as const),
    payment_method: o.method,
    expires_at: o.expiresAt,
    domain_id: r?.domainId ?? null,
    domain_status: o.domainStatus,
    tx_hash: onChain ?? o.settlement?.txHash ?? null,
    settlement: o.settlement
      ? { relay_session_id: o.settlement.relaySessionId, status: o.settlement.status, tx_hash: o.settlement.txHash }
      : null,
    registration: r
      ? {
          domain_id: r.domainId,
          order_id: r.orderId,
          owner_id: r.ownerId,
          expiry_date: r.expiryDate,
          payment_reference: r.paymentReference,
        }
      : null,
  };
}
