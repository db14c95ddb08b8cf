import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WorkflowExecutionAlreadyStartedError, WorkflowFailedError } from '@temporalio/client';
import type { registrationWorkflow } from '../../../workflows/registration.ts';
import { registrationWorkflowId } from '../../../workflows/registration-messages.ts';
import { AppError } from '../../domain/errors.ts';
import { planRegistration } from '../registration-plan.ts';
import { resolveTarget } from '../registration-target.ts';
import { clientErrors, errorBodySchema } from '../schemas/common.ts';
import { checkoutPendingResponse, paymentRequiredResponse, registerBody, registerHeaders, registeredResponse } from '../schemas/register.ts';
import { registrationKit, failureToError } from '../registration-kit.ts';

export const registerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { orm, namespaces, config } = app.deps;
  const { temporal, handleFor, statusOf, registered, paymentRequired, submitReceipt, registrationByReceipt, receiptFrom, newInput } = registrationKit(app);

  app.post(
    '/api/v1/domains/register',
    {
      schema: {
        tags: ['registration'],
        summary: 'Register a name: 402 challenge on mpp (default), instant on gems or when free, hosted checkout on partner namespaces',
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
      const actorId = req.principal ? (req.principal.kind === 'org_key' ? req.principal.memberAccountId : req.principal.accountId) : null;

      // A checkout in progress is the lock: its starter continues it, anyone else waits.
      const running = await statusOf(handle);
      if (running) {
        if (running.input.actorAccountId !== actorId) {
          throw new AppError('name_being_registered', `${target.name} is being registered by someone else right now.`);
        }
        if (running.input.method === 'mpp' && running.stage === 'awaiting_payment') {
          if (!receipt) return paymentRequired(reply, running.input, []);
          return registered(reply, await submitReceipt(handle, receipt), running.input.sessionId, [], target.ns.namespace);
        }
        throw new AppError('name_being_registered', `The registration of ${target.name} is ${running.stage}; check GET /api/v1/domains/${target.name}/registration.`);
      }

      // A paid retry whose answer was lost: the receipt already completed this name's registration, so
      // answer with that registration again (never a second payment, never a second domain).
      if (receipt) {
        const done = await registrationByReceipt(receipt, target.name);
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
        throw new AppError('no_checkout', 'There is no open checkout for this name: send the request without a receipt to get a payment challenge first.');
      }
      const input = newInput(plan, { label: target.label, name: target.name, namespace: target.ns.namespace, years: body.years });
      try {
        await temporal().workflow.start('registrationWorkflow', {
          taskQueue: config.TEMPORAL_TASK_QUEUE,
          workflowId: registrationWorkflowId(target.name),
          workflowIdConflictPolicy: 'FAIL',
          args: [input],
        });
      } catch (err) {
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
          expires_at: new Date(input.expiresAtMs).toISOString(),
          message: 'Complete the hosted checkout; the order stays pending until the checkout reports it paid.',
        });
      }
      try {
        return registered(reply, await handle.result(), input.sessionId, plan.warnings, target.ns.namespace);
      } catch (err) {
        if (err instanceof WorkflowFailedError) throw failureToError(err);
        throw err;
      }
    },
  );

};
