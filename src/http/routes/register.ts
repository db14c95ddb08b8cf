import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { WorkflowExecutionAlreadyStartedError, WorkflowFailedError, WorkflowNotFoundError, WorkflowUpdateFailedError, type WorkflowHandle } from '@temporalio/client';
import type { registrationWorkflow } from '../../../workflows/registration.ts';
import {
  checkoutPaidSignal,
  registrationStatusQuery,
  registrationWorkflowId,
  resetLockUpdate,
  submitPaymentUpdate,
  type RegistrationInput,
  type RegistrationResult,
  type RegistrationStatus,
} from '../../../workflows/registration-messages.ts';
import { AppError, errorCodes, type ErrorCode } from '../../domain/errors.ts';
import { formatUsd } from '../../domain/money.ts';
import { Account, PaymentReceipt } from '../../db/entities/index.ts';
import { findRegistrationResult } from '../../db/registration-result.ts';
import { parseCredential } from '../../payments/mpp.ts';
import { buildChallenge, receiptHeader } from '../../payments/mpp.ts';
import { sessionMemo } from '../../payments/chain-verifier.ts';
import { accountPrincipal } from '../auth.ts';
import { parseFullName } from '../domain-name-param.ts';
import { planRegistration, type Plan } from '../registration-plan.ts';
import { resolveTarget } from '../registration-target.ts';
import { clientErrors, errorBodySchema } from '../schemas/common.ts';
import { domainNameParams } from '../schemas/discovery.ts';
import {
  checkoutPendingResponse,
  paymentRequiredResponse,
  registerBody,
  registerHeaders,
  registeredResponse,
  registrationStatusResponse,
  simpleResponse,
  verifyMppBody,
} from '../schemas/register.ts';

const DECIMALS = 6;
const checkoutCallbackBody = z.object({ order_id: z.string().max(64), domain: z.string().max(300), status: z.literal('paid'), reference: z.string().min(1).max(128) });

/** Maps a workflow's failure type (its stable code) onto our HTTP error. */
function failureToError(err: unknown): AppError {
  const cause = (err as { cause?: { type?: string; message?: string; cause?: { type?: string; message?: string } } }).cause;
  const failure = cause?.type ? cause : cause?.cause;
  const type = failure?.type ?? 'registration_failed';
  const code = (type in errorCodes ? type : type.startsWith('coupon_') ? 'coupon_invalid' : 'registration_failed') as ErrorCode;
  return new AppError(code, failure?.message ?? 'The registration could not complete.');
}

