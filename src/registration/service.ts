import { randomUUID } from 'node:crypto';
import type { Client } from '@temporalio/client';
import {
  registrationStatusQuery,
  registrationWorkflowId,
  submitPaymentUpdate,
  type RegistrationInput,
  type RegistrationOutcome,
  type RegistrationResult,
} from '../../workflows/registration-messages.ts';
import { lookNowUpdate, settlementWorkflowId, type RelaySessionState } from '../../workflows/settlement-messages.ts';
import { manageableOwnerIds } from '../auth/domain-access.ts';
import type { AccountPrincipal, Principal } from '../auth/principal.ts';
import { chainTerms, paymentOffer } from '../checkout/challenge.ts';
import { actorOf, holderOf } from '../checkout/holder.ts';
import { checkoutService } from '../checkout/paid-operation.ts';
import { challengeHeldFor, type PresentedReceipt } from '../checkout/receipt.ts';
import { sessionIdFor } from '../checkout/operation-session.ts';
import { closedError, refusalError } from '../checkout/refusals.ts';
import type { Config } from '../config/env.ts';
import { checkoutSessions } from '../db/checkout-sessions.ts';
import { findOrderActor } from '../db/order-actor.ts';
import { Domain, PaymentReceipt } from '../db/entities/index.ts';
import type { Orm } from '../db/orm.ts';
import { registrationFacts } from '../db/registration-facts.ts';
import { AppError } from '../domain/errors.ts';
import { planRegistration, type Plan, type RegistrationRequest } from '../domain/registration-plan.ts';
import type { PaymentSettings } from '../payments/payment-settings.ts';
import { accountRepository } from '../db/account-repository.ts';
import type { UsdcCheckoutSettings } from '../payments/usdc-route.ts';
import { findRegistrationResult } from './records.ts';
import { usdcCheckout, type UsdcCheckoutRequest } from './usdc-checkout.ts';

// Reconcile: how long the relay may take to answer a look, and the wait for activation after it.
const RECONCILE_LOOK_MS = 10_000;
const RECONCILE_WAIT_MS = 20_000;
const RECONCILE_POLL_MS = 250;

export interface RegistrationDeps {
  config: Config;
  orm: Orm;
  temporal?: Client | undefined;
  payments?: PaymentSettings | undefined;
  /** The USDC route, when the operator enabled it. */
  usdc?: UsdcCheckoutSettings | null | undefined;
}

export interface RegisterCommand extends RegistrationRequest {
  principal: Principal | null;
  /** The client address: the holder of an anonymous checkout. */
  ip: string;
  receipt: PresentedReceipt | undefined;
  /** The Idempotency-Key's operation (src/http/plugins/idempotency.ts), when the request sent one. */
  operationId?: string | null;
}

/** What a registration request comes to; the HTTP layer renders each. */
export type RegisterAnswer =
  | { kind: 'registered'; result: RegistrationResult; sessionId: string; warnings: string[] }
  | { kind: 'payment_required'; offer: ReturnType<typeof paymentOffer>; warnings: string[] }
  | { kind: 'usdc_payment_required'; body: ReturnType<UsdcRoute['offer']> }
  | { kind: 'hosted_checkout'; orderId: string; checkoutUrl: string; statusUrl: string; expiresAt: string };

/** A finished run's outcome: the registration, or the refusal as our HTTP error. */
export function registrationOf(o: RegistrationOutcome): RegistrationResult {
  if (o.outcome === 'registered') return o.result;
  if (o.outcome === 'refused') throw refusalError(o.code, o.message, o.credit);
  throw closedError(o.outcome);
}

/**
 * Registration as a paid operation: the rules, the checkout's terms, and the routes around a checkout
 * in progress. The lock, the receipts and the wait for an outcome are the shared checkout machinery.
 */
