import {
  renewalKey,
  renewalStatusQuery,
  renewalWorkflowId,
  submitRenewalPayment,
  type RenewalInput,
  type RenewalOutcome,
  type RenewalResult,
} from '../../workflows/renewal-messages.ts';
import type { Principal } from '../auth/principal.ts';
import { chainTerms, paymentOffer } from '../checkout/challenge.ts';
import { actorOf, holderOf } from '../checkout/holder.ts';
import { checkoutService, type CheckoutDeps } from '../checkout/paid-operation.ts';
import type { PresentedReceipt } from '../checkout/receipt.ts';
import { sessionIdFor } from '../checkout/operation-session.ts';
import { closedError, refusalError } from '../checkout/refusals.ts';
import type { Config } from '../config/env.ts';
import { checkoutSessions } from '../db/checkout-sessions.ts';
import { PaymentReceipt } from '../db/entities/index.ts';
import { findOrderActor } from '../db/order-actor.ts';
import { renewalFacts } from '../db/renewal-facts.ts';
import { AppError } from '../domain/errors.ts';
import type { NamespaceInfo } from '../domain/namespace-directory.ts';
import { planRenewal, type RenewalPlan } from '../domain/renewal-plan.ts';
import { findRenewalResult } from './records.ts';

export interface RenewCommand {
  name: string;
  ns: NamespaceInfo;
  years: number;
  paymentMethod: 'mpp' | 'gems';
  principal: Principal | null;
  ip: string;
  receipt: PresentedReceipt | undefined;
  /** The Idempotency-Key's operation (src/http/plugins/idempotency.ts), when the request sent one. */
  operationId?: string | null;
}

export type RenewAnswer =
  | { kind: 'renewed'; result: RenewalResult; sessionId: string }
  | { kind: 'payment_required'; offer: ReturnType<typeof paymentOffer> };

/** A finished run's outcome: the renewal, or the refusal as our HTTP error. */
export function renewalOf(o: RenewalOutcome): RenewalResult {
  if (o.outcome === 'renewed') return o.result;
  if (o.outcome === 'refused') throw refusalError(o.code, o.message, o.credit);
  throw closedError(o.outcome);
}

/**
 * Renewal as a paid operation over the shared checkout machinery. Each renewal checkout is its own
 * run (`renewal:<name>:<session>`): anyone may pay to renew a name, so one payer's unpaid checkout
 * never blocks the owner's renewal; each paid one extends the term once, within the ten-year horizon.
 */
export function renewalService(deps: Omit<CheckoutDeps, 'taskQueue' | 'maxOpen'> & { config: Config }) {
  const { config, orm } = deps;
  const checkout = checkoutService(
    { ...deps, taskQueue: config.TEMPORAL_TASK_QUEUE, maxOpen: config.CHECKOUT_MAX_OPEN },
    {
      operation: 'renewal',
      workflowType: 'renewalWorkflow',
      workflowId: renewalWorkflowId,
      statusQuery: renewalStatusQuery,
      submitPaymentUpdate: submitRenewalPayment,
      resultOf: renewalOf,
      busy: (key) => new AppError('name_being_renewed', `The renewal checkout ${key} is already open.`),
    },
  );
  const description = (input: RenewalInput) => `Renew ${input.name} for ${input.years} year(s)`;
  const offer = (input: RenewalInput): RenewAnswer => ({
    kind: 'payment_required',
    offer: paymentOffer(checkout.payments(), input, description(input)),
  });
  const renewed = (result: RenewalResult, sessionId: string): RenewAnswer => ({ kind: 'renewed', result, sessionId });

  async function renew(cmd: RenewCommand): Promise<RenewAnswer> {
    const actorId = actorOf(cmd.principal);
    const holder = holderOf(actorId, cmd.ip);

    // The holder's open renewal checkout on this name: a receipt goes to it, a repeat gets its 402.
    const open = await checkoutSessions(orm.em.fork()).openOf({ holder, name: cmd.name, operation: 'renewal' });
    const running = open ? await checkout.status(renewalKey(cmd.name, open)) : null;
    if (open && running) {
      const key = renewalKey(cmd.name, open);
      if (cmd.receipt) return renewed(await checkout.submitReceipt(key, cmd.receipt, open), open);
      if (running.stage !== 'awaiting_payment')
        throw new AppError(
          'name_being_renewed',
          `Your renewal of ${cmd.name} is ${running.stage}; re-send your receipt to get its outcome.`,
        );
      if (running.input.years === cmd.years && cmd.paymentMethod === 'mpp') return offer(running.input);
    }

    // The same keyed request again, after its first attempt died in flight: that attempt's renewal,
    // finished or still running, never a second one.
    if (cmd.operationId) {
      const em = orm.em.fork();
      const done = await findRenewalResult(em, cmd.operationId);
      if (done?.name === cmd.name && (await findOrderActor(em, cmd.operationId)) === actorId)
        return renewed(done, cmd.operationId);
      const key = renewalKey(cmd.name, cmd.operationId);
      const started = await checkout.status(key);
      if (started && started.input.holder === holder && started.input.method !== 'mpp')
        return renewed(await checkout.result(key), cmd.operationId);
    }

    // A paid retry whose answer was lost: the receipt already renewed this name (the new term is public).
    if (cmd.receipt) {
      const done = await renewalByReceipt(cmd.receipt, cmd.name);
      if (done) return renewed(done.result, done.sessionId);
      throw new AppError(
        'no_checkout',
        'There is no open renewal checkout of yours for this name: send the request without a receipt to get a payment challenge first.',
      );
    }

    const plan = planRenewal(
      { ...cmd, actorAccountId: actorId, now: new Date() },
      await renewalFacts(orm.em.fork(), { name: cmd.name, actorAccountId: actorId }),
      { gemUsdRate: config.GEM_USD_RATE },
    );
    const input = newInput(plan, cmd, actorId, holder, await sessionIdFor(orm, cmd.operationId));
    const key = renewalKey(cmd.name, input.sessionId);
    await checkout.open(key, input, plan.method === 'mpp');
    if (plan.method === 'mpp') return offer(input);
    return renewed(await checkout.result(key), input.sessionId);
  }

  function newInput(
    plan: RenewalPlan,
    cmd: RenewCommand,
    actorId: string | null,
    holder: string,
    sessionId: string,
  ): RenewalInput {
    const p = plan.method === 'mpp' ? checkout.payments() : null;
    const input: RenewalInput = {
      sessionId,
      name: cmd.name,
      namespace: cmd.ns.namespace,
      domainId: plan.domainId,
      years: cmd.years,
      method: plan.method,
      actorAccountId: actorId,
      holder,
      priceGems: plan.price.totalGems,
      amountMinor: plan.price.amountMinor.toString(),
      currency: config.MPP_CURRENCY,
      expiresAtMs: Date.now() + config.CHECKOUT_TTL_SECONDS * 1000,
      chain: null,
    };
    if (p) input.chain = chainTerms(p, input, description(input));
    return input;
  }

  async function renewalByReceipt(receipt: PresentedReceipt, name: string) {
    if (!receipt.parsed || !deps.payments) return null;
    const em = orm.em.fork();
    const stored = await em.findOne(PaymentReceipt, { chainId: deps.payments.chainId, txHash: receipt.parsed.txHash });
    const result = stored ? await findRenewalResult(em, stored.sessionId) : null;
    return stored && result?.name === name ? { result, sessionId: stored.sessionId } : null;
  }

  return { renew };
}

export type RenewalService = ReturnType<typeof renewalService>;
