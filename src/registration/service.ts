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
import type { Principal } from '../auth/principal.ts';
import { chainTerms, paymentOffer } from '../checkout/challenge.ts';
import { actorOf, holderOf } from '../checkout/holder.ts';
import { checkoutService } from '../checkout/paid-operation.ts';
import { challengeHeldFor, type PresentedReceipt } from '../checkout/receipt.ts';
import { closedError, refusalError } from '../checkout/refusals.ts';
import type { Config } from '../config/env.ts';
import { checkoutSessions } from '../db/checkout-sessions.ts';
import { Domain, PaymentReceipt } from '../db/entities/index.ts';
import type { Orm } from '../db/orm.ts';
import { registrationFacts } from '../db/registration-facts.ts';
import { AppError } from '../domain/errors.ts';
import { planRegistration, type Plan, type RegistrationRequest } from '../domain/registration-plan.ts';
import type { PaymentSettings } from '../payments/payment-settings.ts';
import { accountRepository } from '../db/account-repository.ts';
import { findOrderActor, findRegistrationResult } from './records.ts';

export interface RegistrationDeps {
  config: Config;
  orm: Orm;
  temporal?: Client | undefined;
  payments?: PaymentSettings | undefined;
}

export interface RegisterCommand extends RegistrationRequest {
  principal: Principal | null;
  /** The client address: the holder of an anonymous checkout. */
  ip: string;
  receipt: PresentedReceipt | undefined;
}

/** What a registration request comes to; the HTTP layer renders each. */
export type RegisterAnswer =
  | { kind: 'registered'; result: RegistrationResult; sessionId: string; warnings: string[] }
  | { kind: 'payment_required'; offer: ReturnType<typeof paymentOffer>; warnings: string[] }
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

  async function register(cmd: RegisterCommand): Promise<RegisterAnswer> {
    const actorId = actorOf(cmd.principal);
    const holder = holderOf(actorId, cmd.ip);

    // A checkout in progress is the lock: its holder continues it (a retry while a receipt is being
    // verified waits for that outcome), anyone else is told the name is being registered.
    const running = await checkout.status(cmd.name);
    if (running) {
      if (running.input.holder !== holder || running.input.method !== 'mpp') {
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

    const plan = await planFor(cmd, actorId);
    if (cmd.receipt && plan.method === 'mpp') {
      throw new AppError(
        'no_checkout',
        'There is no open checkout for this name: send the request without a receipt to get a payment challenge first.',
      );
    }
    const input = newInput(plan, cmd, holder);
    await checkout.open(cmd.name, input, plan.method === 'mpp' || plan.method === 'gfavip_checkout');
    if (plan.method === 'mpp') return offer(input, plan.warnings);
    if (plan.method === 'gfavip_checkout') {
      return {
        kind: 'hosted_checkout',
        orderId: input.sessionId,
        checkoutUrl: `${config.GFAVIP_CHECKOUT_URL}?order_id=${input.sessionId}&domain=${encodeURIComponent(cmd.name)}`,
        statusUrl: `${config.publicBaseUrl}/api/agent/register-status/${input.sessionId}`,
        expiresAt: new Date(input.expiresAtMs).toISOString(),
      };
    }
    return registered(await checkout.result(cmd.name), input.sessionId, plan.warnings);
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
    });
  }

  function newInput(plan: Plan, t: RegisterCommand, holder: string): RegistrationInput {
    const sessionId = randomUUID();
    const ttl = plan.method === 'gfavip_checkout' ? 3600 : config.CHECKOUT_TTL_SECONDS;
    const p = plan.method === 'mpp' ? checkout.payments() : null;
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
      currency: config.MPP_CURRENCY,
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

  /** Spec 4.2's verify-mpp: a receipt for the open checkout of this session, domain and term. */
  async function verify(q: { name: string; sessionId: string; years: number; receipt: PresentedReceipt }) {
    const running = await checkout.status(q.name);
    if (!running || running.input.sessionId !== q.sessionId || running.input.years !== q.years)
      throw new AppError('invalid_receipt', 'No open checkout matches this session, domain and term.');
    return registered(await checkout.submitReceipt(q.name, q.receipt, q.sessionId), q.sessionId);
  }

  /** A running registration, to its starter or an operator. */
  async function progress(name: string, accountId: string) {
    const running = await checkout.status(name);
    if (!running) throw new AppError('lock_not_found', `No registration of ${name} is in progress.`);
    if (running.input.actorAccountId !== accountId && !(await accountRepository(orm.em.fork()).isOperator(accountId)))
      throw new AppError('forbidden', 'Only the account that started this registration can see it.');
    return { workflowId: registrationWorkflowId(name), stage: running.stage, input: running.input };
  }

  /** A registration order by its id (the session id): to its actor or an operator; to anyone else it does not exist. */
  async function order(orderId: string, accountId: string) {
    const em = orm.em.fork();
    const row = await checkoutSessions(em).find(orderId);
    const actor = row ? row.actorAccountId : await findOrderActor(em, orderId);
    if (!actor || (actor !== accountId && !(await accountRepository(em).isOperator(accountId))))
      throw new AppError('order_not_found', `No registration order ${orderId} of yours.`);
    const result = await findRegistrationResult(em, orderId);
    const running = row && !row.outcome ? await checkout.status(row.name) : null;
    return {
      name: result?.name ?? row?.name ?? '',
      state: result ? 'registered' : (row?.outcome ?? running?.stage ?? 'expired_unpaid'),
      method: result?.paymentMethod ?? row?.method ?? '',
      expiresAt: row ? row.expiresAt.toISOString() : null,
      result,
    };
  }

  /** Ends a stale checkout and frees the name (its starter or an operator). */
  async function reset(name: string, accountId: string): Promise<void> {
    if (!(await checkout.status(name)))
      throw new AppError('lock_not_found', `There is no registration lock on ${name}.`);
    await checkout.reset(name, accountId, await accountRepository(orm.em.fork()).isOperator(accountId));
  }

  /** The hosted checkout reported an order paid. */
  async function hostedCheckoutPaid(q: { name: string; orderId: string; reference: string }): Promise<void> {
    const running = await checkout.status(q.name);
    if (!running || running.input.sessionId !== q.orderId || running.input.method !== 'gfavip_checkout')
      throw new AppError('no_checkout', 'No pending hosted checkout matches this order.');
    await checkout.checkoutPaid(q.name, `gfavip:${q.reference}`);
  }

  return { register, verify, progress, order, reset, hostedCheckoutPaid };
}

export type RegistrationService = ReturnType<typeof registrationService>;
