import { registrarLocks } from '../../db/registrar-locks.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import { randomUUID } from 'node:crypto';
import { WorkflowNotFoundError, type WorkflowHandle } from '@temporalio/client';
import { decideOfferUpdate, offerWorkflowId, type OfferView } from '../../../workflows/offer-messages.ts';
import type { PurchaseInput } from '../../../workflows/purchase-messages.ts';
import { holderOf } from '../../checkout/holder.ts';
import { Offer } from '../../db/entities/index.ts';
import { AppError } from '../../domain/errors.ts';
import { purchaseInput } from '../purchase-operation.ts';
import { isOfferId, type OfferContext } from './context.ts';
import { OfferNotPending, refusalOf } from './refusals.ts';
import { toOfferViewRow } from './view.ts';
import { visibleOffer } from './visibility.ts';

/** A decision on an offer, by a caller speaking for `accountIds` (itself first, then the agents it claimed). */
interface Decision {
  offerId: string;
  accountIds: readonly string[];
  action: 'accept' | 'reject' | 'withdraw';
  operationId: string | null;
}

/** The status an offer has when a decision is what happened. */
const outcomeOf = { accept: 'accepted', reject: 'rejected', withdraw: 'withdrawn' } as const;

/** Decisions on an offer, sent to its run as `decideOffer` updates (`decide` says who decides what). */
export function offerDecisions({ orm, config, checkout }: OfferContext) {
  const handle = (offerId: string): WorkflowHandle => checkout.temporal().workflow.getHandle(offerWorkflowId(offerId));

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
      const { offer, ownerId } = await visibleOffer(orm, offerId, accountIds);
      const party = action === 'withdraw' ? offer.bidder.id : ownerId;
      const accountId = party && accountIds.includes(party) ? party : (accountIds[0] as string);
      const accept = action === 'accept';
      // Accepting sells the name: refused while it is locked (the sale itself checks again under the row lock).
      if (accept) await registrarLocks(orm.em.fork()).refuseIfLocked(offer.domainId, offer.domainName, 'offer');
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

  return decide;
}
