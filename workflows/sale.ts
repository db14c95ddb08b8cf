import { getExternalWorkflowHandle, proxyActivities } from '@temporalio/workflow';
import type { PurchaseActivities } from '../activities/purchase.ts';
import { paidCheckout } from './checkout.ts';
import { offerEndedSignal, offerWorkflowId } from './offer-messages.ts';
import {
  purchaseContract,
  type PurchaseInput,
  type PurchaseOutcome,
  type PurchaseResult,
} from './purchase-messages.ts';
import { chainPayout } from './retry-profiles.ts';

// The steps of a sale that the purchase run and the offer run (an accepted pathUSD offer) both take.

const chain = proxyActivities<Pick<PurchaseActivities, 'payOutSale'>>(chainPayout);

/**
 * A purchase checkout (the shared one, checkout.ts) whose effect is the sale. `completePurchase` is
 * the calling run's own proxy, under that run's retry profile. An accepted offer's payment
 * (`offerPaymentContract`) is paid this way too: as a purchase, in the offer's run.
 */
export function purchaseCheckout(
  input: PurchaseInput,
  completePurchase: PurchaseActivities['completePurchase'],
): Promise<PurchaseOutcome> {
  return paidCheckout(purchaseContract, {
    input,
    paidAtStart: input.method === 'gems' ? { kind: 'gems' } : null,
    hostedCheckout: false,
    effect: (payment) => completePurchase({ input, payment }),
  });
}

/**
 * After a sale: the runs of the offers it ended are told, and the seller's pathUSD proceeds are paid
 * out on chain, once per sale, when the seller has a payout address (the sale's payout status follows).
 */
export async function afterSale(sale: PurchaseResult): Promise<void> {
  await tellEnded(sale.releasedOfferIds);
  if (sale.payoutStatus === 'pending')
    sale.payoutStatus = (await chain.payOutSale({ saleId: sale.saleId })).payoutStatus;
}

/**
 * Tells the runs of the offers a sale ended that they are over. A run that is already gone (or a
 * signal lost to a crash) is harmless: each run also reads its offer when its timer fires.
 */
export async function tellEnded(offerIds: string[]): Promise<void> {
  for (const id of offerIds)
    await getExternalWorkflowHandle(offerWorkflowId(id))
      .signal(offerEndedSignal)
      .catch(() => undefined);
}
