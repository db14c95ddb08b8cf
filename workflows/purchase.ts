import { proxyActivities } from '@temporalio/workflow';
import type { PurchaseActivities } from '../activities/purchase.ts';
import { paidCheckout, type PaidOutcome } from './checkout.ts';
import { tellEnded } from './offer.ts';
import type { PurchaseInput, PurchaseOutcome, PurchaseResult } from './purchase-messages.ts';
import { chainPayout, dbWrite } from './retry-profiles.ts';

const db = proxyActivities<Pick<PurchaseActivities, 'completePurchase'>>(dbWrite);
const chain = proxyActivities<Pick<PurchaseActivities, 'payOutSale'>>(chainPayout);

function asPurchase(o: PaidOutcome<PurchaseResult>): PurchaseOutcome {
  return o.outcome === 'done' ? { outcome: 'purchased', result: o.result } : o;
}

/**
 * One run per name being bought, id `purchase:<name>`: while it runs it is the lock, so a second buyer
 * is told before paying. The checkout is the shared one (checkout.ts); the effect is the sale (the name
 * moves, the price is split in the ledger, the events are written) in one transaction, idempotent on
 * the session, at the price the buyer was challenged at. Then the seller's pathUSD proceeds are paid
 * out on chain, once per sale, when the seller has a payout address.
 */
export async function purchaseWorkflow(input: PurchaseInput): Promise<PurchaseOutcome> {
  const end = await paidCheckout<PurchaseInput, PurchaseResult>({
    input,
    operation: 'purchase',
    paidAtStart: input.method === 'gems' ? { kind: 'gems' } : null,
    hostedCheckout: false,
    effect: (payment) => db.completePurchase({ input, payment }),
    shown: asPurchase,
  });
  if (end.outcome === 'done') await tellEnded(end.result.releasedOfferIds);
  if (end.outcome === 'done' && end.result.payoutStatus === 'pending') {
    const paid = await chain.payOutSale({ saleId: end.result.saleId });
    end.result.payoutStatus = paid.payoutStatus;
  }
  return asPurchase(end);
}
