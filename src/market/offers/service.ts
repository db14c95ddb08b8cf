import { offerWorkflowId } from '../../../workflows/offer-messages.ts';
import { paidOperationService } from '../../checkout/paid-operation-service.ts';
import type { CheckoutDeps } from '../../checkout/checkout-service.ts';
import type { PresentedReceipt } from '../../checkout/receipt.ts';
import type { Config } from '../../config/env.ts';
import { AppError } from '../../domain/errors.ts';
import { purchaseOperation } from '../purchase-operation.ts';
import { offerDecisions } from './decisions.ts';
import { offerOpening } from './opening.ts';
import { visibleOffer } from './visibility.ts';

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
  const context = { orm, config, checkout };
  const visible = (offerId: string, accountIds: readonly string[]) => visibleOffer(orm, offerId, accountIds);

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

  return { make: offerOpening(context), decide: offerDecisions(context), pay, visible };
}

export type OfferService = ReturnType<typeof offerService>;
