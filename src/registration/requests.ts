import { randomUUID } from 'node:crypto';
import { WorkflowNotFoundError } from '@temporalio/client';
import { registrationContract, type RegistrationInput } from '../../workflows/registration-messages.ts';
import { actorOf, holderOf } from '../checkout/holder.ts';
import { refuseOutsiderIntoTeam } from '../management/team-target.ts';
import type { PresentedReceipt } from '../checkout/receipt.ts';
import { latePayments } from '../checkout/late-payment.ts';
import { sessionIdFor } from '../checkout/operation-session.ts';
import { checkoutSessions } from '../db/checkout-sessions.ts';
import { registrationFacts } from '../db/registration-facts.ts';
import { AppError } from '../domain/errors.ts';
import { releaseSpend } from '../mandates/spends.ts';
import { planRegistration, type Plan } from '../domain/registration-plan.ts';
import type { RegisterAnswer, RegisterCommand, RegistrationContext } from './context.ts';
import type { UsdcCheckoutRequest } from './usdc-checkout.ts';
import { paidRetries } from './paid-retries.ts';
import { x402Registrations } from './x402-payment.ts';

/** What a receipt handed straight to its checkout may meet that the long way answers better (register). */
const LONG_WAY = new Set(['checkout_not_awaiting_payment', 'checkout_closed']);

/** Where a person pays a hosted checkout (the checkout order is the registration's session). */
export const hostedCheckoutUrl = (checkoutBase: string, sessionId: string, name: string): string =>
  `${checkoutBase}?order_id=${sessionId}&domain=${encodeURIComponent(name)}`;

/**
 * Registration requests: the rules (the plan), the checkout's terms, a request meeting a checkout in
 * progress, paid retries whose answer was lost, and the payments handed to an open checkout.
 */
