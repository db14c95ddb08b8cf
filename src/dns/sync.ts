import type { Orm } from '../db/orm.ts';
import { dnsRepository } from '../db/dns-repository.ts';
import {
  delegation,
  domainZone,
  manifestPointers,
  namespaceZone,
  rrsetChanges,
  soaRrset,
  zoneName,
  type Rrset,
} from '../domain/dns-zone.ts';
import { manifestUrls } from '../domain/manifests.ts';
import type { DnsSyncResult } from '../../workflows/dns-messages.ts';
import type { ZoneAuthorityOf } from './authority.ts';
import type { PowerDnsClient } from './powerdns.ts';

export interface DnsSyncDeps {
  orm: Orm;
  /** Null when no backend is configured: every push then waits (retried) until one is. */
  pdns: PowerDnsClient | null;
  authorityOf: ZoneAuthorityOf;
  publicBaseUrl: string;
}

/** Only an active name is served: in grace, expired or never registered, it has no zone and no delegation. */
const SERVED_STATUS = 'active';

/**
 * Brings PowerDNS to what PostgreSQL says (docs/dns-and-rdap.md "DNS"). Everything is derived from the stored state
 * at the moment of the pass and compared with what PowerDNS holds, so running a pass twice, or after a
 * crash half-way, changes nothing more.
 */
export function dnsSync(d: DnsSyncDeps) {
  const backend = (): PowerDnsClient => {
    if (!d.pdns)
      throw new Error(
        'No DNS backend is configured (PDNS_API_URL); DNS changes wait until one is (docs/dns-and-rdap.md "DNS").',
      );
    return d.pdns;
  };

  /** Creates the namespace zone when missing and brings its own NS and glue to the configuration. */
  async function ensureNamespaceZone(namespace: string): Promise<void> {
    const pdns = backend();
    const zone = zoneName(namespace);
    const desired = namespaceZone(namespace, d.authorityOf(namespace));
    const current = await pdns.getZone(zone);
    if (!current) {
      await pdns.createZone(zone, desired);
      return;
    }
    // Only its own rrsets are compared; nothing is removed (the zone holds every name's delegation).
    const own = new Set(desired.map((r) => r.name));
    await pdns.patchZone(
      zone,
      rrsetChanges(
        current.filter((r) => own.has(r.name)),
        desired,
        () => false,
      ),
    );
  }

  /** Publishes or removes the delegation of one name, creating its namespace zone first if needed. */
  async function setDelegation(namespace: string, rrsets: Rrset[], publish: boolean): Promise<void> {
    const pdns = backend();
    const changes = publish ? rrsetChanges([], rrsets) : rrsetChanges(rrsets, []);
    // The namespace zone is read (it holds every delegation) only when it turns out to be missing.
    if (await pdns.patchZone(zoneName(namespace), changes)) return;
    await ensureNamespaceZone(namespace);
    await pdns.patchZone(zoneName(namespace), changes);
  }

  return {
    ensureNamespaceZone,

    async syncDomain(domain: string): Promise<DnsSyncResult> {
      const pdns = backend();
      const repo = dnsRepository(d.orm.em.fork());
      const subject = await repo.find(domain);
      const namespace = subject?.namespace ?? domain.slice(domain.indexOf('.') + 1);
      const authority = d.authorityOf(namespace);
      const zone = zoneName(domain);
      const served = subject?.status === SERVED_STATUS;
      let changes = 0;

      if (subject && served) {
        const pointers = manifestPointers(manifestUrls(d.publicBaseUrl, subject.name));
        const desired = domainZone(subject.name, await repo.records(subject.id), pointers, authority);
        const current = await pdns.getZone(zone);
        if (current) {
          const patch = rrsetChanges(current, desired);
          if (!(await pdns.patchZone(zone, patch)))
            throw new Error(`Zone ${zone} vanished during its sync; trying again.`);
          changes += patch.length;
        } else {
          await pdns.createZone(zone, [soaRrset(zone, authority), ...desired]);
          changes += desired.length;
        }
      } else if ((await pdns.deleteZone(zone)) === 'deleted') changes += 1;

      await setDelegation(namespace, delegation(domain, authority), served && Boolean(subject?.dnsEnabled));
      if (subject) await repo.markPublished(subject.id, subject.dnsVersion);
      return { outcome: served ? 'published' : 'withdrawn', version: subject?.dnsVersion ?? 0, changes };
    },
  };
}

export type DnsSync = ReturnType<typeof dnsSync>;
