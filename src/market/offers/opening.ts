import { randomUUID } from 'node:crypto';
import { WithStartWorkflowOperation } from '@temporalio/client';
import { offerWorkflowId, openOfferUpdate, type OfferInput } from '../../../workflows/offer-messages.ts';
import { registryDomainKey, registryStageKey } from '../../../workflows/search-attributes.ts';
import { Domain, Listing, MandateApproval, Offer, SpendMandate } from '../../db/entities/index.ts';
import { AppError, insufficientGems } from '../../domain/errors.ts';
import { EXPIRED } from '../../domain/expiry.ts';
import {
  MAX_GEMS,
  MAX_USD_MINOR,
  minorToUsd,
  offerBelowMinimum,
  usdToMinor,
  type MarketCurrency,
} from '../../domain/market.ts';
import { gemsBalance } from '../../ledger/gems.ts';
import { ApprovalRequired, closeApproval, recordApproval } from '../../mandates/approvals.ts';
import { offerSpend } from '../../mandates/offer-spend.ts';
import { mandateRefusal } from '../../mandates/refusal.ts';
import { fromSpendTerms, judgeUnreserved, releaseSpend, reserveSpend } from '../../mandates/spends.ts';
import type { OfferContext } from './context.ts';
import { refusalOf } from './refusals.ts';
import { toOfferViewRow } from './view.ts';

/** How long opening an offer may wait for its run's first step before the caller is told to retry. */
const START_DEADLINE_MS = 30_000;

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
 * Opening an offer (spec 4.7, docs/market.md "Offers"): its run `offer:<id>` is started by its
 * `openOffer` update, so that the offer, its escrow and its expiry timer exist together or not at all;
 * an offer above the bidder's approval threshold waits for that approval first.
 */
export function offerOpening({ orm, config, checkout }: OfferContext) {
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
    const terms: OfferInput = {
      offerId: q.operationId ?? randomUUID(),
      domainName: q.name,
      bidderId: q.bidderId,
      currency: q.currency,
      amount: amount.toString(),
      expiresAtMs: Date.now() + config.OFFER_TTL_HOURS * 3600_000,
      payWindowMs: config.CHECKOUT_TTL_SECONDS * 1000,
    };
    const input: OfferInput = { ...terms, spend: offerSpend(terms, config.GEM_USD_RATE) };
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
    offer: OfferInput,
    approval: { approvalId: string; expiresAtMs: number },
    keyed: boolean,
  ): Promise<never> {
    // The run's own input: the offer, waiting for this approval, its term counted from the approval's end.
    const input: OfferInput = {
      ...offer,
      approval,
      expiresAtMs: approval.expiresAtMs + config.OFFER_TTL_HOURS * 3600_000,
    };
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

  return make;
}
