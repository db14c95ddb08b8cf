import { ApplicationFailure } from '@temporalio/activity';
import type { Hex } from 'viem';
import { isFinalRefusal } from '../src/payments/refusal.ts';
import { SETTLEMENT_UNVERIFIED, type RelaySessionState } from '../workflows/settlement-messages.ts';
import type { ActivityDeps } from './deps.ts';
import { measureVerification } from '../src/metrics/payments.ts';

// The USDC route's settlement polling: what the relay says of a session, and the chain's own word on
// a confirmed one. A relay that does not answer is a plain (retried) failure: an unknown state.
export function createSettlementActivities({ usdc }: ActivityDeps) {
  const route = () => {
    if (!usdc)
      throw ApplicationFailure.nonRetryable('The USDC route is not configured on this worker.', 'usdc_unavailable');
    return usdc;
  };
  return {
    async readRelaySession(a: { relaySessionId: string }): Promise<RelaySessionState> {
      const s = await route().relay.session(a.relaySessionId);
      return { status: s.status, txHash: s.tx_hash, payer: s.payer, expiresAt: s.expires_at };
    },

    async verifyUsdcSettlement(a: { txHash: string; amountMinor: string; payer: string | null }) {
      try {
        const v = await measureVerification('usdc', isFinalRefusal, () =>
          route().verifyTransfer({
            txHash: a.txHash as Hex,
            amountMinor: BigInt(a.amountMinor),
            payer: a.payer as Hex | null,
          }),
        );
        return { payer: v.payer as string };
      } catch (err) {
        if (isFinalRefusal(err))
          throw ApplicationFailure.nonRetryable(
            `The relay reported ${a.txHash} confirmed, but the chain disagrees (${err.reason}).`,
            SETTLEMENT_UNVERIFIED,
          );
        throw err;
      }
    },
  };
}

export type SettlementActivities = ReturnType<typeof createSettlementActivities>;