export function registrationRequests(
  context: RegistrationContext,
  releaseUnsigned: (name: string, input: RegistrationInput) => Promise<boolean>,
) {
  const { deps, config, orm, usdc, checkout } = context;
  const x402 = x402Registrations(context);
  const { receiptsCheckout, registrationByReceipt, registrationByOperation } = paidRetries(context);
  const registered = checkout.paid;
  const latePaid = latePayments(deps, registrationContract);
  const offer = checkout.offer;

  /** The 202 of a hosted checkout: where the person pays, and where its status is read. */
  const hostedCheckout = (input: RegistrationInput): RegisterAnswer => ({
    kind: 'hosted_checkout',
    orderId: input.sessionId,
    checkoutUrl: hostedCheckoutUrl(config.GFAVIP_CHECKOUT_URL, input.sessionId, input.name),
    statusUrl: `${config.publicBaseUrl}/api/agent/register-status/${input.sessionId}`,
    expiresAt: new Date(input.expiresAtMs).toISOString(),
  });

  /**
   * `direct`: asks Temporal nothing before it must (docs/performance.md "The write path"). The checkout
   * rows say whether a run waiting for a payment may hold the name: with none, a plain request (no
   * receipt, payment or key) goes straight to its plan and start, and a start that meets a run (a gems
   * or free registration in flight) is answered as before, from that run; a receipt goes straight to
   * its holder's checkout. Anything unusual takes the long way (`direct` false), which asks the run.
   */
  async function register(cmd: RegisterCommand, direct = true): Promise<RegisterAnswer> {
    const actorId = actorOf(cmd.principal);
    const holder = holderOf(actorId, cmd.ip);
    const unclosed = direct
      ? await checkoutSessions(orm.em.fork()).unclosedOn({ name: cmd.name, operation: 'registration' })
      : [];

    const mine = cmd.receipt && !cmd.x402 ? receiptsCheckout(cmd.receipt, unclosed, holder) : undefined;
    if (cmd.receipt && mine?.method === 'mpp' && !mine.relaySessionId) {
      try {
        return registered(await checkout.submitReceipt(cmd.name, cmd.receipt, mine.sessionId), mine.sessionId);
      } catch (err) {
        // Not payable now (closed meanwhile, waiting for an approval): the long way says why.
        const longWay = err instanceof WorkflowNotFoundError || (err instanceof AppError && LONG_WAY.has(err.code));
        if (!longWay) throw err;
        return register(cmd, false);
      }
    }
    const quiet = direct && unclosed.length === 0 && !cmd.receipt && !cmd.x402 && !cmd.operationId;

    // A checkout in progress is the lock: its holder continues it (a retry while a receipt is being
    // verified waits for that outcome), anyone else is told the name is being registered.
    const running = quiet ? null : await checkout.status(cmd.name);
    if (running) {
      // A relay-settled checkout is never answered with a second challenge: its payment may be in flight.
      // Its holder's x402 retry (PAYMENT-SIGNATURE) pays it through its relay session.
      if (running.input.relay && running.input.holder === holder && usdc) {
        if (cmd.x402) return x402.payOpenCheckout(running.input, cmd.x402);
        // Nothing signed reached the relay: the holder tries again on a fresh session (locks.ts).
        if (await releaseUnsigned(cmd.name, running.input)) return register(cmd, false);
        throw usdc.inFlight(running.input.sessionId);
      }
      return checkout.continueLock(cmd.name, running, {
        holder,
        operationId: cmd.operationId,
        receipt: cmd.receipt,
        // A hosted checkout's keyed retry gets the same checkout to pay: its outcome waits for the payer.
        again: (input) => (input.method === 'gfavip_checkout' ? hostedCheckout(input) : null),
        taken: () =>
          new AppError(
            'name_being_registered',
            `${cmd.name} is being registered right now; check GET /api/v1/domains/${cmd.name}/registration if it is yours.`,
          ),
        inStage: (stage) =>
          new AppError(
            'name_being_registered',
            `The registration of ${cmd.name} is ${stage}; re-send the request with your receipt to get its outcome.`,
          ),
      });
    }

    // A paid retry whose answer was lost: the receipt already completed this name's registration, so
    // its own actor or payer gets that registration again (never a second payment, never a second domain).
    // A payment that landed after its checkout closed unpaid is credited as gems, never kept in silence.
    if (cmd.receipt) {
      const done = await registrationByReceipt(cmd.receipt, cmd.name, actorId);
      if (done) return registered(done.result, done.sessionId);
      const late = await latePaid.claim({ name: cmd.name, holder, receipt: cmd.receipt });
      if (late) throw late;
    }

    // An x402 retry that meets no open checkout of its sender: the registration it already paid for
    // (its answer was lost), or a refusal; it never opens a checkout nor pays another one.
    if (cmd.x402) {
      const done = await x402.paidBefore(cmd.name, holder, cmd.x402);
      if (done) return done;
      throw x402.noCheckout(cmd.name);
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
    let input = newInput(plan, cmd, holder, await sessionIdFor(orm, cmd.operationId));
    try {
      input = await checkout.open(cmd.name, input, plan.method === 'mpp' || plan.method === 'gfavip_checkout');
    } catch (err) {
      // A run holds the name after all (nothing of this request was left behind): answered from it.
      if (quiet && err instanceof AppError && err.code === 'name_being_registered') return register(cmd, false);
      throw err;
    }
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
    const input = newInput(plan, cmd, holder, request.sessionId);
    // The mandate is judged before the relay session is opened: a refused request leaves nothing at the
    // relay. A spend that needs the person's approval is refused here (a relay session cannot wait).
    const spend = await checkout.reserve(input, { approval: false });
    let relay: Awaited<ReturnType<typeof usdc.open>>;
    try {
      relay = await usdc.open(request, config.CHECKOUT_TTL_SECONDS);
    } catch (err) {
      if (spend) await releaseSpend(orm.em.fork(), spend.key);
      throw err;
    }
    const { opened } = relay;
    const onRelay = { ...input, relay: relay.terms, expiresAtMs: Date.parse(opened.expires_at) };
    // Someone else holding the lock leaves this relay session unused: its token was never handed out.
    await checkout.open(cmd.name, onRelay, true, spend);
    const body = usdc.offer(request, opened, plan.warnings);
    return { kind: 'usdc_payment_required', body, paymentRequired: usdc.x402Challenge(body) };
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
      sunrise: cmd.ns.launch_phase === 'sunrise',
    });
    const actor = {
      accountId: actorId,
      org: p?.kind === 'org_key' ? { namespaceOps: p.namespaceOps, customerIds: p.customerIds } : null,
    };
    const plan = planRegistration(actor, cmd, facts, {
      wholesalePercentOff: config.WHOLESALE_PERCENT_OFF,
      gemUsdRate: config.GEM_USD_RATE,
      baseMainnetEnabled: usdc !== null,
    });
    if (cmd.targetOwnerId) await refuseOutsiderIntoTeam(orm.em.fork(), p, cmd.targetOwnerId);
    return plan;
  }

  function newInput(
    plan: Plan,
    t: RegisterCommand,
    holder: string,
    sessionId: string = randomUUID(),
  ): RegistrationInput {
    // The USDC route pays through the relay (the run follows its session), never on the default chain.
    const onRelay = t.network === 'base-mainnet';
    return checkout.newInput(
      {
        sessionId,
        name: t.name,
        actorAccountId: plan.actorAccountId,
        holder,
        priceGems: plan.price.totalGems,
        amountMinor: plan.price.amountMinor.toString(),
        ...(onRelay ? { currency: 'USDC' } : {}),
        // A hosted checkout gives the person an hour to pay.
        ...(plan.method === 'gfavip_checkout' ? { ttlSeconds: 3600 } : {}),
      },
      {
        label: t.label,
        namespace: t.ns.namespace,
        years: t.years,
        method: plan.method,
        ownerAccountId: plan.ownerAccountId,
        resellerChannel: plan.resellerChannel,
        wholesale: plan.wholesale,
        couponCode: plan.couponCode,
      },
      plan.method === 'mpp' && !onRelay,
    );
  }

  /** Spec 4.2's verify-mpp: a receipt for the open checkout of this session, domain and term. */
  async function verify(q: { name: string; sessionId: string; years: number; receipt: PresentedReceipt }) {
    const running = await checkout.status(q.name);
    if (!running || running.input.sessionId !== q.sessionId || running.input.years !== q.years)
      throw new AppError('invalid_receipt', 'No open checkout matches this session, domain and term.');
    return registered(await checkout.submitReceipt(q.name, q.receipt, q.sessionId), q.sessionId);
  }

  /** The hosted checkout reported an order paid. */
  async function hostedCheckoutPaid(q: { name: string; orderId: string; reference: string }): Promise<void> {
    const running = await checkout.status(q.name);
    if (!running || running.input.sessionId !== q.orderId || running.input.method !== 'gfavip_checkout')
      throw new AppError('no_checkout', 'No pending hosted checkout matches this order.');
    await checkout.checkoutPaid(q.name, `gfavip:${q.reference}`);
  }

  return { register, verify, hostedCheckoutPaid };
}
