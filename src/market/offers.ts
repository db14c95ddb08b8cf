import { setTimeout as sleep } from 'node:timers/promises';
import { randomUUID } from 'node:crypto';
import {
  WithStartWorkflowOperation,
  WorkflowNotFoundError,
  WorkflowUpdateFailedError,
  WorkflowUpdateRPCTimeoutOrCancelledError,
  type WorkflowHandle,
} from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import {
  decideOfferUpdate,
  offerWorkflowId,
  openOfferUpdate,
  type OfferInput,
  type OfferView,
} from '../../workflows/offer-messages.ts';
import type { PurchaseInput } from '../../workflows/purchase-messages.ts';
import { paidOperationService } from '../checkout/paid-operation-service.ts';
import { offerRefusalError } from '../checkout/refusals.ts';
import type { CheckoutDeps } from '../checkout/checkout-service.ts';
import type { PresentedReceipt } from '../checkout/receipt.ts';
import type { Config } from '../config/env.ts';
import { Domain, Listing, MandateApproval, Offer, SpendMandate } from '../db/entities/index.ts';
import { gemsBalance } from '../ledger/gems.ts';
import { ApprovalRequired, closeApproval, recordApproval } from '../mandates/approvals.ts';
import { offerSpend } from '../mandates/offer-spend.ts';
import { mandateRefusal } from '../mandates/refusal.ts';
import { fromSpendTerms, judgeUnreserved, releaseSpend, reserveSpend } from '../mandates/spends.ts';
import { EXPIRED } from '../domain/expiry.ts';
import { AppError, insufficientGems } from '../domain/errors.ts';
import {
  MAX_GEMS,
  MAX_USD_MINOR,
  minorToUsd,
  offerBelowMinimum,
  usdToMinor,
  type MarketCurrency,
} from '../domain/market.ts';
import { isUnjudgedUpdate, UNJUDGED_MESSAGE } from '../temporal/unjudged-update.ts';
import { registryDomainKey, registryStageKey } from '../../workflows/search-attributes.ts';
import { holderOf } from '../checkout/holder.ts';
import { toOfferViewRow } from './offer-view.ts';
import { purchaseInput, purchaseOperation } from './purchase-operation.ts';

/** A decision on an offer, by a caller speaking for `accountIds` (itself first, then the agents it claimed). */
interface Decision {
  offerId: string;
  accountIds: readonly string[];
  action: 'accept' | 'reject' | 'withdraw';
  operationId: string | null;
}

/** The status an offer has when a decision is what happened. */
const outcomeOf = { accept: 'accepted', reject: 'rejected', withdraw: 'withdrawn' } as const;

/**
 * 409 `offer_not_pending`: the offer did not end as the caller asked (decided otherwise first, or an
 * accepted offer whose sale could not happen). `offer` is how it stands; the route renders it.
 */
export class OfferNotPending extends AppError {
  readonly offer: OfferView;
  constructor(offer: OfferView) {
    super('offer_not_pending', `Offer ${offer.offerId} is ${offer.status}.`);
    this.offer = offer;
  }
}

/** How long opening an offer may wait for its run's first step before the caller is told to retry. */
const START_DEADLINE_MS = 30_000;
/** The form of an offer id (a UUID), checked before it is used in a query. */
const isOfferId = (id: string) => /^[0-9a-f-]{36}$/i.test(id);

function refusalOf(err: unknown): AppError {
  if (isUnjudgedUpdate(err)) return new AppError('not_ready', UNJUDGED_MESSAGE);
  const cause = err instanceof WorkflowUpdateFailedError ? err.cause : err;
  if (cause instanceof ApplicationFailure && (cause.type === 'mandate_exceeded' || cause.type === 'mandate_forbids'))
    return new AppError(cause.type, cause.message, (cause.details?.[0] ?? {}) as Record<string, unknown>);
  if (cause instanceof ApplicationFailure && cause.type === 'offer_below_minimum') {
    const d = (cause.details?.[0] ?? {}) as { minimum?: number; currency?: MarketCurrency };
    return offerBelowMinimum(d.minimum ?? 0, d.currency ?? 'gems');
  }
  const refusal =
    cause instanceof ApplicationFailure && cause.type ? offerRefusalError(cause.type, cause.message) : null;
  if (refusal) return refusal;
  if (isDeadline(err))
    return new AppError(
      'verification_unavailable',
      'The offer could not be confirmed right now; it may still open when the service catches up. Check GET /api/v1/domains/offers before offering again.',
    );
  throw err;
}

