import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { registrationWorkflowId, SETTLE_GRACE_MS } from '../../../workflows/registration-messages.ts';
import { AppError } from '../../domain/errors.ts';
import { checkoutSessions, TooManyCheckoutsError } from '../../db/checkout-sessions.ts';
import { planRegistration } from '../registration-plan.ts';
import { resolveTarget } from '../registration-target.ts';
import { clientErrors, errorBodySchema } from '../schemas/common.ts';
import {
  checkoutPendingResponse,
  paymentRequiredResponse,
  registerBody,
  registerHeaders,
  registeredResponse,
} from '../schemas/register.ts';
import { actorOf, holderOf, outcomeResult, registrationKit } from '../registration-kit.ts';

export const registerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { orm, namespaces, config } = app.deps;
  const {
    temporal,
    handleFor,
    statusOf,
    registered,
    paymentRequired,
    submitReceipt,
    registrationByReceipt,
    receiptFrom,
    newInput,
  } = registrationKit(app);

  app.post(
    '/api/v1/domains/register',
    {
      schema: {
        tags: ['registration'],
        summary:
          'Register a name: 402 challenge on mpp (default), instant on gems or when free, hosted checkout on partner namespaces',
        body: registerBody,
        headers: registerHeaders,
        response: {
          200: registeredResponse,
          202: checkoutPendingResponse,
          402: paymentRequiredResponse.or(errorBodySchema),
          403: errorBodySchema,
          409: errorBodySchema,
          503: errorBodySchema,
          ...clientErrors,
        },
      },
    },
    async (req, reply) => {
      const body = req.body;
      const target = resolveTarget(namespaces, body);
      const network = body.mpp_network ?? req.headers['x-mpp-network'] ?? 'tempo';
      const receipt = receiptFrom(req, body.receipt);
      const handle = handleFor(target.name);
      const actorId = actorOf(req.principal);
      const holder = holderOf(actorId, req.ip);

      // A checkout in progress is the lock: its holder continues it (a retry while a receipt is being
      // verified waits for that outcome), anyone else is told the name is being registered.
      const running = await statusOf(handle);
      if (running) {
        if (running.input.holder !== holder || running.input.method !== 'mpp') {
          throw new AppError(
            'name_being_registered',
            `${target.name} is being registered right now; check GET /api/v1/domains/${target.name}/registration if it is yours.`,
          );
        }
        if (receipt)
          return registered(
            reply,
            await submitReceipt(handle, receipt, running.input.sessionId),
            running.input.sessionId,
            [],
            target.ns.namespace,
          );
        if (running.stage === 'awaiting_payment') return paymentRequired(reply, running.input, []);
        throw new AppError(
          'name_being_registered',
          `The registration of ${target.name} is ${running.stage}; re-send the request with your receipt to get its outcome.`,
        );
      }

      // A paid retry whose answer was lost: the receipt already completed this name's registration, so
      // its own actor or payer gets that registration again (never a second payment, never a second domain).
      if (receipt) {
        const done = await registrationByReceipt(receipt, target.name, actorId);
        if (done) return registered(reply, done.result, done.sessionId, [], target.ns.namespace);
      }

      const plan = await planRegistration(
        orm.em.fork(),
        req.principal,
        {
          ...target,
          years: body.years,
          paymentMethod: body.payment_method ?? 'mpp',
          network,
          resellerChannel: body.reseller_channel ?? null,
          targetOwnerId: body.target_owner_id ?? null,
          couponCode: body.coupon_code ?? null,
        },
        config,
      );
      if (receipt && plan.method === 'mpp') {
        throw new AppError(
          'no_checkout',
          'There is no open checkout for this name: send the request without a receipt to get a payment challenge first.',
        );
      }
      const input = newInput(
        plan,
        { label: target.label, name: target.name, namespace: target.ns.namespace, years: body.years },
        holder,
      );
      const waitsForPayment = plan.method === 'mpp' || plan.method === 'gfavip_checkout';
      const checkouts = checkoutSessions(orm.em.fork());
      if (waitsForPayment) await openCheckout(checkouts, input);
      try {
        await temporal().workflow.start('registrationWorkflow', {
          taskQueue: config.TEMPORAL_TASK_QUEUE,
          workflowId: registrationWorkflowId(target.name),
          workflowIdConflictPolicy: 'FAIL',
          args: [input],
        });
      } catch (err) {
        if (waitsForPayment) await checkouts.close(input.sessionId, 'cancelled');
        if (err instanceof WorkflowExecutionAlreadyStartedError) {
          throw new AppError('name_being_registered', `${target.name} is being registered by someone else right now.`);
        }
        throw err;
      }
      if (plan.method === 'mpp') return paymentRequired(reply, input, plan.warnings);
      if (plan.method === 'gfavip_checkout') {
        return reply.status(202).send({
          status: 'pending' as const,
          order_id: input.sessionId,
          checkout_url: `${config.GFAVIP_CHECKOUT_URL}?order_id=${input.sessionId}&domain=${encodeURIComponent(target.name)}`,
          status_url: `${config.publicBaseUrl}/api/agent/register-status/${input.sessionId}`,
          expires_at: new Date(input.expiresAtMs).toISOString(),
          message: 'Complete the hosted checkout; the order stays pending until the checkout reports it paid.',
        });
      }
      return registered(
        reply,
        outcomeResult(await handle.result()),
        input.sessionId,
        plan.warnings,
        target.ns.namespace,
      );
    },
  );

  /** Opens the checkout's row, refusing a holder that already has the most unpaid checkouts allowed. */
  async function openCheckout(checkouts: ReturnType<typeof checkoutSessions>, input: ReturnType<typeof newInput>) {
    try {
      await checkouts.open({
        sessionId: input.sessionId,
        name: input.name,
        holder: input.holder,
        actorAccountId: input.actorAccountId,
        method: input.method,
        expiresAt: new Date(input.expiresAtMs + SETTLE_GRACE_MS),
        max: config.CHECKOUT_MAX_OPEN,
      });
    } catch (err) {
      if (!(err instanceof TooManyCheckoutsError)) throw err;
      throw new AppError(
        'too_many_open_checkouts',
        `You already have ${err.open.length} unpaid checkouts open (${err.open.join(', ')}); pay or reset one, or retry after ${err.retryAfterSeconds} s.`,
        { open: err.open, limit: config.CHECKOUT_MAX_OPEN },
        { 'retry-after': String(err.retryAfterSeconds) },
      );
    }
  }
};
