import { defineSignal } from '@temporalio/workflow';

// The per-name DNS sync workflow's contract with its activity; plain data only. Nothing starts these
// runs any more (the namespace zone runs of dns-zone-messages.ts do the work); kept for runs in flight.

export interface DnsSyncInput {
  domain: string;
}

/**
 * What PowerDNS holds for the name after a sync: `published` (its zone, and its delegation when DNS is
 * enabled), `withdrawn` (no zone, no delegation: the name is in grace, expired or gone), or `refused`
 * (PowerDNS rejected the change; the operator sees why in the run's result).
 */
export interface DnsSyncResult {
  outcome: 'published' | 'withdrawn' | 'refused';
  /** The domain's DNS version PowerDNS now holds (0 when no record holds the name). */
  version: number;
  /** rrset changes the last pass made (0: PowerDNS already held it all). */
  changes: number;
  message?: string;
}

/** "The desired DNS of this name changed": the run syncs again after the pass in flight. */
export const dnsChangedSignal = defineSignal('dnsChanged');

export const DNS_SYNC_WORKFLOW = 'dnsSyncWorkflow';
export const dnsWorkflowId = (domain: string) => `dns:${domain}`;

/** A refusal by PowerDNS: retrying the same change cannot succeed. */
export const DNS_REFUSED = 'dns_backend_refused';
