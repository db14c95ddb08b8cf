import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import type { Orm } from '../db/orm.ts';
import { saleRepository } from '../db/sale-repository.ts';

export const payoutWorkflowId = (saleId: number) => `payout:sale:${saleId}`;

/**
 * Held proceeds become payouts (docs/market.md "Payouts"): when a seller sets a payout address, a run
 * `payout:sale:<id>` starts for each of its held pathUSD sales and pays it to that address. A sale stays
 * held until its run takes it, so a start that fails leaves the balance where it was: setting the
 * address again starts the rest.
 */
export async function payOutHeldSales(
  deps: { orm: Orm; temporal?: Client | undefined; taskQueue: string },
  sellerId: string,
) {
  if (!deps.temporal) return 0;
  const held = await saleRepository(deps.orm.em.fork()).heldFor(sellerId);
  for (const saleId of held) {
    await deps.temporal.workflow
      .start('payoutWorkflow', {
        taskQueue: deps.taskQueue,
        workflowId: payoutWorkflowId(saleId),
        workflowIdReusePolicy: 'ALLOW_DUPLICATE_FAILED_ONLY',
        args: [{ saleId }],
      })
      .catch((err: unknown) => {
        if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
      });
  }
  return held.length;
}