// The client's deadline passed: the update call itself timed out (the SDK's own error, whose message
// need not say "deadline"), or the gRPC call was cut at DEADLINE_EXCEEDED.
const isDeadline = (err: unknown) =>
  err instanceof WorkflowUpdateRPCTimeoutOrCancelledError ||
  (err as { code?: number } | null)?.code === 4 ||
  /deadline/i.test((err as Error | null)?.message ?? '');

/** An offer amount in its currency's integer units, or a 400 that changes nothing. */
export function offerAmount(amount: number, currency: MarketCurrency): bigint {
  if (currency === 'gems') {
    if (!Number.isSafeInteger(amount) || amount < 1 || amount > MAX_GEMS)
      throw new AppError('invalid_amount', `A gems offer is a whole number from 1 to ${MAX_GEMS}.`);
    return BigInt(amount);
  }
  const minor = usdToMinor(amount, 'amount');
  if (minor < 10_000n || minor > MAX_USD_MINOR)
    throw new AppError('invalid_amount', 'A pathUSD offer is from 0.01 to 10,000,000 USD.');
  return minor;
}

/**
 * Offers (spec 4.7, docs/market.md "Offers"): each offer is its own run `offer:<id>`, started by its
 * `openOffer` update so that the offer, its escrow and its expiry timer exist together or not at all.
 * Answers, withdrawals and an accepted pathUSD offer's payment go to that run.
 */