export function registrationService(deps: RegistrationDeps) {
  const { config, orm } = deps;
  const usdc = deps.usdc ? usdcCheckout(deps.usdc, { publicBaseUrl: config.publicBaseUrl }) : null;
  const checkout = checkoutService(
    {
      orm,
      temporal: deps.temporal,
      payments: deps.payments,
      taskQueue: config.TEMPORAL_TASK_QUEUE,
      maxOpen: config.CHECKOUT_MAX_OPEN,
    },
    {
      operation: 'registration',
      workflowType: 'registrationWorkflow',
      workflowId: registrationWorkflowId,
      statusQuery: registrationStatusQuery,
      submitPaymentUpdate,
      resultOf: registrationOf,
      busy: (name) => new AppError('name_being_registered', `${name} is being registered by someone else right now.`),
    },
  );
  const registered = (result: RegistrationResult, sessionId: string, warnings: string[] = []) => ({
    kind: 'registered' as const,
    result,
    sessionId,
    warnings,
  });
  const description = (input: RegistrationInput) => `Register ${input.name} for ${input.years} year(s)`;
  const offer = (input: RegistrationInput, warnings: string[]): RegisterAnswer => ({
    kind: 'payment_required',
    offer: paymentOffer(checkout.payments(), input, description(input)),
    warnings,
  });

  /** The 202 of a hosted checkout: where the person pays, and where its status is read. */
  const hostedCheckout = (input: RegistrationInput): RegisterAnswer => ({
    kind: 'hosted_checkout',
    orderId: input.sessionId,
    checkoutUrl: `${config.GFAVIP_CHECKOUT_URL}?order_id=${input.sessionId}&domain=${encodeURIComponent(input.name)}`,
    statusUrl: `${config.publicBaseUrl}/api/agent/register-status/${input.sessionId}`,
    expiresAt: new Date(input.expiresAtMs).toISOString(),
  });

  async function register(cmd: RegisterCommand): Promise<RegisterAnswer> {
    const actorId = actorOf(cmd.principal);
    const holder = holderOf(actorId, cmd.ip);

    // A checkout in progress is the lock: its holder continues it (a retry while a receipt is being
    // verified waits for that outcome), anyone else is told the name is being registered.
    const running = await checkout.status(cmd.name);
    if (running) {
      // The same keyed request again, after its first attempt died in flight: that attempt's outcome, or
      // for a hosted checkout the same checkout to pay (its outcome waits for the payer, who needs it).
      if (cmd.operationId === running.input.sessionId && running.input.method !== 'mpp' && !running.input.relay)
        return running.input.method === 'gfavip_checkout'
          ? hostedCheckout(running.input)
          : registered(await checkout.result(cmd.name), running.input.sessionId);
      // A relay-settled checkout is never answered with a second challenge: its payment may be in flight.
      if (running.input.relay && running.input.holder === holder && usdc) throw usdc.inFlight(running.input.sessionId);
      if (running.input.holder !== holder || running.input.method !== 'mpp' || running.input.relay) {
        throw new AppError(
          'name_being_registered',
          `${cmd.name} is being registered right now; check GET /api/v1/domains/${cmd.name}/registration if it is yours.`,
        );
      }
      const sessionId = running.input.sessionId;
      if (cmd.receipt) return registered(await checkout.submitReceipt(cmd.name, cmd.receipt, sessionId), sessionId);
      if (running.stage === 'awaiting_payment') return offer(running.input, []);
      throw new AppError(
        'name_being_registered',
        `The registration of ${cmd.name} is ${running.stage}; re-send the request with your receipt to get its outcome.`,
      );
    }

    // A paid retry whose answer was lost: the receipt already completed this name's registration, so
    // its own actor or payer gets that registration again (never a second payment, never a second domain).
    if (cmd.receipt) {
      const done = await registrationByReceipt(cmd.receipt, cmd.name, actorId);
      if (done) return registered(done.result, done.sessionId);
    }

    if (cmd.operationId) {
      const done = await registrationByOperation(cmd.operationId, cmd.name, actorId);
      if (done) return registered(done, cmd.operationId);
    }

    const plan = await planFor(cmd, actorId);
    if (cmd.network === 'base-mainnet' && plan.method === 'mpp') return registerOnUsdcRoute(cmd, plan, holder);
    if (cmd.receipt && plan.method === 'mpp') {
      throw new AppError(
        'no_checkout',
        'There is no open checkout for this name: send the request without a receipt to get a payment challenge first.',
      );
    }
    const input = newInput(plan, cmd, holder, await sessionIdFor(orm, cmd.operationId));
    await checkout.open(cmd.name, input, plan.method === 'mpp' || plan.method === 'gfavip_checkout');
    if (plan.method === 'mpp') return offer(input, plan.warnings);
    if (plan.method === 'gfavip_checkout') return hostedCheckout(input);
    return registered(await checkout.result(cmd.name), input.sessionId, plan.warnings);
  }

  /**
   * Spec 4.6 on the registry's side: the route must be settling, the relay session is opened (its
   * reference is our session id) and its terms checked, then the run takes the lock and follows the
   * relay session; the 402 hands the payer the session and everything it must check before signing.
   */
  async function registerOnUsdcRoute(cmd: RegisterCommand, plan: Plan, holder: string): Promise<RegisterAnswer> {
    if (!usdc) throw new AppError('network_not_enabled', 'The base-mainnet USDC route is not configured here.');
    if (cmd.receipt)
      throw new AppError(
        'no_checkout',
        'The USDC route takes no receipt: send the request without one to get the relay session, then settle there.',
      );
    await usdc.requireSettlement();
    const request: UsdcCheckoutRequest = {
      sessionId: randomUUID(),
      name: cmd.name,
      namespace: cmd.ns.namespace,
      years: cmd.years,
      amountMinor: plan.price.amountMinor.toString(),
    };
    const { terms, opened } = await usdc.open(request, config.CHECKOUT_TTL_SECONDS);
    const input = newInput(plan, cmd, holder, request.sessionId);
    input.relay = terms;
    input.expiresAtMs = Date.parse(opened.expires_at);
    // Someone else holding the lock leaves this relay session unused: its token was never handed out.
    await checkout.open(cmd.name, input, true);
    return { kind: 'usdc_payment_required', body: usdc.offer(request, opened, plan.warnings) };
  }

  async function planFor(cmd: RegisterCommand, actorId: string | null): Promise<Plan> {
    const p = cmd.principal;
    const facts = await registrationFacts(orm.em.fork(), {
      name: cmd.name,
      namespace: cmd.ns.namespace,
      actorAccountId: actorId,
      organizationId: p?.kind === 'org_key' ? p.organizationId : null,
      targetOwnerId: cmd.targetOwnerId,
      couponCode: cmd.couponCode,
    });
    const actor = {
      accountId: actorId,
      org: p?.kind === 'org_key' ? { namespaceOps: p.namespaceOps, customerIds: p.customerIds } : null,
    };
    return planRegistration(actor, cmd, facts, {
      wholesalePercentOff: config.WHOLESALE_PERCENT_OFF,
      gemUsdRate: config.GEM_USD_RATE,
      baseMainnetEnabled: usdc !== null,
    });
  }

  function newInput(
    plan: Plan,
    t: RegisterCommand,
    holder: string,
    sessionId: string = randomUUID(),
  ): RegistrationInput {
    const ttl = plan.method === 'gfavip_checkout' ? 3600 : config.CHECKOUT_TTL_SECONDS;
    // The USDC route pays through the relay (the run follows its session), never on the default chain.
    const onRelay = t.network === 'base-mainnet';
    const p = plan.method === 'mpp' && !onRelay ? checkout.payments() : null;
    const input: RegistrationInput = {
      sessionId,
      name: t.name,
      label: t.label,
      namespace: t.ns.namespace,
      years: t.years,
      method: plan.method,
      actorAccountId: plan.actorAccountId,
      holder,
      ownerAccountId: plan.ownerAccountId,
      priceGems: plan.price.totalGems,
      amountMinor: plan.price.amountMinor.toString(),
      currency: onRelay ? 'USDC' : config.MPP_CURRENCY,
      resellerChannel: plan.resellerChannel,
      wholesale: plan.wholesale,
      couponCode: plan.couponCode,
      expiresAtMs: Date.now() + ttl * 1000,
      chain: null,
    };
    if (p) input.chain = chainTerms(p, input, description(input));
    return input;
  }

  /**
   * The registration a receipt already completed, for a paid retry whose answer was lost. A transaction
   * hash is public, so the registration is shown again only to its own actor, or to whoever presents the
   * credential carrying the challenge this server issued for that session; anyone else learns nothing.
   */
  async function registrationByReceipt(receipt: PresentedReceipt, name: string, actorAccountId: string | null) {
    if (!receipt.parsed || !deps.payments) return null;
    const em = orm.em.fork();
    const stored = await em.findOne(PaymentReceipt, { chainId: deps.payments.chainId, txHash: receipt.parsed.txHash });
    if (!stored) return null;
    const result = await findRegistrationResult(em, stored.sessionId);
    if (!result || result.name !== name) return null;
    // A registration whose record has since expired is history: the name is free to register again.
    if (!(await em.count(Domain, { id: result.domainId, status: { $ne: 'expired' } }))) return null;
    const holdsChallenge = challengeHeldFor(receipt, stored.sessionId, deps.payments.secret) === 'held';
    const ownActor = actorAccountId !== null && actorAccountId === (await findOrderActor(em, stored.sessionId));
    return ownActor || holdsChallenge ? { result, sessionId: stored.sessionId } : null;
  }

  /** The registration a keyed request's first attempt completed before its answer was lost, to its actor. */
  async function registrationByOperation(operationId: string, name: string, actorAccountId: string | null) {
    const em = orm.em.fork();
    const result = await findRegistrationResult(em, operationId);
    if (!result || result.name !== name || (await findOrderActor(em, operationId)) !== actorAccountId) return null;
    return (await em.count(Domain, { id: result.domainId, status: { $ne: 'expired' } })) ? result : null;
  }

  /** Spec 4.2's verify-mpp: a receipt for the open checkout of this session, domain and term. */
  async function verify(q: { name: string; sessionId: string; years: number; receipt: PresentedReceipt }) {
    const running = await checkout.status(q.name);
    if (!running || running.input.sessionId !== q.sessionId || running.input.years !== q.years)
      throw new AppError('invalid_receipt', 'No open checkout matches this session, domain and term.');
    return registered(await checkout.submitReceipt(q.name, q.receipt, q.sessionId), q.sessionId);
  }

  /**
   * Whether the caller may see and manage a checkout `holder` started: the holder itself, a person who
   * claimed the holder's agent (spec 5 rule 1: management covers what their agents own), or an operator.
   */
  async function speaksFor(principal: AccountPrincipal, holder: string | null): Promise<boolean> {
    const em = orm.em.fork();
    if (holder && (await manageableOwnerIds(em, principal)).includes(holder)) return true;
    return accountRepository(em).isOperator(principal.accountId);
  }

  /** A running registration, to its starter, the person who claimed it, or an operator. */
  async function progress(name: string, principal: AccountPrincipal) {
    const running = await checkout.status(name);
    if (!running) throw new AppError('lock_not_found', `No registration of ${name} is in progress.`);
    if (!(await speaksFor(principal, running.input.actorAccountId)))
      throw new AppError('forbidden', 'Only the account that started this registration can see it.');
    return { workflowId: registrationWorkflowId(name), stage: running.stage, input: running.input };
  }

  /** A registration order by its id (the session id): to those who speak for its actor; to anyone else it does not exist. */
  async function order(orderId: string, principal: AccountPrincipal) {
    const em = orm.em.fork();
    const row = await checkoutSessions(em).find(orderId);
    const actor = row ? row.actorAccountId : await findOrderActor(em, orderId);
    if (!actor || !(await speaksFor(principal, actor)))
      throw new AppError('order_not_found', `No registration order ${orderId} of yours.`);
    const result = await findRegistrationResult(em, orderId);
    const open = row && !row.outcome ? await checkout.standing(row.name) : null;
    const running = open?.sessionId === orderId ? open : null;
    const state = result ? 'registered' : (row?.outcome ?? running?.stage ?? 'expired_unpaid');
    const domain = result ? await em.findOne(Domain, { id: result.domainId }, { fields: ['status'] }) : null;
    return {
      name: result?.name ?? row?.name ?? '',
      state,
      method: result?.paymentMethod ?? row?.method ?? '',
      expiresAt: row ? row.expiresAt.toISOString() : null,
      result,
      domainStatus: domain?.status ?? null,
      settlement: row?.relaySessionId ? await settlementState(row.relaySessionId, state, result) : null,
    };
  }

  /**
   * Where the relay's settlement of a USDC-route checkout stands. A registration paid this way was
   * checked on chain, so it is `confirmed` with its transaction; otherwise the relay is asked, and a
   * relay that cannot be asked is `unknown` (a payment may be in flight), never "unpaid".
   */
  async function settlementState(relaySessionId: string, state: string, result: RegistrationResult | null) {
    if (result) return { relaySessionId, status: 'confirmed', txHash: result.paymentReference };
    const seen = usdc ? await usdc.settlementOf(relaySessionId) : null;
    if (seen) return { relaySessionId, status: seen.status as string, txHash: seen.tx_hash };
    return { relaySessionId, status: state === 'expired_unpaid' ? 'expired_unpaid' : 'unknown', txHash: null };
  }

  /**
   * Spec 4.6 step 8: reconcile a relay-settled checkout with the registry. The settlement run looks at
   * the relay at once; a confirmed settlement is checked on chain and activated by the runs that own
   * it, and the answer is the order's status. Idempotent: a completed registration is answered as it
   * is (the same payment reference, nothing created again); an unconfirmed one activates nothing.
   */
  async function reconcile(orderId: string, principal: AccountPrincipal) {
    const before = await order(orderId, principal);
    if (before.result || before.state === 'refused') return before;
    if (!before.settlement)
      throw new AppError(
        'not_a_relay_checkout',
        `Order ${orderId} is not paid through the checkout relay; nothing to reconcile.`,
      );
    if (before.state === 'expired_unpaid' || before.state === 'cancelled')
      throw new AppError(
        'settlement_not_confirmed',
        `Order ${orderId} ended ${before.state}; nothing was paid or activated.`,
        {
          settlement_status: before.settlement.status,
        },
      );
    let seen: RelaySessionState | null = null;
    try {
      seen = await checkout
        .temporal()
        .withDeadline(Date.now() + RECONCILE_LOOK_MS, () =>
          checkout.temporal().workflow.getHandle(settlementWorkflowId(orderId)).executeUpdate(lookNowUpdate),
        );
    } catch {
      // The settlement run closed meanwhile (its outcome is in the order now), or the relay did not answer in time.
    }
    if (seen && seen.status !== 'confirmed')
      throw new AppError(
        'settlement_not_confirmed',
        `The relay reports ${seen.status}: nothing is activated until it is confirmed. Poll the receipt; never sign a second authorization.`,
        { settlement_status: seen.status },
      );
    const after = await settled(orderId, principal);
    if (after.result || after.state === 'refused') return after;
    if (!seen)
      throw new AppError(
        'relay_unavailable',
        'The checkout relay could not be asked just now; a payment may be in flight. Poll the status and reconcile again shortly (never pay again).',
        { settlement_status: after.settlement?.status ?? 'unknown' },
      );
    return after;
  }

  /** The order once a confirmed settlement has been activated (or, after a bounded wait, as it stands). */
  async function settled(orderId: string, principal: AccountPrincipal) {
    for (let waited = 0; ; waited += RECONCILE_POLL_MS) {
      const now = await order(orderId, principal);
      if (now.result || now.state === 'refused' || waited >= RECONCILE_WAIT_MS) return now;
      await new Promise((r) => setTimeout(r, RECONCILE_POLL_MS));
    }
  }

  /** Ends a stale checkout and frees the name (its starter or an operator). */
  async function reset(name: string, principal: AccountPrincipal): Promise<void> {
    const running = await checkout.status(name);
    if (!running) throw new AppError('lock_not_found', `There is no registration lock on ${name}.`);
    // The run's own rule is "its holder or an operator"; one who speaks for the holder (its claiming
    // person, an operator) is passed as such.
    const authorized = await speaksFor(principal, running.input.actorAccountId);
    const relaySessionId = running.input.relay?.relaySessionId;
    if (relaySessionId) return resetRelayed(name, running.input, relaySessionId, authorized);
    await checkout.reset(name, principal.accountId, authorized);
  }

  /**
   * Reset on the USDC route (spec section 3): the lock is released only when the relay reports the
   * session `expired_unpaid`, never by a local clock. The holder gives the session up at the relay, which
   * closes it only if no authorization was ever accepted (a prepared or broadcast one keeps the lock);
   * then the settlement run's next look, asked for at once, reads `expired_unpaid` and the checkout run
   * releases the lock the one way it knows. Answered once the run has closed.
   */
  async function resetRelayed(
    name: string,
    input: RegistrationInput,
    relaySessionId: string,
    authorized: boolean,
  ): Promise<void> {
    if (!authorized)
      throw new AppError(
        'forbidden',
        'Only the account that started this checkout, or an operator, can reset its lock.',
      );
    if (!usdc) throw new AppError('lock_busy', 'The checkout relay is not configured here; the lock stays.');
    await usdc.giveUp(relaySessionId);
    const temporal = checkout.temporal();
    await temporal
      .withDeadline(Date.now() + RECONCILE_LOOK_MS, () =>
        temporal.workflow.getHandle(settlementWorkflowId(input.sessionId)).executeUpdate(lookNowUpdate),
      )
      .catch(() => undefined); // closed meanwhile, or slow: its own next look reads the same.
    for (let waited = 0; waited < RECONCILE_WAIT_MS; waited += RECONCILE_POLL_MS) {
      const now = await checkout.standing(name);
      // Closed, or already another checkout's lock (a run started without the memo is waited for).
      if (!now || (now.sessionId !== null && now.sessionId !== input.sessionId)) return;
      await new Promise((r) => setTimeout(r, RECONCILE_POLL_MS));
    }
    throw new AppError(
      'not_ready',
      `The checkout relay closed this session unpaid; the lock on ${name} is being released. Retry the reset shortly.`,
    );
  }

  /** The hosted checkout reported an order paid. */
  async function hostedCheckoutPaid(q: { name: string; orderId: string; reference: string }): Promise<void> {
    const running = await checkout.status(q.name);
    if (!running || running.input.sessionId !== q.orderId || running.input.method !== 'gfavip_checkout')
      throw new AppError('no_checkout', 'No pending hosted checkout matches this order.');
    await checkout.checkoutPaid(q.name, `gfavip:${q.reference}`);
  }

  return { register, verify, progress, order, reconcile, reset, hostedCheckoutPaid };
}

export type RegistrationService = ReturnType<typeof registrationService>;
type UsdcRoute = ReturnType<typeof usdcCheckout>;
