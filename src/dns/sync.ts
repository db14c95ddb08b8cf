import type { Orm } from '../db/orm.ts';
import { dnsRepository, type DnsSubject } from '../db/dns-repository.ts';
import type { DnsRecord as DesiredRecord } from '../domain/dns-records.ts';
import {
  domainZone,
  manifestPointers,
  namespaceOf,
  parentChanges,
  rrsetChanges,
  soaRrset,
  zoneName,
  type RrsetChange,
} from '../domain/dns-zone.ts';
import { manifestUrls } from '../domain/manifests.ts';
import { agentRecordsOn } from '../domain/agent-dns.ts';
import type { DnsSyncResult } from '../../workflows/dns-messages.ts';
import type { DnsRefusal, PublishZoneNamesResult } from '../../workflows/dns-zone-messages.ts';
import type { ZoneAuthorityOf } from './authority.ts';
import { PowerDnsRefused, type PowerDnsClient } from './powerdns.ts';
import { ensureNamespaceZone as ensureZone, signersOf } from './signed-zones.ts';

export interface DnsSyncDeps {
  orm: Orm;
  /** Null when no backend is configured: every push then waits (retried) until one is. */
  pdns: PowerDnsClient | null;
  authorityOf: ZoneAuthorityOf;
  publicBaseUrl: string;
  /** Zones are signed (DNS_DNSSEC, default on): each created signed, each name's DS in its delegation. */
  dnssec?: boolean;
  /** Names of a batch whose own zones are brought up to date at once (default 4). */
  concurrency?: number;
}

/** Only an active name is served: in grace, expired or never registered, it has no zone and no delegation. */
const SERVED_STATUS = 'active';

/** One name's zone brought to its desired state, and what its namespace zone still owes it. */
interface NamePass {
  name: string;
  subject: DnsSubject | null;
  served: boolean;
  /** rrset changes made to the name's own zone. */
  changes: number;
  /** What the namespace zone holds for it (its delegation, its discovery records, or neither), for its PATCH. */
  delegation: RrsetChange[];
  /**
   * The DS records that delegation carries (null: unsigned), when they differ from those stored: stored
   * once the namespace zone holds them, so RDAP never shows a DS the delegation does not publish yet.
   */
  signers?: string[] | null;
}

/**
 * Runs `fn` over the items, at most `limit` at once. After a failure no new item starts, and the first
 * failure is thrown once those in flight have settled (so no call outlives the pass that made it).
 */
