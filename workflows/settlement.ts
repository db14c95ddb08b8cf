import {
  allHandlersFinished,
  condition,
  continueAsNew,
  getExternalWorkflowHandle,
  proxyActivities,
  setHandler,
  upsertSearchAttributes,
} from '@temporalio/workflow';
import type { SettlementActivities } from '../activities/settlement.ts';
import { relayExpiredSignal, relaySettledSignal } from './checkout-messages.ts';
import { registryDomainKey, registryStageKey } from './search-attributes.ts';
import {
  lookNowUpdate,
  SETTLEMENT_UNVERIFIED,
  type RelaySessionState,
  type SettlementInput,
  type SettlementOutcome,
} from './settlement-messages.ts';

// Reading the relay: a timeout or a lost answer is an unknown state, so it is simply asked again,
// with backoff and without limit; the run never gives up on a payment that may be in flight.
const relay = proxyActivities<Pick<SettlementActivities, 'readRelaySession'>>({
  startToCloseTimeout: '15 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds' },
});
// Checking the chain: a transaction not mined or not deep enough yet is retried; a mismatch is final.
const chain = proxyActivities<Pick<SettlementActivities, 'verifyUsdcSettlement'>>({
  startToCloseTimeout: '20 seconds',
  retry: {
    initialInterval: '1 second',
    backoffCoefficient: 2,
    maximumInterval: '15 seconds',
    maximumAttempts: 20,
    nonRetryableErrorTypes: [SETTLEMENT_UNVERIFIED],
  },
});

const POLLS_PER_RUN = 300;

/**
 * Follows one relay session (`settlement:<session>`) for the run that waits on it: polls the relay's
 * receipt until `confirmed` or `expired_unpaid`, and never asks for a second payment. Confirmed is
 * not taken on the relay's word: the transfer is checked on chain (exactly the amount, to us, by the
 * USDC contract) before the waiting run is told `relaySettled`; `expired_unpaid` is the only thing that
 * tells it to release its lock. RegistryStage shows the relay's status as it goes (`relay-broadcast`…).
 */
export async function settlementWorkflow(input: SettlementInput): Promise<SettlementOutcome> {
  const stage = (s: string) => upsertSearchAttributes({ [registryStageKey.name]: [s] });
  upsertSearchAttributes({ [registryDomainKey.name]: [input.name] });
  const checkout = getExternalWorkflowHandle(input.checkoutWorkflowId);
  // Reconcile asks for a look now: the next poll happens at once, and the caller gets what it read.
  let looks = 0;
  let reading = false;
  let lookNow = false;
  let finished = false;
  let last: RelaySessionState | null = null;
  setHandler(lookNowUpdate, async () => {
    // Once the run has its answer there is nothing more to look at: that answer is the one.
    if (finished) return last as RelaySessionState;
    // A read already under way may have left before this request: the answer is the one after it.
    const after = looks + (reading ? 1 : 0);
    lookNow = true;
    await condition(() => looks > after || finished);
    return last as RelaySessionState;
  });
  const settle = async <T>(end: T): Promise<T> => {
    finished = true;
    await condition(allHandlersFinished);
    return end;
  };

  for (let poll = 0; poll < POLLS_PER_RUN; poll++) {
    lookNow = false;
    reading = true;
    const s = await relay.readRelaySession({ relaySessionId: input.relaySessionId });
    reading = false;
    stage(`relay-${s.status}`);
    if (s.status === 'confirmed' && s.txHash) {
      const verified = await chain.verifyUsdcSettlement({
        txHash: s.txHash,
        amountMinor: input.amountMinor,
        payer: s.payer,
      });
      await checkout.signal(relaySettledSignal, { txHash: s.txHash, payer: verified.payer });
      stage('settled');
      last = s;
      looks += 1;
      return settle({ outcome: 'settled', txHash: s.txHash, payer: verified.payer });
    }
    last = s;
    looks += 1;
    if (s.status === 'expired_unpaid') {
      await checkout.signal(relayExpiredSignal);
      stage('expired_unpaid');
      return settle({ outcome: 'expired_unpaid' });
    }
    await condition(() => lookNow, input.pollMs ?? 2000);
  }
  // A long wait keeps its history small (once no reconcile is waiting on this run).
  await condition(allHandlersFinished);
  return continueAsNew<typeof settlementWorkflow>(input);
}
