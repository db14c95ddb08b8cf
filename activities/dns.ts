import { ApplicationFailure } from '@temporalio/activity';
import { PowerDnsRefused } from '../src/dns/powerdns.ts';
import type { DnsSyncInput, DnsSyncResult } from '../workflows/dns-messages.ts';
import { DNS_REFUSED } from '../workflows/dns-messages.ts';
import type { ActivityDeps } from './deps.ts';

/** The DNS sync's one step (docs/dns-and-rdap.md "DNS"): a pass of the sync, with PowerDNS's refusals made final. */
export function createDnsActivities({ dns }: ActivityDeps) {
  return {
    async syncDomainDns({ domain }: DnsSyncInput): Promise<DnsSyncResult> {
      if (!dns) throw new Error('This worker has no DNS sync configured; the pass waits for one that has.');
      try {
        return await dns.syncDomain(domain);
      } catch (err) {
        if (err instanceof PowerDnsRefused)
          throw ApplicationFailure.create({ message: err.message, type: DNS_REFUSED, nonRetryable: true });
        throw err;
      }
    },
  };
}

export type DnsActivities = ReturnType<typeof createDnsActivities>;
