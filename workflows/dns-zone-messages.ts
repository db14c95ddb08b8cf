import { defineQuery, defineSignal } from '@temporalio/workflow';

// The namespace zone run's contract with the outbox dispatcher, its activity and the operator; plain
// data only (docs/dns-and-rdap.md "How records reach PowerDNS").

export interface DnsZoneInput {
  /** The namespace whose names this run publishes (`agent`: the zone `agent.` and every `*.agent.`). */
  namespace: string;
  /** Names still to publish, carried over continue-as-new. */
  pending?: string[];
  /** When each of `pending` first waited (ms, the workflow's clock), in the same order. */
  pendingSince?: number[];
  /** The last refusals, carried over continue-as-new so the operator keeps seeing them. */
  refusals?: DnsRefusal[];
  /** Passes made by the runs before this one (the status query counts from the first run). */
  passes?: number;
  /** Names per pass (one activity); default 50. */
  batchSize?: number;
  /** Passes before the run continues as new, keeping each history short; default 200. */
  passesPerRun?: number;
}

/** One name PowerDNS refused (4xx) in a pass: no retry can change it; the next change of the name tries again. */
export interface DnsRefusal {
  name: string;
  message: string;
  /** When the pass reported it (ISO 8601, the workflow's clock). */
  at?: string;
}

export interface PublishZoneNamesInput {
  namespace: string;
  names: string[];
}

/** What one pass did: names whose zone (and delegation, if enabled) PowerDNS now holds, names taken out. */
export interface PublishZoneNamesResult {
  published: number;
  withdrawn: number;
  /** rrset changes made to the names' own zones (0: PowerDNS already held it all). */
  changes: number;
  /** Names whose change PowerDNS refused; every other name of the pass went through. */
  refused: DnsRefusal[];
}

/** What the zone run reports to an operator (the `dnsZoneStatus` query). */
export interface DnsZoneStatus {
  namespace: string;
  /** Names waiting for a pass (not counting the pass in flight). */
  pending: number;
  /** Names of the pass in flight (0 when idle). */
  publishing: number;
  /** When the name that has waited longest (in flight or pending) first waited (ISO 8601); null: none waits. */
  waitingSince: string | null;
  /** Passes since the first run of the chain. */
  passes: number;
  /** The most recent refusals, oldest first (at most 20). */
  refusals: DnsRefusal[];
}

/** "These names' desired DNS changed": they join the next pass (a name already waiting is not added twice). */
export const dnsNamesChangedSignal = defineSignal<[{ names: string[] }]>('dnsNamesChanged');

export const dnsZoneStatusQuery = defineQuery<DnsZoneStatus>('dnsZoneStatus');

export const DNS_ZONE_WORKFLOW = 'dnsZoneWorkflow';

/**
 * One run per namespace and task queue: several stacks (tests) may share one Temporal server, each with
 * its own task queue and workers, as the `expiry-sweep:<task queue>` schedule does.
 */
export const dnsZoneWorkflowId = (taskQueue: string, namespace: string) => `dns-zone:${taskQueue}:${namespace}`;

/** RegistryStage of a zone run: a pass is in flight or names wait (`dns-publishing`), or nothing waits. */
export type DnsZoneStage = 'dns-publishing' | 'dns-idle';
