import { proxyActivities } from '@temporalio/workflow';
import type { PurchaseActivities } from '../activities/purchase.ts';
import type { PurchaseInput, PurchaseOutcome } from './purchase-messages.ts';
import { dbWrite } from './retry-profiles.ts';
import { afterSale, purchaseCheckout } from './sale.ts';

const db = proxyActivities<Pick<PurchaseActivities, 'completePurchase'>>(dbWrite);

/**
 * One run per name being bought, id `purchase:<name>`: while it runs it is the lock, so a second buyer
 * is told before paying. The checkout is the shared one (checkout.ts); the effect is the sale (the name
 * moves, the price is split in the ledger, the events are written) in one transaction, idempotent on
 * the session, at the price the buyer was challenged at. Then the seller's pathUSD proceeds are paid
 * out on chain, once per sale, when the seller has a payout address.
 */
export async function purchaseWorkflow(input: PurchaseInput): Promise<PurchaseOutcome> {
  const end = await purchaseCheckout(input, db.completePurchase);
  if (end.outcome === 'purchased') await afterSale(end.result);
  return end;
}
