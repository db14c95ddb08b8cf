import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { WorkflowNotFoundError, WorkflowUpdateFailedError, type WorkflowHandle } from '@temporalio/client';
import type { registrationWorkflow } from '../../workflows/registration.ts';
import {
  registrationStatusQuery,
  registrationWorkflowId,
  submitPaymentUpdate,
  type PaymentCredit,
  type RegistrationInput,
  type RegistrationOutcome,
  type RegistrationResult,
  type RegistrationStatus,
} from '../../workflows/registration-messages.ts';
import { AppError, errorCodes, type ErrorCode } from '../domain/errors.ts';
import { formatUsd } from '../domain/money.ts';
import { PaymentReceipt } from '../db/entities/index.ts';
import { findOrderActor, findRegistrationResult } from '../db/registration-result.ts';
import { buildChallenge, checkChallenge, parseCredential, receiptHeader, TRANSFER_CALL } from '../payments/mpp.ts';
import type { Principal } from '../auth/principal.ts';
import { sessionMemo } from '../payments/chain-verifier.ts';
import { buildTempoChallenge } from '../payments/tempo-method.ts';
import type { PaymentSettings } from './deps.ts';
import { type Plan } from './registration-plan.ts';

const DECIMALS = 6;
const OUTCOME_WAIT_MS = 60_000;
const OUTCOME_POLL_MS = 250;
export const checkoutCallbackBody = z.object({
  order_id: z.string().max(64),
  domain: z.string().max(300),
  status: z.literal('paid'),
  reference: z.string().min(1).max(128),
});

/** A refusal type from the workflow (its stable code) as our HTTP error, saying where a credited payment went. */
function refusalError(type: string, message: string, credit?: PaymentCredit | null): AppError {
  const code = (
    type in errorCodes ? type : type.startsWith('coupon_') ? 'coupon_invalid' : 'registration_failed'
  ) as ErrorCode;
  if (!credit) return new AppError(code, message);
  return new AppError(code, `${message} Your payment was credited to your gems balance (${credit.gems} gems).`, {
    credited: { account_id: credit.accountId, gems: credit.gems },
  });
}

type FailureShape = { type?: string; message?: string; details?: unknown[] };

/** Maps a failed update's type (its stable code) onto our HTTP error. */
export function failureToError(err: unknown): AppError {
  const cause = (err as { cause?: FailureShape & { cause?: FailureShape } }).cause;
  const failure = cause?.type ? cause : cause?.cause;
  const credit = (failure?.details?.[0] as PaymentCredit | undefined) ?? null;
  return refusalError(
    failure?.type ?? 'registration_failed',
    failure?.message ?? 'The registration could not complete.',
    credit,
  );
}

/** A finished run's outcome: the registration, or the refusal as our HTTP error. */
export function outcomeResult(o: RegistrationOutcome): RegistrationResult {
  if (o.outcome === 'registered') return o.result;
  if (o.outcome === 'refused') throw refusalError(o.code, o.message, o.credit);
  throw new AppError(
    'checkout_closed',
    o.outcome === 'cancelled'
      ? 'The checkout was reset; request a new one.'
      : 'The checkout expired unpaid; request a new one.',
    { outcome: o.outcome },
  );
}

/** Who acts: the account behind the credential (an organization credential acts through its member). */
export function actorOf(principal: Principal | null): string | null {
  if (!principal) return null;
  return principal.kind === 'org_key' ? principal.memberAccountId : principal.accountId;
}

/** Who holds a checkout: the acting account, or the client address of an anonymous payer. */
export function holderOf(actorAccountId: string | null, ip: string): string {
  return actorAccountId ? `account:${actorAccountId}` : `ip:${ip}`;
}

/**
 * What the registration routes share: the Temporal handle of a name's run, its status, and the
 * 200 / 402 answers. Built once per app from its dependencies.
 */
