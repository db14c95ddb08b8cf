import {
  allHandlersFinished,
  condition,
  continueAsNew,
  log,
  proxyActivities,
  setHandler,
  upsertSearchAttributes,
  workflowInfo,
} from '@temporalio/workflow';
import type { DnsActivities } from '../activities/dns.ts';
import {
  dnsNamesChangedSignal,
  dnsZoneStatusQuery,
  type DnsRefusal,
  type DnsZoneInput,
  type DnsZoneStage,
} from './dns-zone-messages.ts';
import { dnsZonePass } from './retry-profiles.ts';
import { registryStageKey } from './search-attributes.ts';

const dns = proxyActivities<Pick<DnsActivities, 'publishZoneNames'>>(dnsZonePass);

const BATCH_SIZE = 50;
const PASSES_PER_RUN = 200;
/** Every signal adds to the history as well as every pass: hand over past this many events whatever the passes. */
const EVENTS_PER_RUN = 10_000;
const REFUSALS_KEPT = 20;

/** Takes up to `n` names off the front of the map (the order they were first asked for). */
function take(pending: Map<string, number>, n: number): string[] {
  const names: string[] = [];
  for (const name of pending.keys()) {
    if (names.length === n) break;
    names.push(name);
  }
  for (const name of names) pending.delete(name);
  return names;
}

/**
 * `dns-zone:<task queue>:<namespace>`: publishes the names of one namespace to PowerDNS in batches
 * (docs/dns-and-rdap.md "How records reach PowerDNS"). A signal adds names to a pending set; each pass
 * takes up to a batch of them into one activity, which brings each name's zone to what PostgreSQL says
 * and then patches the namespace zone's delegations once for all. Names signalled during a pass wait
 * for the next one, so a change is never left behind and a name asked for twice is published once.
 * The pass is idempotent and retried without limit while PowerDNS or PostgreSQL is down, so a change
 * waits here and is never lost; a name PowerDNS refuses is reported (status query, log) and the others
 * go on. The run never completes: idle, it waits for a signal; it continues as new with what is still
 * pending after many passes, keeping each history short.
 */
export async function dnsZoneWorkflow(input: DnsZoneInput): Promise<void> {
  const { namespace } = input;
  const batchSize = Math.max(1, Math.trunc(input.batchSize ?? BATCH_SIZE));
  const passesPerRun = Math.max(1, Math.trunc(input.passesPerRun ?? PASSES_PER_RUN));
  // A Map keeps insertion order and holds each name once, however often it is signalled, with the time
  // (the workflow's clock) it first waited: the status query reports the oldest, which the worker's
  // `registry_dns_oldest_pending_age_seconds` gauge shows and an alert watches.
  const carried = input.pendingSince ?? [];
  const pending = new Map((input.pending ?? []).map((name, i) => [name, carried[i] ?? Date.now()]));
  let publishingSince: number | undefined;
  let refusals: DnsRefusal[] = input.refusals ?? [];
  let passes = input.passes ?? 0;
  let passesThisRun = 0;
  let publishing = 0;

  setHandler(dnsNamesChangedSignal, ({ names }) => {
    for (const name of names) if (!pending.has(name)) pending.set(name, Date.now());
  });
  setHandler(dnsZoneStatusQuery, () => {
    // Names wait in the order they came (the workflow's clock only moves on), so the pass in flight, taken
    // off the front, holds the oldest; idle, the front of the map does.
    const oldest = publishingSince ?? pending.values().next().value;
    const waitingSince = oldest === undefined ? null : new Date(oldest).toISOString();
    return { namespace, pending: pending.size, publishing, passes, refusals, waitingSince };
  });

  // Search attributes carry over continue-as-new: upsert only when the stage changes (each upsert costs
  // an event and a visibility write), never once per pass.
  let stage = workflowInfo().typedSearchAttributes.get(registryStageKey);
  const enter = (next: DnsZoneStage) => {
    if (stage === next) return;
    upsertSearchAttributes([{ key: registryStageKey, value: next }]);
    stage = next;
  };

  for (;;) {
    const info = workflowInfo();
    if (passesThisRun >= passesPerRun || info.continueAsNewSuggested || info.historyLength >= EVENTS_PER_RUN) {
      await condition(allHandlersFinished);
      await continueAsNew<typeof dnsZoneWorkflow>({
        ...input,
        pending: [...pending.keys()],
        pendingSince: [...pending.values()],
        refusals,
        passes,
      });
    }
    if (pending.size === 0) {
      enter('dns-idle');
      await condition(() => pending.size > 0);
    }
    enter('dns-publishing');
    publishingSince = pending.values().next().value;
    const names = take(pending, batchSize);
    publishing = names.length;
    const result = await dns.publishZoneNames({ namespace, names });
    publishing = 0;
    publishingSince = undefined;
    passes += 1;
    passesThisRun += 1;
    if (result.refused.length) {
      const at = new Date().toISOString();
      for (const r of result.refused) log.warn('PowerDNS refused a name; it waits for its next change', { ...r });
      refusals = [...refusals, ...result.refused.map((r) => ({ ...r, at }))].slice(-REFUSALS_KEPT);
    }
  }
}