async function eachLimited<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const failures: unknown[] = [];
  const lane = async () => {
    while (!failures.length && next < items.length) {
      const item = items[next++] as T;
      await fn(item).catch((err: unknown) => failures.push(err));
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  if (failures.length) throw failures[0];
}

/**
 * Brings PowerDNS to what PostgreSQL says (docs/dns-and-rdap.md "How records reach PowerDNS"). Everything is
 * derived from the stored state at the moment of the pass and compared with what PowerDNS holds, so
 * running a pass twice, or after a crash half-way, changes nothing more.
 */
export function dnsSync(d: DnsSyncDeps) {
  const concurrency = Math.max(1, d.concurrency ?? 4);
  const backend = (): PowerDnsClient => {
    if (!d.pdns)
      throw new Error(
        'No DNS backend is configured (PDNS_API_URL); DNS changes wait until one is (docs/dns-and-rdap.md "DNS").',
      );
    return d.pdns;
  };

  /** The namespace zone created or brought to the configuration, signed when DNSSEC is on. */
  async function ensureNamespaceZone(namespace: string): Promise<void> {
    await ensureZone(backend(), namespace, d.authorityOf(namespace), Boolean(d.dnssec));
  }

  /** Sends delegation changes in one PATCH of the namespace zone, creating the zone first if needed. */
  async function patchDelegations(namespace: string, changes: RrsetChange[]): Promise<void> {
    const pdns = backend();
    // The namespace zone is read (it holds every delegation) only when it turns out to be missing.
    if (await pdns.patchZone(zoneName(namespace), changes)) return;
    await ensureNamespaceZone(namespace);
    await pdns.patchZone(zoneName(namespace), changes);
  }

  /** What PostgreSQL says of one name: its record (null: none holds it) and its stored DNS records. */
  interface Stored {
    subject: DnsSubject | null;
    records: DesiredRecord[];
  }

  /** A batch's names read in two queries, whatever its size. */
  async function readMany(names: string[]): Promise<Map<string, Stored>> {
    const repo = dnsRepository(d.orm.em.fork());
    const subjects = await repo.findMany(names);
    const records = await repo.recordsOf(subjects.map((x) => x.id));
    const byName = new Map<string, Stored>(names.map((n) => [n, { subject: null, records: [] }]));
    for (const subject of subjects) byName.set(subject.name, { subject, records: records.get(subject.id) ?? [] });
    return byName;
  }

  /**
   * Brings one name's own zone to its desired state, and says what its namespace zone owes it. Only a
   * delegated name (served, its owner enabled DNS) has a zone of its own; before that its discovery
   * records live in the namespace zone (parentChanges, src/domain/dns-zone.ts), so no validator ever meets
   * a signed zone without a DS above it.
   */
  async function passName(name: string, { subject, records }: Stored): Promise<NamePass> {
    const pdns = backend();
    const authority = d.authorityOf(subject?.namespace ?? namespaceOf(name));
    const zone = zoneName(name);
    const served = subject?.status === SERVED_STATUS;
    const delegated = served && Boolean(subject?.dnsEnabled);
    const pointers = subject && served ? manifestPointers(manifestUrls(d.publicBaseUrl, subject.name)) : [];
    const agent =
      subject && served ? agentRecordsOn(d.publicBaseUrl, subject.name, subject.profile, subject.onchain) : [];
    let changes = 0;

    if (subject && delegated) {
      const desired = domainZone(subject.name, records, pointers, authority, agent);
      const current = await pdns.getZone(zone);
      if (current) {
        const patch = rrsetChanges(current, desired);
        if (!(await pdns.patchZone(zone, patch)))
          throw new Error(`Zone ${zone} vanished during its sync; trying again.`);
        changes += patch.length;
      } else {
        await pdns.createZone(zone, [soaRrset(zone, authority), ...desired], { dnssec: d.dnssec });
        changes += desired.length;
      }
    } else {
      // A name never changed since it was registered never had a zone of its own: nothing to remove.
      const untouched = subject?.dnsVersion === 0 && subject.dnsPublishedVersion === 0;
      if (!untouched && (await pdns.deleteZone(zone)) === 'deleted') changes += 1;
    }

    const ds = delegated && d.dnssec ? ((await signersOf(pdns, zone)) ?? []) : [];
    // RDAP's secureDNS reads what the delegation publishes; stored only when it changed (a key rollover).
    const signers = ds.length ? ds : null;
    const changed = subject && (signers ?? []).join('\n') !== (subject.dnsDs ?? []).join('\n');
    const discovery = subject && served && !delegated ? domainZone(subject.name, [], pointers, authority, agent) : [];
    if (discovery.length) changes += discovery.filter((r) => r.type !== 'NS').length;
    return {
      name,
      subject,
      served,
      changes,
      delegation: parentChanges(
        name,
        authority,
        delegated ? { kind: 'delegated', ds } : served ? { kind: 'discovery', rrsets: discovery } : { kind: 'absent' },
      ),
      ...(changed && { signers }),
    };
  }

  /**
   * After the namespace zone took their delegations: each name's DS as it now publishes them, then the
   * versions PowerDNS holds. A crash between the PATCH and this repeats the pass, which stores them then.
   */
  async function markPublished(passes: NamePass[]): Promise<void> {
    const repo = dnsRepository(d.orm.em.fork());
    for (const p of passes) if (p.subject && p.signers !== undefined) await repo.storeSigners(p.subject.id, p.signers);
    await repo.markPublishedMany(
      passes.flatMap((p) => (p.subject ? [{ id: p.subject.id, version: p.subject.dnsVersion }] : [])),
    );
  }

  /**
   * The delegations of a batch in one PATCH. PowerDNS applies a PATCH whole or not at all, so when it
   * refuses the batch's, each name's is sent alone: the one refused is reported, the others land.
   */
  async function delegateAll(namespace: string, passes: NamePass[], refuse: (r: DnsRefusal) => void): Promise<void> {
    try {
      await patchDelegations(
        namespace,
        passes.flatMap((p) => p.delegation),
      );
      return;
    } catch (err) {
      if (!(err instanceof PowerDnsRefused)) throw err;
      if (passes.length === 1) return refuse({ name: (passes[0] as NamePass).name, message: err.message });
    }
    for (const p of passes) {
      try {
        await patchDelegations(namespace, p.delegation);
      } catch (err) {
        if (!(err instanceof PowerDnsRefused)) throw err;
        refuse({ name: p.name, message: err.message });
      }
    }
  }

  return {
    ensureNamespaceZone,

    /**
     * One pass of a namespace zone run over a batch of its names: each name's own zone (a few at once),
     * then all their delegations in one PATCH of the namespace zone, then the versions PowerDNS now holds.
     * A refusal (4xx) of one name's change is reported and leaves that name unmarked; anything else
     * throws and the caller retries the whole pass.
     */
    async publishNames(namespace: string, names: string[]): Promise<PublishZoneNamesResult> {
      const refused = new Map<string, string>();
      const refuse = (r: DnsRefusal) => refused.set(r.name, r.message);
      const unique = [...new Set(names)];
      const byName = new Map<string, NamePass>();
      const stored = await readMany(unique);
      await eachLimited(unique, concurrency, async (name) => {
        try {
          byName.set(name, await passName(name, stored.get(name) as Stored));
        } catch (err) {
          if (!(err instanceof PowerDnsRefused)) throw err;
          refuse({ name, message: err.message });
        }
      });
      // In the batch's order, whatever order the names finished in: the PATCH reads as the batch does.
      const passes = unique.flatMap((name) => byName.get(name) ?? []);
      if (passes.length) await delegateAll(namespace, passes, refuse);

      const done = passes.filter((p) => !refused.has(p.name));
      await markPublished(done);
      return {
        published: done.filter((p) => p.served).length,
        withdrawn: done.filter((p) => !p.served).length,
        changes: done.reduce((sum, p) => sum + p.changes, 0),
        refused: [...refused].map(([name, message]) => ({ name, message })),
      };
    },

    /** One name's pass on its own (the `dns:<name>` runs of before the zone runs); a refusal throws. */
    async syncDomain(domain: string): Promise<DnsSyncResult> {
      const p = await passName(domain, (await readMany([domain])).get(domain) as Stored);
      await patchDelegations(p.subject?.namespace ?? namespaceOf(domain), p.delegation);
      await markPublished([p]);
      return { outcome: p.served ? 'published' : 'withdrawn', version: p.subject?.dnsVersion ?? 0, changes: p.changes };
    },
  };
}

export type DnsSync = ReturnType<typeof dnsSync>;
