import {
  renewalContract,
  renewalKey,
  type RenewalInput,
  type RenewalResult,
} from '../../workflows/renewal-messages.ts';
import { manageableOwnerIds } from '../auth/domain-access.ts';
import type { AccountPrincipal, Principal } from '../auth/principal.ts';
import { actorOf, holderOf } from '../checkout/holder.ts';
import { paidOperationService, type Paid, type PaymentRequired } from '../checkout/paid-operation-service.ts';
import type { CheckoutDeps } from '../checkout/checkout-service.ts';
import { latePayments } from '../checkout/late-payment.ts';
import type { PresentedReceipt } from '../checkout/receipt.ts';
import { sessionIdFor } from '../checkout/operation-session.ts';
import type { Config } from '../config/env.ts';
import { checkoutSessions } from '../db/checkout-sessions.ts';
import { findOrderActor } from '../db/order-actor.ts';
import { renewalFacts } from '../db/renewal-facts.ts';
import { AppError } from '../domain/errors.ts';
import { ApprovalRequired } from '../mandates/approvals.ts';
import type { NamespaceInfo } from '../domain/namespace-directory.ts';
import { planRenewal, type RenewalPlan } from '../domain/renewal-plan.ts';
import { renewalOperation } from './operation.ts';
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

export type RenewAnswer = Paid<'renewed', RenewalResult> | PaymentRequired;

/**
 * Renewal as a paid operation over the shared checkout machinery. Each renewal checkout is its own
 * run (`renewal:<name>:<session>`): anyone may pay to renew a name, so one payer's unpaid checkout
 * never blocks the owner's renewal; each paid one extends the term once, within the ten-year horizon.
 */
export function renewalService(deps: CheckoutDeps & { config: Config }) {
  const { config, orm } = deps;
  const checkout = paidOperationService(deps, renewalOperation);
  const latePaid = latePayments(deps, renewalContract);
  const { offer, paid: renewed } = checkout;

  async function renew(cmd: RenewCommand): Promise<RenewAnswer> {
    const actorId = actorOf(cmd.principal);
    const holder = holderOf(actorId, cmd.ip);

    // The holder's open renewal checkout on this name: a receipt goes to it, a repeat gets its 402.
    const open = await checkoutSessions(orm.em.fork()).openOf({ holder, name: cmd.name, operation: 'renewal' });
    const running = open ? await checkout.status(renewalKey(cmd.name, open)) : null;
    if (open && running) {
      const key = renewalKey(cmd.name, open);
      // Asking again while the person decides answers the same 202 (docs/mandates.md "Approvals").
      if (running.stage === 'awaiting_approval' && running.input.approval)
        throw new ApprovalRequired(running.input.approval.approvalId, new Date(running.input.approval.expiresAtMs));
      if (cmd.receipt) return renewed(await checkout.submitReceipt(key, cmd.receipt, open), open);
      if (running.stage !== 'awaiting_payment')
        throw new AppError(
          'name_being_renewed',
          `Your renewal of ${cmd.name} is ${running.stage}; re-send your receipt to get its outcome.`,
        );
      if (running.input.years === cmd.years && cmd.paymentMethod === 'mpp') return offer(running.input);
    }

    // The same keyed request again, after its first attempt died in flight: that attempt's renewal,
    // finished or still running, never a second one. The run is asked first, open or closed: asked after
    // the orders, a run closing between the two reads would be missed and a second renewal made.
    if (cmd.operationId) {
      const key = renewalKey(cmd.name, cmd.operationId);
      const earlier = await checkout.started(key);
      if (earlier && earlier.input.holder === holder && earlier.input.method !== 'mpp')
        return renewed(await checkout.result(key), cmd.operationId);
      // Its run's history gone (past the server's retention): the order it made.
      const em = orm.em.fork();
      const done = await findRenewalResult(em, cmd.operationId);
      if (done?.name === cmd.name && (await findOrderActor(em, cmd.operationId)) === actorId)
        return renewed(done, cmd.operationId);
    }

    // A paid retry whose answer was lost: the receipt already renewed this name (the new term is public).
    if (cmd.receipt) {
      const done = await checkout.byReceipt(cmd.receipt, findRenewalResult);
      if (done?.result.name === cmd.name) return renewed(done.result, done.sessionId);
      // Paid after its checkout closed unpaid: credited as gems, never kept in silence.
      const late = await latePaid.claim({ name: cmd.name, holder, receipt: cmd.receipt });
      if (late) throw late;
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
    const started = await checkout.open(key, input, plan.method === 'mpp');
    if (plan.method === 'mpp') return offer(started);
    return renewed(await checkout.result(key), input.sessionId);
  }

  function newInput(
    plan: RenewalPlan,
    cmd: RenewCommand,
    actorId: string | null,
    holder: string,
    sessionId: string,
  ): RenewalInput {
    return checkout.newInput(
      {
        sessionId,
        name: cmd.name,
        actorAccountId: actorId,
        holder,
        priceGems: plan.price.totalGems,
        amountMinor: plan.price.amountMinor.toString(),
      },
      { method: plan.method, namespace: cmd.ns.namespace, domainId: plan.domainId, years: cmd.years },
      plan.method === 'mpp',
    );
  }

  /**
   * Ends the unpaid renewal checkouts of `name` that the caller speaks for (its starter, or the person
   * who claimed that agent): how many ended. A payment that already landed completes its renewal instead
   * (409 `payment_landed`). Nothing is held by an unpaid renewal, so ending it only takes it off the
   * caller's open checkouts before it lapses.
   */
  async function cancel(name: string, principal: AccountPrincipal): Promise<number> {
    const em = orm.em.fork();
    const actors = await manageableOwnerIds(em, principal);
    const open = await checkoutSessions(em).openOfActors(actors, { limit: 100, offset: 0 });
    const mine = open.rows.filter((c) => c.name === name && c.operation === 'renewal');
    // Speaking for each one's starter was just checked: the run is told so, as an operator's reset is.
    for (const c of mine) await checkout.reset(renewalKey(name, c.sessionId), principal.accountId, true);
    return mine.length;
  }

  return { renew, cancel };
}

export type RenewalService = ReturnType<typeof renewalService>;
