import { proxyActivities, upsertSearchAttributes } from '@temporalio/workflow';
import type { PurchaseActivities } from '../activities/purchase.ts';
import { chainPayout } from './retry-profiles.ts';
import { registryStageKey } from './search-attributes.ts';

const chain = proxyActivities<Pick<PurchaseActivities, 'payOutSale'>>(chainPayout);

/**
 * Pays out a sale's held pathUSD proceeds once its seller has set a payout address (docs/market.md
 * "Payouts"), id `payout:sale:<id>`. The payout itself is idempotent on the sale, so a second run for
 * the same sale sends nothing.
 */
export async function payoutWorkflow({ saleId }: { saleId: number }): Promise<{ payoutStatus: string }> {
  const paid = await chain.payOutSale({ saleId });
  upsertSearchAttributes({ [registryStageKey.name]: [`payout-${paid.payoutStatus}`] });
  return paid;
}
