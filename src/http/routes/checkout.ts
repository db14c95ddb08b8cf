import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { WorkflowUpdateFailedError } from '@temporalio/client';
import {
  checkoutPaidSignal,
  registrationWorkflowId,
  resetLockUpdate,
} from '../../../workflows/registration-messages.ts';
import { AppError } from '../../domain/errors.ts';
import { Account } from '../../db/entities/index.ts';
import { accountPrincipal } from '../auth.ts';
import { parseFullName } from '../domain-name-param.ts';
import { resolveTarget } from '../registration-target.ts';
import { clientErrors, errorBodySchema } from '../schemas/common.ts';
import { domainNameParams } from '../schemas/discovery.ts';
import {
  orderIdParams,
  orderStatusResponse,
  registeredResponse,
  registrationStatusResponse,
  simpleResponse,
  verifyMppBody,
} from '../schemas/register.ts';
import { checkoutSessions } from '../../db/checkout-sessions.ts';
import { findOrderActor, findRegistrationResult } from '../../db/registration-result.ts';
import { registrationKit, failureToError, checkoutCallbackBody } from '../registration-kit.ts';

// Around a registration in progress: verify a receipt, see where it stands, reset its lock, and the
// hosted checkout's paid callback.
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const { orm, namespaces, config } = app.deps;
  const { handleFor, statusOf, registered, submitReceipt } = registrationKit(app);
  const isOperator = async (accountId: string) =>
    Boolean((await orm.em.fork().findOne(Account, { id: accountId }, { fields: ['isOperator'] }))?.isOperator);

  app.post(
    '/api/payments/verify-mpp',
    {
      schema: {
        tags: ['registration'],
        summary: 'Verify a machine-payment receipt for an open checkout and register the domain',
        body: verifyMppBody,
        response: { 200: registeredResponse, 402: errorBodySchema, 409: errorBodySchema, ...clientErrors },
      },
    },
    async (req, reply) => {
      const target = resolveTarget(namespaces, req.body);
      const handle = handleFor(target.name);
      const running = await statusOf(handle);
      if (!running || running.input.sessionId !== req.body.session_id || running.input.years !== req.body.years) {
        throw new AppError('invalid_receipt', 'No open checkout matches this session, domain and term.');
      }
      return registered(
        reply,
        await submitReceipt(handle, req.body.receipt, running.input.sessionId),
        running.input.sessionId,
        [],
        target.ns.namespace,
      );
    },
  );

  app.get(
    '/api/v1/domains/:domain_name/registration',
    {
      schema: {
        tags: ['registration'],
        summary: 'Where a running registration stands',
        params: domainNameParams,
        response: { 200: registrationStatusResponse, ...clientErrors },
      },
    },
    async (req) => {
      const { name } = parseFullName(namespaces, req.params.domain_name);
      const principal = accountPrincipal(req);
      const running = await statusOf(handleFor(name));
      if (!running) throw new AppError('lock_not_found', `No registration of ${name} is in progress.`);
      const operator = await isOperator(principal.accountId);
      if (running.input.actorAccountId !== principal.accountId && !operator)
        throw new AppError('forbidden', 'Only the account that started this registration can see it.');
      return {
        status: 'success' as const,
        domain: name,
        workflow_id: registrationWorkflowId(name),
        stage: running.stage,
        session_id: running.input.sessionId,
        payment_method: running.input.method,
        expires_at: new Date(running.input.expiresAtMs).toISOString(),
      };
    },
  );

  // Spec 4.6 step 8 and the partner record's `urls.status`: a checkout by its id (the session id, the
  // hosted checkout's order id). Only its actor or an operator sees it; to anyone else it does not exist.
  app.get(
    '/api/agent/register-status/:order_id',
    {
      schema: {
        tags: ['registration'],
        summary: 'Status of a registration order by its id (session id / hosted-checkout order id)',
        params: orderIdParams,
        response: { 200: orderStatusResponse, ...clientErrors },
      },
    },
    async (req) => {
      const principal = accountPrincipal(req);
      const em = orm.em.fork();
      const id = req.params.order_id;
      const checkout = await checkoutSessions(em).find(id);
      const actor = checkout ? checkout.actorAccountId : await findOrderActor(em, id);
      if (!actor || (actor !== principal.accountId && !(await isOperator(principal.accountId)))) {
        throw new AppError('order_not_found', `No registration order ${id} of yours.`);
      }
      const result = await findRegistrationResult(em, id);
      const running = checkout && !checkout.outcome ? await statusOf(handleFor(checkout.name)) : null;
      const state = result ? 'registered' : (checkout?.outcome ?? running?.stage ?? 'expired_unpaid');
      return {
        status: 'success' as const,
        order_id: id,
        domain: result?.name ?? checkout?.name ?? '',
        state,
        payment_method: result?.paymentMethod ?? checkout?.method ?? '',
        expires_at: checkout ? checkout.expiresAt.toISOString() : null,
        registration: result
          ? {
              domain_id: result.domainId,
              order_id: result.orderId,
              owner_id: result.ownerId,
              expiry_date: result.expiryDate,
              payment_reference: result.paymentReference,
            }
          : null,
      };
    },
  );

  app.post(
    '/api/v1/domains/:domain_name/reset-lock',
    {
      schema: {
        tags: ['registration'],
        summary: 'End a stale checkout and free the name (starter or operator)',
        params: domainNameParams,
        response: { 200: simpleResponse, 409: errorBodySchema, ...clientErrors },
      },
    },
    async (req) => {
      const { name } = parseFullName(namespaces, req.params.domain_name);
      const principal = accountPrincipal(req);
      const handle = handleFor(name);
      if (!(await statusOf(handle))) throw new AppError('lock_not_found', `There is no registration lock on ${name}.`);
      const operator = await isOperator(principal.accountId);
      let outcome: { outcome: 'released' | 'payment_found' };
      try {
        outcome = await handle.executeUpdate(resetLockUpdate, {
          args: [{ actorAccountId: principal.accountId, operator }],
        });
      } catch (err) {
        if (err instanceof WorkflowUpdateFailedError) throw failureToError(err);
        throw err;
      }
      if (outcome.outcome === 'payment_found') {
        throw new AppError(
          'payment_landed',
          `A payment for this checkout has landed; ${name} is being registered, so the lock stays.`,
        );
      }
      await handle.result().catch(() => undefined);
      return {
        status: 'success' as const,
        message: `The registration lock on ${name} is cleared; the name can be registered again.`,
      };
    },
  );

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
    hook.post(
      '/api/v1/checkout/gfavip/callback',
      {
        schema: {
          tags: ['registration'],
          summary: 'Hosted checkout callback (signed): marks a pending partner order paid',
          body: checkoutCallbackBody,
          response: { 200: simpleResponse, 401: errorBodySchema, ...clientErrors },
        },
      },
      async (req) => {
        const raw = (req as FastifyRequest & { rawBody?: string }).rawBody ?? '';
        const given = Buffer.from(String(req.headers['x-service-signature'] ?? ''), 'hex');
        const expected = createHmac('sha256', config.GFAVIP_WEBHOOK_SECRET).update(raw).digest();
        if (given.length !== expected.length || !timingSafeEqual(given, expected))
          throw new AppError('invalid_credential', 'Bad checkout signature.');
        const { name } = parseFullName(namespaces, req.body.domain);
        const handle = handleFor(name);
        const running = await statusOf(handle);
        if (!running || running.input.sessionId !== req.body.order_id || running.input.method !== 'gfavip_checkout') {
          throw new AppError('no_checkout', 'No pending hosted checkout matches this order.');
        }
        await handle.signal(checkoutPaidSignal, { reference: `gfavip:${req.body.reference}` });
        return { status: 'success' as const, message: 'Payment recorded; the domain is being activated.' };
      },
    );
  });
};