export function offerService(deps: CheckoutDeps & { config: Config }) {
  const { config, orm } = deps;
  // An accepted pathUSD offer is paid as a purchase, in the checkout its own run holds.
  const checkout = paidOperationService(deps, {
    ...purchaseOperation,
    workflowType: 'offerWorkflow',
    workflowId: offerWorkflowId,
    busy: (id) => new AppError('offer_not_pending', `Offer ${id} is already being decided.`),
  });
  const handle = (offerId: string): WorkflowHandle => checkout.temporal().workflow.getHandle(offerWorkflowId(offerId));

  /**
   * The offer's rules checked before its run starts, so bad input never waits on a worker; the run's
   * first step checks them again atomically with the escrow.
   */
  async function precheck(q: { bidderId: string; name: string; currency: MarketCurrency }, amount: bigint) {
    const em = orm.em.fork();
    const domain = await em.findOne(Domain, { name: q.name, status: { $ne: EXPIRED } });
    if (!domain || domain.status !== 'active')
      throw new AppError('domain_not_found', `${q.name} is not a registered name.`);
    if (domain.owner.id === q.bidderId) throw new AppError('own_domain', `You already own ${q.name}.`);
    const listing = await em.findOne(Listing, { domainId: domain.id });
    const floor = q.currency === 'gems' ? listing?.minOfferGems : listing?.minOfferUsdMinor;
    if (floor !== null && floor !== undefined && amount < BigInt(floor))
      throw offerBelowMinimum(q.currency === 'gems' ? Number(floor) : minorToUsd(BigInt(floor)), q.currency);
    if (q.currency === 'gems') {
      const balance = await gemsBalance(em, q.bidderId);
      if (BigInt(balance) < amount) throw insufficientGems(balance, Number(amount));
    }
  }

  /**
   * Opens an offer. A request with an Idempotency-Key brings the key's operation id, which becomes the
   * offer's id: a retry that took over the key of a request that died in flight finds the offer that
   * request opened, or reaches its run still opening it, and never opens (or escrows) a second one.
   */
  async function make(q: {
    bidderId: string;
    name: string;
    amount: number;
    currency: MarketCurrency;
    operationId?: string | null;
  }) {
    const amount = offerAmount(q.amount, q.currency);
    if (q.operationId) {
      const opened = await orm.em.fork().findOne(Offer, { id: q.operationId, bidder: q.bidderId });
      if (opened) return toOfferViewRow(opened);
    }
    const input: OfferInput = {
      offerId: q.operationId ?? randomUUID(),
      domainName: q.name,
      bidderId: q.bidderId,
      currency: q.currency,
      amount: amount.toString(),
      expiresAtMs: Date.now() + config.OFFER_TTL_HOURS * 3600_000,
      payWindowMs: config.CHECKOUT_TTL_SECONDS * 1000,
    };
    input.spend = offerSpend(input, config.GEM_USD_RATE);
    // The same keyed request again after it asked for an approval (its answer lost, or a 503): while it
    // waits, that approval (its run started again if the first attempt died before starting it); refused
    // or lapsed, that refusal; approved, the offer its run opens (the opening below joins that run).
    const asked = q.operationId
      ? await orm.em.fork().findOne(MandateApproval, { id: q.operationId, accountId: q.bidderId })
      : null;
    const waiting = asked?.status === 'pending' && asked.expiresAt.getTime() > Date.now();
    if (asked && waiting)
      return awaitApproval(input, { approvalId: asked.id, expiresAtMs: asked.expiresAt.getTime() }, true);
    if (asked && asked.status !== 'approved')
      throw asked.status === 'refused'
        ? new AppError('approval_refused', 'The person who manages you refused this offer.')
        : new AppError('approval_expired', 'This offer was not approved before its deadline.');
    await precheck(q, amount);
    const approval = asked ? null : await approvalFor(input);
    if (approval) return awaitApproval(input, approval, Boolean(q.operationId));
    try {
      const client = checkout.temporal();
      return await client.withDeadline(Date.now() + START_DEADLINE_MS, () =>
        client.workflow.executeUpdateWithStart(openOfferUpdate, {
          startWorkflowOperation: new WithStartWorkflowOperation('offerWorkflow', {
            workflowId: offerWorkflowId(input.offerId),
            taskQueue: config.TEMPORAL_TASK_QUEUE,
            // The run a keyed retry's first attempt started takes the opening again (it answers it once).
            workflowIdConflictPolicy: 'USE_EXISTING',
            // Findable by its name in the Temporal UI from the start, before any worker has picked it up.
            typedSearchAttributes: [{ key: registryDomainKey, value: q.name }],
            args: [input],
          }),
        }),
      );
    } catch (err) {
      throw refusalOf(err);
    }
  }

  /**
   * An offer above the bidder's approval threshold (docs/mandates.md "Approvals") waits for the person
   * who manages the bidder, as buy-secondary does: the offer is neither opened nor escrowed, and the seller
   * sees nothing, until it is approved. Judged under the mandate's lock; a gems offer's amount is reserved
   * now (its escrow, once opened, stays under the same key), and the approval row is written under the
   * offer's id, so a keyed retry finds it. Null: no approval needed (a refusal is the run's to answer,
   * atomically with the escrow, as before).
   */
  async function approvalFor(input: OfferInput): Promise<{ approvalId: string; expiresAtMs: number } | null> {
    const spend = input.spend ? fromSpendTerms(input.spend) : null;
    if (!spend || (await orm.em.fork().count(SpendMandate, { accountId: spend.accountId })) === 0) return null;
    const { judged, reserved } = await orm.em.fork().transactional(async (tx) => {
      const judged = await judgeUnreserved(tx, spend);
      // A retry whose first attempt reserved it already is answered `allow` by reserveSpend: `judged` decides.
      const gemsToHold = judged.kind === 'requires_approval' && input.currency === 'gems';
      return { judged, reserved: gemsToHold ? await reserveSpend(tx, spend) : null };
    });
    if (judged.kind !== 'requires_approval') return null;
    // Over a budget once the spends counted so far are added: refused, as the run would refuse it.
    const refusal = reserved ? mandateRefusal(reserved) : null;
    if (refusal) throw refusal.toAppError();
    const approval = {
      approvalId: input.offerId,
      expiresAtMs: Date.now() + config.MANDATE_APPROVAL_TTL_SECONDS * 1000,
    };
    try {
      await recordApproval(orm, {
        approval,
        spend,
        sessionId: input.offerId,
        workflowId: offerWorkflowId(input.offerId),
        method: input.currency,
      });
    } catch (err) {
      await releaseSpend(orm.em.fork(), spend.key);
      throw err;
    }
    return approval;
  }

  /**
   * Starts the offer's run waiting for its approval (or finds it running) and answers 202. A run that
   * cannot be started leaves nothing waiting: without an Idempotency-Key to retry it with, the approval
   * ends now (expired, its reservation released).
   */
  async function awaitApproval(
    input: OfferInput,
    approval: { approvalId: string; expiresAtMs: number },
    keyed: boolean,
  ): Promise<never> {
    input.approval = approval;
    input.expiresAtMs = approval.expiresAtMs + config.OFFER_TTL_HOURS * 3600_000;
    try {
      await checkout.temporal().workflow.start('offerWorkflow', {
        workflowId: offerWorkflowId(input.offerId),
        taskQueue: config.TEMPORAL_TASK_QUEUE,
        workflowIdConflictPolicy: 'USE_EXISTING',
        // Read by the approval's view (src/mandates/approvals.ts), as a checkout run's memo is.
        memo: { sessionId: input.offerId },
        typedSearchAttributes: [
          { key: registryDomainKey, value: input.domainName },
          { key: registryStageKey, value: 'awaiting_approval' },
        ],
        args: [input],
      });
    } catch (err) {
      if (!keyed) await closeApproval(orm, approval.approvalId, input.spend?.key ?? null);
      throw err;
    }
    throw new ApprovalRequired(approval.approvalId, new Date(approval.expiresAtMs));
  }

  /**
   * The offer, to the accounts the caller speaks for (itself and the agents it claimed): its bidder, the
   * current owner of its name, or the seller it ended with once it is no longer pending (the owner of a
   * name sold meanwhile learns how the offer ended). To anyone else it does not exist.
   */
  async function visible(offerId: string, accountIds: readonly string[]) {
    const em = orm.em.fork();
    const offer = isOfferId(offerId) ? await em.findOne(Offer, { id: offerId }) : null;
    const domain = offer ? await em.findOne(Domain, { id: offer.domainId, status: { $ne: EXPIRED } }) : null;
    const ours = (id: string | undefined) => id !== undefined && accountIds.includes(id);
    const ended = offer?.status !== 'pending';
    if (!offer || !(ours(offer.bidder.id) || ours(domain?.owner.id) || (ended && ours(offer.seller.id))))
      throw new AppError('offer_not_found', `No offer ${offerId} of yours.`);
    return { offer, ownerId: domain?.owner.id ?? null };
  }

  /**
   * The owner accepts or rejects; the bidder withdraws. An accepted pathUSD offer opens the bidder's
   * checkout. The caller acts as the party the decision belongs to when it speaks for that account (a
   * person answers offers on the names of the agents it claimed). `operationId` is the request's
   * Idempotency-Key operation: the decision records it, so a retry of a decision whose answer was lost
   * (the API died after the run decided) is answered with that decision, as the offer now stands,
   * instead of being refused.
   *
   * Answered only when the offer ended as asked; otherwise 409 `offer_not_pending` carrying the offer as
   * it stands (decided otherwise first, or an accepted gems offer whose name a third party bought
   * before the sale could happen: rejected, its escrow back, never sold).
   */
  async function decide(q: Decision): Promise<OfferView> {
    const view = await decision(q);
    if (view.status !== outcomeOf[q.action]) throw new OfferNotPending(view);
    return view;
  }

  async function decision(q: Decision): Promise<OfferView> {
    const { offerId, accountIds, action, operationId } = q;
    const own = await decidedBy(offerId, operationId);
    if (own) return own;
    try {
      const { offer, ownerId } = await visible(offerId, accountIds);
      const party = action === 'withdraw' ? offer.bidder.id : ownerId;
      const accountId = party && accountIds.includes(party) ? party : (accountIds[0] as string);
      const accept = action === 'accept';
      const checkoutTerms = accept && offer.currency === 'pathusd' ? pathUsdCheckout(offer, accountId) : null;
      const view = await handle(offerId).executeUpdate(decideOfferUpdate, {
        args: [
          accept ? { action, accountId, operationId, checkout: checkoutTerms } : { action, accountId, operationId },
        ],
      });
      return accept && offer.currency === 'gems' ? await settled(offerId, view) : view;
    } catch (err) {
      // The dead request's update may have been decided while this one waited for its run; refused
      // because this very operation decided it (the seller of a sold name no longer sees the offer, a
      // decided run refuses or has closed): that decision is the answer.
      const decided = await decidedBy(offerId, operationId);
      if (decided) return decided;
      const refusal =
        err instanceof AppError
          ? err
          : err instanceof WorkflowNotFoundError
            ? new AppError('offer_not_pending', `Offer ${offerId} is no longer pending.`)
            : refusalOf(err);
      // Decided otherwise first (withdrawn, rejected by a sale, expired): the offer as it ended.
      if (refusal.code !== 'offer_not_pending' || !isOfferId(offerId)) throw refusal;
      // An accepted gems offer is still being sold: its end (sold, or rejected if the sale lost) is the answer.
      const now = await orm.em.fork().findOne(Offer, { id: offerId });
      if (!now) throw refusal;
      const view = toOfferViewRow(now);
      throw new OfferNotPending(
        now.status === 'accepted' && now.currency === 'gems' ? await settled(offerId, view) : view,
      );
    }
  }

  /**
   * The offer as its decision's answer shows it, when this operation decided it; else null. An operation
   * id is the credential's own (docs/api.md "Idempotency keys"), so whoever brings it decided:
   * no visibility check, which the seller of a sold name would no longer pass.
   */
  async function decidedBy(offerId: string, operationId: string | null): Promise<OfferView | null> {
    if (!operationId || !isOfferId(offerId)) return null;
    const offer = await orm.em.fork().findOne(Offer, { id: offerId, decidedByOperation: operationId });
    if (!offer) return null;
    const view = toOfferViewRow(offer);
    return offer.status === 'accepted' && offer.currency === 'gems' ? settled(offerId, view) : view;
  }

  /** The bidder's checkout for an accepted pathUSD offer, at the offered price. */
  function pathUsdCheckout(offer: Offer, sellerId: string): PurchaseInput {
    return purchaseInput(checkout, config.GEM_USD_RATE, {
      sessionId: randomUUID(),
      name: offer.domainName,
      domainId: offer.domainId,
      sellerId,
      buyerId: offer.bidder.id,
      holder: holderOf(offer.bidder.id, ''),
      currency: 'pathusd',
      price: offer.amount,
      referrerId: null,
      offerId: offer.id,
    });
  }

  /** An accepted gems offer is sold from its escrow at once: the answer waits (briefly) for the sale. */
  async function settled(offerId: string, view: OfferView): Promise<OfferView> {
    for (let i = 0; i < 40; i++) {
      const now = await orm.em.fork().findOne(Offer, { id: offerId });
      if (now && (now.saleId || now.status !== 'accepted')) return toOfferViewRow(now);
      await sleep(250);
    }
    return view;
  }

  /**
   * Paying an accepted pathUSD offer (the bidder): without a receipt the 402 of its checkout; with one,
   * the sale. The checkout is the offer run's own, like a purchase's.
   */
  async function pay(offerId: string, accountId: string, receipt: PresentedReceipt | undefined) {
    const { offer } = await visible(offerId, [accountId]);
    if (offer.bidder.id !== accountId) throw new AppError('forbidden', 'Only the bidder pays for an accepted offer.');
    if (offer.status !== 'accepted' || offer.currency !== 'pathusd' || offer.saleId)
      throw new AppError('offer_not_pending', `Offer ${offerId} is not an accepted pathUSD offer awaiting payment.`);
    const running = await checkout.status(offerId);
    if (!running) throw new AppError('checkout_closed', 'The payment window of this offer has closed.');
    const { sessionId } = running.input;
    if (receipt) return checkout.paid(await checkout.submitReceipt(offerId, receipt, sessionId), sessionId);
    return checkout.offer(running.input);
  }

  return { make, decide, pay, visible };
}

export type OfferService = ReturnType<typeof offerService>;
