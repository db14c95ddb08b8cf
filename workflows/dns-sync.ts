import {
  ApplicationFailure,
  ActivityFailure,
  continueAsNew,
  proxyActivities,
  setHandler,
  upsertSearchAttributes,
} from '@temporalio/workflow';
import type { DnsActivities } from '../activities/dns.ts';
import { DNS_REFUSED, dnsChangedSignal, type DnsSyncInput, type DnsSyncResult } from './dns-messages.ts';
import { dnsCall } from './retry-profiles.ts';
import { registryDomainKey, registryStageKey } from './search-attributes.ts';

const dns = proxyActivities<DnsActivities>(dnsCall);

/** Passes before the run hands over to a fresh one, so a name edited all day keeps a short history. */
const PASSES_PER_RUN = 100;

const refusal = (err: unknown): string | null =>
  err instanceof ActivityFailure && err.cause instanceof ApplicationFailure && err.cause.type === DNS_REFUSED
    ? err.cause.message
    : null;

/**
 * `dns:<name>`: brings PowerDNS to the name's desired DNS (docs/dns-and-rdap.md "How records reach PowerDNS").
 * Each pass reads the desired state from PostgreSQL and pushes only the difference, so a pass is
 * idempotent and the last one always wins; a change signalled during a pass makes one more pass. While
 * PowerDNS is down the pass is retried without limit, so a change waits here and is never lost.
 *
 * Nothing starts it any more: the namespace zone runs (`dns-zone.ts`) publish names in batches. It stays
 * registered so that `dns:<name>` runs in flight at the upgrade finish, and its recorded histories replay.
 */
export async function dnsSyncWorkflow({ domain }: DnsSyncInput): Promise<DnsSyncResult> {
  let pending = 1;
  setHandler(dnsChangedSignal, () => {
    pending += 1;
  });
  upsertSearchAttributes({ [registryDomainKey.name]: [domain], [registryStageKey.name]: ['dns-syncing'] });

  let result: DnsSyncResult = { outcome: 'withdrawn', version: 0, changes: 0 };
  for (let pass = 0; pending > 0; pass++) {
    if (pass === PASSES_PER_RUN) await continueAsNew<typeof dnsSyncWorkflow>({ domain });
    pending = 0;
    try {
      result = await dns.syncDomainDns({ domain });
    } catch (err) {
      const message = refusal(err);
      if (message === null) throw err;
      result = { outcome: 'refused', version: 0, changes: 0, message };
    }
  }
  upsertSearchAttributes({ [registryStageKey.name]: [`dns-${result.outcome}`] });
  return result;
}
