import type { Config } from '../config/env.ts';
import type { Orm } from '../db/orm.ts';
import { nativeNamespaceNames } from '../db/namespace-loader.ts';
import { zoneAuthority } from './authority.ts';
import { powerDnsClient } from './powerdns.ts';
import { dnsSync, type DnsSync } from './sync.ts';

/** The worker's DNS sync: PowerDNS when PDNS_API_URL is set, else none (passes wait for one). */
export function dnsSyncFromConfig(config: Config, orm: Orm): DnsSync {
  const pdns =
    config.PDNS_API_URL && config.PDNS_API_KEY
      ? powerDnsClient({ apiUrl: config.PDNS_API_URL, apiKey: config.PDNS_API_KEY, serverId: config.PDNS_SERVER_ID })
      : null;
  return dnsSync({
    orm,
    pdns,
    authorityOf: zoneAuthority(config),
    publicBaseUrl: config.publicBaseUrl,
    dnssec: config.DNS_DNSSEC,
  });
}

/**
 * Creates (or brings to the configuration) the zone of every native namespace, at start. A backend that
 * cannot be reached is reported and skipped: each name's sync creates its namespace zone when missing.
 */
export async function ensureNamespaceZones(sync: DnsSync, orm: Orm, warn: (message: string) => void): Promise<void> {
  for (const ns of await nativeNamespaceNames(orm.em.fork())) {
    try {
      await sync.ensureNamespaceZone(ns);
    } catch (err) {
      warn(`DNS zone ${ns}.: ${(err as Error).message}`);
      return;
    }
  }
}
