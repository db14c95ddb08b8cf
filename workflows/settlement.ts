import {
  allHandlersFinished,
  condition,
  continueAsNew,
  getExternalWorkflowHandle,
  isCancellation,
  patched,
  proxyActivities,
  proxyLocalActivities,
  setHandler,
  upsertSearchAttributes,
  workflowInfo,
} from '@temporalio/workflow';
import type { SettlementActivities } from '../activities/settlement.ts';
import { relayExpiredSignal, relaySettledSignal } from './checkout-messages.ts';
import { registryDomainKey, registryStageKey } from './search-attributes.ts';
import {
  lookNowUpdate,
  relaySessionChangedSignal,
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
// A look as a local activity (runs from 'settlement-local-looks' on): one marker in the history instead of
// an activity's three events and a second workflow task, so a look costs 6 events, not 11. It does not
// retry for long inside its workflow task: a relay that does not answer is an unknown state that the run
// looks at again after its own short wait (1 s doubling to 30 s), so a worker stops at once when asked.
const lookLocally = proxyLocalActivities<Pick<SettlementActivities, 'readRelaySession'>>({
  startToCloseTimeout: '10 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '4 seconds', maximumAttempts: 3 },
});
const FIRST_RETRY_MS = 1_000;
const LONGEST_RETRY_MS = 30_000;
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

/** Runs recorded before waiting was made cheap: a look every `pollMs`, 300 looks a run. */
const POLLS_PER_RUN = 300;
/** A run hands over to a fresh one (continue-as-new) past this many events, so no history grows without end. */
const HISTORY_EVENTS = 2_000;
// Waits between fallback looks. The relay's notice is the fast path (and an agent's reconcile looks at
// once), so a look is only a safety net: every 5 min (RELAY_LOOK_FIRST_SECONDS, doubling up to
// RELAY_LOOK_MAX_SECONDS), and at the session's expiry: an unpaid session of 15 min costs three looks of six
// events each (docs/performance.md "Waiting"). Runs begun before 'settlement-rare-looks' keep 2 s to 60 s.
const FIRST_WAIT_MS = 300_000;
const LONGEST_WAIT_MS = 300_000;
const EARLIER_FIRST_WAIT_MS = 2_000;
const EARLIER_LONGEST_WAIT_MS = 60_000;

/**
 * Follows one relay session (`settlement:<session>`) for the run that waits on it: polls the relay's
 * receipt until `confirmed` or `expired_unpaid`, and never asks for a second payment. Confirmed is
 * not taken on the relay's word: the transfer is checked on chain (exactly the amount, to us, by the
 * USDC contract) before the waiting run is told `relaySettled`; `expired_unpaid` is the only thing that
 * tells it to release its lock. RegistryStage shows the relay's status as it goes (`relay-broadcast`…).
 *
 * Waiting costs little (docs/payments.md "Waiting for a relay session"): the relay signals
 * `relaySessionChanged` when a session moves, and the run looks at once; otherwise it looks again after
 * a wait that doubles from `pollMs` (5 min) up to `maxPollMs` (5 min), and at the session's expiry. A
 * transfer in flight (`prepared`, `broadcast`) is looked at again on the short backoff (1 s doubling to 30 s). RegistryStage is
 * written only when it changes, and the run continues as new past HISTORY_EVENTS events.
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

  // Runs begun before the change keep their old rhythm on replay (a look every pollMs, a stage each look).
  const quiet = patched('settlement-quiet-waiting');
  let nudged = false;
  if (quiet) setHandler(relaySessionChangedSignal, () => void (nudged = true));
  let shown: string | null = null;
  const show = (s: string) => {
    if (quiet && s === shown) return;
    shown = s;
    stage(s);
  };
  const rare = quiet && patched('settlement-rare-looks');
  const firstWait = input.pollMs ?? (rare ? FIRST_WAIT_MS : EARLIER_FIRST_WAIT_MS);
  const longestWait = input.maxPollMs ?? (rare ? LONGEST_WAIT_MS : EARLIER_LONGEST_WAIT_MS);
  let wait = firstWait;
  const local = rare && patched('settlement-local-looks');
  let retry = FIRST_RETRY_MS;

  for (let poll = 0; quiet || poll < POLLS_PER_RUN; poll++) {
    lookNow = false;
    nudged = false;
    reading = true;
    const s = local
      ? await lookLocally.readRelaySession({ relaySessionId: input.relaySessionId }).catch((err: unknown) => {
          if (isCancellation(err)) throw err;
          return null;
        })
      : await relay.readRelaySession({ relaySessionId: input.relaySessionId });
    if (local) reading = false;
    if (s === null) {
      // The relay did not answer (three tries): nothing is known, so look again soon, without a stage.
      await condition(() => lookNow || nudged, retry);
      retry = Math.min(retry * 2, LONGEST_RETRY_MS);
      if (workflowInfo().historyLength > HISTORY_EVENTS) break;
      continue;
    }
    show(`relay-${s.status}`);
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
    if (!quiet) {
      await condition(() => lookNow, input.pollMs ?? 2000);
      continue;
    }
    if (workflowInfo().historyLength > HISTORY_EVENTS) break;
    if (local && (s.status === 'prepared' || s.status === 'broadcast')) {
      // A transfer in flight is work, not waiting: it is mined within seconds, and a payer (a stock x402
      // client among them) waits on its answer, so the next look comes on the short backoff, not the
      // fallback wait, whether or not the relay sends notices.
      await condition(() => lookNow || nudged, retry);
      retry = Math.min(retry * 2, LONGEST_RETRY_MS);
      continue;
    }
    retry = FIRST_RETRY_MS;
    // The relay closes an unpaid session at its expiry without a word: look just after it.
    const untilExpiry = s.expiresAt ? Date.parse(s.expiresAt) - Date.now() + 1_000 : 0;
    // A look due within one first wait of the expiry waits for the expiry instead: one look, not two.
    const atExpiry = local && untilExpiry - wait < firstWait;
    const timeout = untilExpiry > 0 ? (atExpiry ? untilExpiry : Math.min(wait, untilExpiry)) : wait;
    const woken = await condition(() => lookNow || nudged, timeout);
    wait = woken ? firstWait : Math.min(wait * 2, longestWait);
  }
  // A long wait keeps its history small (once no reconcile is waiting on this run).
  await condition(allHandlersFinished);
  return continueAsNew<typeof settlementWorkflow>(input);
}
