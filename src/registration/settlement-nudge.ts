import type { Client } from '@temporalio/client';
import { relaySessionChangedSignal, settlementWorkflowId } from '../../workflows/settlement-messages.ts';

/**
 * Tells the settlement run of a USDC-route checkout to look at its relay session now, as the relay's notice
 * does (docs/payments.md "Waiting for a relay session"). Best effort: a run already closed needs nothing,
 * and a nudge that does not arrive leaves the run to its next look.
 */
export async function nudgeSettlement(temporal: Client, sessionId: string): Promise<void> {
  await temporal.workflow
    .getHandle(settlementWorkflowId(sessionId))
    .signal(relaySessionChangedSignal)
    .catch(() => undefined);
}