export function registrationKit(app: FastifyInstance) {
  const { orm, namespaces, config } = app.deps;
  const temporal = () => {
    if (!app.deps.temporal) throw new AppError('not_ready', 'Registration needs Temporal, which is not configured.');
    return app.deps.temporal;
  };
  const payments = () => {
    if (!app.deps.payments)
      throw new AppError('payment_method_not_available', 'Machine payments are not configured on this server.');
    return app.deps.payments;
  };
  const handleFor = (name: string) =>
    temporal().workflow.getHandle<typeof registrationWorkflow>(registrationWorkflowId(name));

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

  function registered(
    reply: FastifyReply,
    r: RegistrationResult,
    sessionId: string,
    warnings: string[],
    namespace: string,
  ) {
    if (r.paymentMethod === 'mpp')
      reply.header('payment-receipt', receiptHeader({ reference: r.paymentReference, sessionId }));
    return reply.status(200).send({
      status: 'success' as const,
      message: `${r.name} is registered.`,
      session_id: sessionId,
      domain: {
        name: r.name,
        namespace,
        status: 'active' as const,
        owner_id: r.ownerId,
        registration_date: r.registrationDate,
        expiry_date: r.expiryDate,
      },
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

  /** The same inputs always give the same challenge, so a repeated 402 for one session is identical. */
  function challengeFor(p: PaymentSettings, input: RegistrationInput): { header: string; memo: string } {
    const chain = input.chain as NonNullable<RegistrationInput['chain']>;
    const common = {
      sessionId: input.sessionId,
      realm: p.realm,
      amountMinor: BigInt(input.amountMinor),
      expiresAt: new Date(input.expiresAtMs),
      secret: p.secret,
      chainId: chain.chainId,
      payTo: chain.payTo,
      description: `Register ${input.name} for ${input.years} year(s)`,
    };
    if (p.method === 'tempo') return buildTempoChallenge({ ...common, currency: chain.token, decimals: DECIMALS });
    const c = buildChallenge({
      ...common,
      currency: input.currency,
      decimals: DECIMALS,
      token: chain.token,
      memo: chain.memo,
    });
    return { header: c.header, memo: chain.memo };
  }

  function paymentRequired(reply: FastifyReply, input: RegistrationInput, warnings: string[]) {
    const p = payments();
    const chain = input.chain as NonNullable<RegistrationInput['chain']>;
    const amountMinor = BigInt(input.amountMinor);
    const challenge = challengeFor(p, input);
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
      challenge: {
        token: chain.token,
        pay_to: chain.payTo,
        chain_id: chain.chainId,
        memo: chain.memo,
        decimals: DECIMALS,
        call: TRANSFER_CALL,
        rpc_url: p.rpcUrl ?? null,
      },
      message: `Pay once before expires_at: call ${TRANSFER_CALL} on challenge.token (chain challenge.chain_id) with (pay_to, amount_minor, memo). Then re-send this request with the transaction hash in Authorization: Payment <hash> or the receipt field. Never pay twice: if an answer is lost, re-send the same receipt.`,
      warnings,
    });
  }

  // Identical receipts submitted at once share one update: Temporal bounds the updates in flight per
  // run, and a burst of retries must not be refused for it.
  const inflight = new Map<string, Promise<RegistrationResult>>();

  /**
   * Hands a receipt to the open checkout and waits for its outcome. A retry that arrives while another
   * is being verified waits for that outcome (in the workflow); a run that closed meanwhile, or an update
   * the server would not take now, is answered from the run's outcome.
   */
  function submitReceipt(
    handle: WorkflowHandle<typeof registrationWorkflow>,
    receipt: string,
    sessionId: string,
  ): Promise<RegistrationResult> {
    checkEchoedChallenge(receipt, sessionId);
    const key = `${sessionId}\n${receipt}`;
    let pending = inflight.get(key);
    if (!pending) {
      pending = handle
        .executeUpdate(submitPaymentUpdate, { args: [{ receipt }] })
        .catch((err: unknown) => {
          if (err instanceof WorkflowUpdateFailedError) throw failureToError(err);
          return outcomeOf(handle, err);
        })
        .finally(() => inflight.delete(key));
      inflight.set(key, pending);
    }
    return pending;
  }

  /** Waits (bounded) for a run verifying or activating a payment to close, and answers its outcome. */
  async function outcomeOf(
    handle: WorkflowHandle<typeof registrationWorkflow>,
    cause: unknown,
  ): Promise<RegistrationResult> {
    for (let waited = 0; waited < OUTCOME_WAIT_MS; waited += OUTCOME_POLL_MS) {
      const d = await handle.describe();
      if (d.status.name === 'COMPLETED') return outcomeResult(await handle.result());
      if (d.status.name !== 'RUNNING') throw cause;
      if ((await handle.query(registrationStatusQuery)).stage === 'awaiting_payment') break;
      await new Promise((r) => setTimeout(r, OUTCOME_POLL_MS));
    }
    throw new AppError(
      'verification_unavailable',
      'The payment could not be judged right now; re-send the same receipt (never pay again).',
    );
  }

  /**
   * A challenge echoed inside an mppx credential must be one this server issued for this session: a
   * credential answering another checkout's challenge is refused before anything is looked up on chain.
   * (An expired challenge is no reason to refuse: the payment was bound to the session when it was made.)
   */
  function checkEchoedChallenge(receipt: string, sessionId: string): void {
    const echoed = parseCredential(receipt)?.challenge;
    if (!echoed || !app.deps.payments) return;
    const verdict = checkChallenge(echoed, { secret: app.deps.payments.secret, sessionId });
    if (verdict === 'not_issued_here' || verdict === 'wrong_session') {
      throw new AppError(
        'invalid_receipt',
        `The credential answers ${verdict === 'wrong_session' ? "another checkout's" : 'a foreign'} challenge, not this checkout's.`,
        { reason: verdict },
      );
    }
  }

  /**
   * The registration a receipt already completed, for a paid retry whose answer was lost. A transaction
   * hash is public, so the registration is shown again only to its own actor, or to whoever presents the
   * credential carrying the challenge this server issued for that session; anyone else learns nothing.
   */
  async function registrationByReceipt(receipt: string, name: string, actorAccountId: string | null) {
    const parsed = parseCredential(receipt);
    if (!parsed || !app.deps.payments) return null;
    const em = orm.em.fork();
    const stored = await em.findOne(PaymentReceipt, { chainId: app.deps.payments.chainId, txHash: parsed.txHash });
    if (!stored) return null;
    const result = await findRegistrationResult(em, stored.sessionId);
    if (!result || result.name !== name) return null;
    const holdsChallenge = parsed.challenge
      ? checkChallenge(parsed.challenge, { secret: app.deps.payments.secret, sessionId: stored.sessionId })
      : 'not_issued_here';
    const ownActor = actorAccountId !== null && actorAccountId === (await findOrderActor(em, stored.sessionId));
    return ownActor || holdsChallenge === 'ok' || holdsChallenge === 'expired'
      ? { result, sessionId: stored.sessionId }
      : null;
  }

  /** The receipt from the body's `receipt` or `Authorization: Payment <receipt>`; both take the same forms. */
  function receiptFrom(req: FastifyRequest, bodyReceipt: string | undefined): string | undefined {
    const auth = req.headers.authorization;
    return bodyReceipt ?? (typeof auth === 'string' && /^Payment\s+\S/i.test(auth.trim()) ? auth.trim() : undefined);
  }

  function newInput(
    plan: Plan,
    t: { label: string; name: string; namespace: string; years: number },
    holder: string,
  ): RegistrationInput {
    const sessionId = randomUUID();
    const ttl = plan.method === 'gfavip_checkout' ? 3600 : config.CHECKOUT_TTL_SECONDS;
    const expiresAtMs = Date.now() + ttl * 1000;
    const p = plan.method === 'mpp' ? payments() : null;
    const input: RegistrationInput = {
      sessionId,
      name: t.name,
      label: t.label,
      namespace: t.namespace,
      years: t.years,
      method: plan.method,
      actorAccountId: plan.actorAccountId,
      holder,
      ownerAccountId: plan.ownerAccountId,
      priceGems: plan.price.totalGems,
      amountMinor: plan.price.amountMinor.toString(),
      currency: config.MPP_CURRENCY,
      resellerChannel: plan.resellerChannel,
      wholesale: plan.wholesale,
      couponCode: plan.couponCode,
      expiresAtMs,
      chain: p ? { chainId: p.chainId, token: p.token, payTo: p.payTo, memo: sessionMemo(sessionId) } : null,
    };
    // mppx's Tempo method binds a payment to its challenge id, so the session memo is derived from it.
    if (p?.method === 'tempo' && input.chain) input.chain.memo = challengeFor(p, input).memo;
    return input;
  }

  return {
    temporal,
    payments,
    handleFor,
    statusOf,
    registered,
    paymentRequired,
    submitReceipt,
    registrationByReceipt,
    receiptFrom,
    newInput,
  };
}