export const registerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { orm, namespaces, config } = app.deps;
  const temporal = () => {
    if (!app.deps.temporal) throw new AppError('not_ready', 'Registration needs Temporal, which is not configured.');
    return app.deps.temporal;
  };
  const payments = () => {
    if (!app.deps.payments) throw new AppError('payment_method_not_available', 'Machine payments are not configured on this server.');
    return app.deps.payments;
  };
  const handleFor = (name: string) => temporal().workflow.getHandle<typeof registrationWorkflow>(registrationWorkflowId(name));

  async function statusOf(handle: WorkflowHandle<typeof registrationWorkflow>): Promise<RegistrationStatus | null> {
    try {
      const d = await handle.describe();
      if (d.status.name !== 'RUNNING') return null;
      return await handle.query(registrationStatusQuery);
    } catch (err) {
      if (err instanceof WorkflowNotFoundError) return null;
      throw err;
    }
  }

  function registered(reply: FastifyReply, r: RegistrationResult, sessionId: string, warnings: string[], namespace: string) {
    if (r.paymentMethod === 'mpp') reply.header('payment-receipt', receiptHeader({ reference: r.paymentReference, sessionId }));
    return reply.status(200).send({
      status: 'success' as const,
      message: `${r.name} is registered.`,
      session_id: sessionId,
      domain: { name: r.name, namespace, status: 'active' as const, owner_id: r.ownerId, registration_date: r.registrationDate, expiry_date: r.expiryDate },
      order: {
        order_id: r.orderId,
        payment_method: r.paymentMethod,
        amount_gems: r.amountGems,
        amount: r.amountMinor == null ? null : formatUsd(BigInt(r.amountMinor)),
        currency: r.currency,
        payment_reference: r.paymentReference,
      },
      warnings,
    });
  }

  function paymentRequired(reply: FastifyReply, input: RegistrationInput, warnings: string[]) {
    const p = payments();
    const chain = input.chain as NonNullable<RegistrationInput['chain']>;
    const amountMinor = BigInt(input.amountMinor);
    const challenge = buildChallenge({
      sessionId: input.sessionId,
      realm: config.publicBaseUrl,
      amountMinor,
      currency: input.currency,
      decimals: DECIMALS,
      token: chain.token,
      payTo: chain.payTo,
      chainId: chain.chainId,
      memo: chain.memo,
      expiresAt: new Date(input.expiresAtMs),
      description: `Register ${input.name} for ${input.years} year(s)`,
      secret: p.secret,
    });
    reply.header('www-authenticate', challenge.header);
    reply.header('cache-control', 'no-store');
    return reply.status(402).send({
      status: 'payment_required' as const,
      protocol: 'mpp' as const,
      amount: Number(formatUsd(amountMinor)),
      amount_minor: input.amountMinor,
      currency: input.currency,
      session_id: input.sessionId,
      // EIP-681 payment request: the token call that pays this checkout.
      pay_url: `ethereum:${chain.token}@${chain.chainId}/transferWithMemo?address=${chain.payTo}&uint256=${input.amountMinor}&bytes32=${chain.memo}`,
      expires_at: new Date(input.expiresAtMs).toISOString(),
      challenge: { token: chain.token, pay_to: chain.payTo, chain_id: chain.chainId, memo: chain.memo, decimals: DECIMALS },
      message: 'Pay the amount on chain (transferWithMemo with the memo), then re-send this request with the receipt in Authorization: Payment or the receipt field.',
      warnings,
    });
  }

  async function submitReceipt(handle: WorkflowHandle<typeof registrationWorkflow>, receipt: string): Promise<RegistrationResult> {
    try {
      return await handle.executeUpdate(submitPaymentUpdate, { args: [{ receipt }] });
    } catch (err) {
      if (err instanceof WorkflowUpdateFailedError) throw failureToError(err);
      throw err;
    }
  }

  async function registrationByReceipt(receipt: string, name: string) {
    const parsed = parseCredential(receipt);
    if (!parsed || !app.deps.payments) return null;
    const em = orm.em.fork();
    const stored = await em.findOne(PaymentReceipt, { chainId: app.deps.payments.chainId, txHash: parsed.txHash });
    if (!stored) return null;
    const result = await findRegistrationResult(em, stored.sessionId);
    return result && result.name === name ? { result, sessionId: stored.sessionId } : null;
  }

  function receiptFrom(req: FastifyRequest, bodyReceipt: string | undefined): string | undefined {
    const auth = req.headers.authorization;
    const m = typeof auth === 'string' ? /^Payment\s+(.+)$/i.exec(auth.trim()) : null;
    return bodyReceipt ?? (m ? auth!.trim() : undefined);
  }

  function newInput(plan: Plan, t: { label: string; name: string; namespace: string; years: number }): RegistrationInput {
    const sessionId = randomUUID();
    const ttl = plan.method === 'gfavip_checkout' ? 3600 : config.CHECKOUT_TTL_SECONDS;
    const p = plan.method === 'mpp' ? payments() : null;
    return {
      sessionId,
      name: t.name,
      label: t.label,
      namespace: t.namespace,
      years: t.years,
      method: plan.method,
      actorAccountId: plan.actorAccountId,
      ownerAccountId: plan.ownerAccountId,
      priceGems: plan.price.totalGems,
      amountMinor: plan.price.amountMinor.toString(),
      currency: config.MPP_CURRENCY,
      resellerChannel: plan.resellerChannel,
      wholesale: plan.wholesale,
      couponCode: plan.couponCode,
      expiresAtMs: Date.now() + ttl * 1000,
      chain: p ? { chainId: p.chainId, token: p.token, payTo: p.payTo, memo: sessionMemo(sessionId) } : null,
    };
  }

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
      return registered(reply, await submitReceipt(handle, req.body.receipt), running.input.sessionId, [], target.ns.namespace);
    },
  );

  app.get(
    '/api/v1/domains/:domain_name/registration',
    {
      schema: { tags: ['registration'], summary: 'Where a running registration stands', params: domainNameParams, response: { 200: registrationStatusResponse, ...clientErrors } },
    },
    async (req) => {
      const { name } = parseFullName(namespaces, req.params.domain_name);
      const principal = accountPrincipal(req);
      const running = await statusOf(handleFor(name));
      if (!running) throw new AppError('lock_not_found', `No registration of ${name} is in progress.`);
      const operator = (await orm.em.fork().findOne(Account, { id: principal.accountId }, { fields: ['isOperator'] }))?.isOperator;
      if (running.input.actorAccountId !== principal.accountId && !operator) throw new AppError('forbidden', 'Only the account that started this registration can see it.');
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

  app.post(
    '/api/v1/domains/:domain_name/reset-lock',
    {
      schema: { tags: ['registration'], summary: 'End a stale checkout and free the name (starter or operator)', params: domainNameParams, response: { 200: simpleResponse, 409: errorBodySchema, ...clientErrors } },
    },
    async (req) => {
      const { name } = parseFullName(namespaces, req.params.domain_name);
      const principal = accountPrincipal(req);
      const handle = handleFor(name);
      if (!(await statusOf(handle))) throw new AppError('lock_not_found', `There is no registration lock on ${name}.`);
      const operator = Boolean((await orm.em.fork().findOne(Account, { id: principal.accountId }, { fields: ['isOperator'] }))?.isOperator);
      let outcome: { outcome: 'released' | 'payment_found' };
      try {
        outcome = await handle.executeUpdate(resetLockUpdate, { args: [{ actorAccountId: principal.accountId, operator }] });
      } catch (err) {
        if (err instanceof WorkflowUpdateFailedError) throw failureToError(err);
        throw err;
      }
      if (outcome.outcome === 'payment_found') {
        throw new AppError('payment_landed', `A payment for this checkout has landed; ${name} is being registered, so the lock stays.`);
      }
      await handle.result().catch(() => undefined);
      return { status: 'success' as const, message: `The registration lock on ${name} is cleared; the name can be registered again.` };
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
        if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new AppError('invalid_credential', 'Bad checkout signature.');
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
