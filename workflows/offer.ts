import {
  ActivityFailure,
  allHandlersFinished,
  ApplicationFailure,
  condition,
  proxyActivities,
  setHandler,
  upsertSearchAttributes,
} from '@temporalio/workflow';
import type { CheckoutActivities } from '../activities/checkout.ts';
import type { OfferActivities } from '../activities/offers.ts';
import type { PurchaseActivities } from '../activities/purchase.ts';
import { approvalDecidedSignal } from './checkout-messages.ts';
import {
  decideOfferUpdate,
  offerEndedSignal,
  offerRefusals,
  openOfferUpdate,
  type OfferDecision,
  type OfferInput,
  type OfferOutcome,
  type OfferView,
} from './offer-messages.ts';
import type { PurchaseInput } from './purchase-messages.ts';
import { dbWrite } from './retry-profiles.ts';
import { afterSale, purchaseCheckout, tellEnded } from './sale.ts';
import { registryDomainKey, registryStageKey } from './search-attributes.ts';

const db = proxyActivities<
  OfferActivities & Pick<PurchaseActivities, 'completePurchase'> & Pick<CheckoutActivities, 'closeApproval'>
>({
  ...dbWrite,
  retry: {
    ...dbWrite.retry,
    nonRetryableErrorTypes: [...(dbWrite.retry?.nonRetryableErrorTypes ?? []), ...offerRefusals],
  },
});

/** An activity's business refusal, passed on to the update's caller as its own failure. */
function passOn(err: unknown): never {
  const cause = err instanceof ActivityFailure ? err.cause : err;
  if (cause instanceof ApplicationFailure && cause.type)
    throw ApplicationFailure.create({
      message: cause.message,
      type: cause.type,
      nonRetryable: true,
      details: cause.details ?? [],
    });
  throw err;
}

/**
 * One run per offer, id `offer:<id>` (docs/market.md "Offers"). Started with its `openOffer` update
 * (update-with-start), so an offer exists exactly when its run does: a gems offer's escrow is never
 * held without a timer that will give it back. It then waits for the owner's answer, the bidder's
 * withdrawal or its expiry (a durable timer). Accepted: a gems offer is sold from its escrow at once;
 * a pathUSD offer becomes the bidder's checkout (the shared one, as a purchase) for the offered price.
 */
export async function offerWorkflow(input: OfferInput): Promise<OfferOutcome> {
  const stage = (s: string) => upsertSearchAttributes({ [registryStageKey.name]: [s] });
  // Only runs started with `input.approval` wait for the person, so earlier runs replay unchanged.
  const approval = input.approval ?? null;
  upsertSearchAttributes({
    [registryDomainKey.name]: [input.domainName],
    [registryStageKey.name]: [approval ? 'awaiting_approval' : 'offer-opening'],
  });
  let view: OfferView | null = null;
  let refused: string | null = null;
  let decision: OfferDecision | null = null;
  let endedBySale = false;
  let approvalSignalled = false;
  setHandler(offerEndedSignal, () => {
    endedBySale = true;
  });
  if (approval) setHandler(approvalDecidedSignal, () => void (approvalSignalled = true));

  const open = async () => {
    try {
      view = await db.openOffer(input);
      return view;
    } catch (err) {
      const cause = err instanceof ActivityFailure ? err.cause : err;
      refused = cause instanceof ApplicationFailure ? (cause.type ?? 'refused') : 'failed';
      return passOn(err);
    }
  };
  setHandler(openOfferUpdate, async () => {
    if (view) return view;
    if (!approval) return open();
    // Opened only once the person approved (below): an opening asked meanwhile waits for that outcome.
    await condition(() => view !== null || refused !== null);
    if (view) return view;
    throw ApplicationFailure.create({
      message: 'The offer was not opened.',
      type: refused ?? 'refused',
      nonRetryable: true,
    });
  });

  setHandler(
    decideOfferUpdate,
    async (d) => {
      try {
        view = await db.decideOffer({
          offerId: input.offerId,
          action: d.action,
          accountId: d.accountId,
          operationId: d.operationId ?? null,
        });
      } catch (err) {
        return passOn(err);
      }
      decision ??= d;
      return view;
    },
    {
      validator: (_d: OfferDecision) => {
        if (!view || decision)
          throw ApplicationFailure.nonRetryable('This offer is no longer pending.', 'offer_not_pending');
      },
    },
  );

  if (approval) {
    // Waiting for the person: nothing is escrowed. The approval row is the decision (closeApproval reads it,
    // expiring it at the deadline and releasing a refused one's reservation), as a checkout's is.
    await condition(() => approvalSignalled, Math.max(0, approval.expiresAtMs - Date.now()));
    const decided = await db.closeApproval({
      approvalId: approval.approvalId,
      spendKey: input.currency === 'gems' ? (input.spend?.key ?? null) : null,
    });
    if (decided === 'approved') {
      // The offer stays pending as long after the approval as it would have after its making.
      input.expiresAtMs -= Math.max(0, approval.expiresAtMs - Date.now());
      stage('offer-opening');
      await open().catch(() => undefined);
    } else refused = decided === 'refused' ? 'approval_refused' : 'approval_expired';
  }
  await condition(() => view !== null || refused !== null);
  const end = async (o: OfferOutcome): Promise<OfferOutcome> => {
    stage(`offer-${o.outcome}`);
    await condition(allHandlersFinished);
    return o;
  };
  if (refused) return end({ outcome: 'refused', code: refused });
  stage('offer-pending');

  const waitMs = Math.max(0, input.expiresAtMs - Date.now());
  if (!(await condition(() => decision !== null || endedBySale, waitMs)) || (endedBySale && !decision)) {
    // Time is up, or a sale of the name ended it: the database says which (a decision may have raced).
    const status = await db.expireOffer({ offerId: input.offerId });
    if (status === 'expired' || status === 'rejected' || status === 'withdrawn') return end({ outcome: status });
    await condition(() => decision !== null);
  }
  const d = decision as OfferDecision | null;
  if (!d) return end({ outcome: 'rejected' });
  if (d.action !== 'accept') return end({ outcome: d.action === 'withdraw' ? 'withdrawn' : 'rejected' });

  if (input.currency === 'gems') {
    stage('offer-accepted');
    const sold = await db.sellOffer({ offerId: input.offerId });
    if (!('saleId' in sold)) return end({ outcome: 'rejected' });
    await tellEnded(sold.releasedOfferIds);
    return end({ outcome: 'sold', saleId: sold.saleId });
  }
  // The bidder's checkout (its method is mpp: it waits for the payment) under this run's own proxy.
  const paid = await purchaseCheckout(d.checkout as PurchaseInput, db.completePurchase);
  if (paid.outcome !== 'purchased') {
    await db.lapseOffer({ offerId: input.offerId });
    return end({ outcome: paid.outcome === 'refused' ? 'payment_refused' : 'unpaid' });
  }
  await afterSale(paid.result);
  return end({ outcome: 'sold', saleId: paid.result.saleId });
}
