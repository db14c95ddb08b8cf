import { ApplicationFailure, Context } from '@temporalio/activity';
import { PowerDnsRefused } from '../src/dns/powerdns.ts';
import type { DnsSyncInput, DnsSyncResult } from '../workflows/dns-messages.ts';
import { DNS_REFUSED } from '../workflows/dns-messages.ts';
import type { PublishZoneNamesInput, PublishZoneNamesResult } from '../workflows/dns-zone-messages.ts';
import type { ActivityDeps } from './deps.ts';

const NO_SYNC = 'This worker has no DNS sync configured; the pass waits for one that has.';
/** A pass that lasts says it is alive this often (a short pass never does: a heartbeat is a call to Temporal). */
const HEARTBEAT_MS = 5_000;

/** The DNS runs' steps (docs/dns-and-rdap.md "How records reach PowerDNS"), over `src/dns/sync.ts`. */
export function createDnsActivities({ dns }: ActivityDeps) {
  return {
    /**
     * A namespace zone's pass over a batch of names. A name PowerDNS refuses is reported in the result
     * and the others go through; anything else (PowerDNS or PostgreSQL away) throws, and the whole pass
     * is retried: it is idempotent, so names already done are found done.
     */
    async publishZoneNames({ namespace, names }: PublishZoneNamesInput): Promise<PublishZoneNamesResult> {
      if (!dns) throw new Error(NO_SYNC);
      const ctx = Context.current();
      const beat = setInterval(() => ctx.heartbeat(), HEARTBEAT_MS);
      try {
        return await dns.publishNames(namespace, names);
      } finally {
        clearInterval(beat);
      }
    },

    /** One name's pass, for the `dns:<name>` runs started before the zone runs (nothing starts them now). */
    async syncDomainDns({ domain }: DnsSyncInput): Promise<DnsSyncResult> {
      if (!dns) throw new Error(NO_SYNC);
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
