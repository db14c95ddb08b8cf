import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { DnsRecord as DesiredRecord, RecordType } from '../domain/dns-records.ts';
import { EXPIRED } from '../domain/expiry.ts';
import type { DomainProfile } from '../domain/public-domain.ts';
import { DnsRecord, Domain, OnchainIdentity } from './entities/index.ts';
import type { OnchainEntry } from '../domain/onchain-identity.ts';

/** The domain record a DNS change or sync acts on (never an expired one: that is history). */
export interface DnsSubject {
  id: number;
  name: string;
  namespace: string;
  status: string;
  ownerId: string;
  dnsEnabled: boolean;
  dnsVersion: number;
  dnsPublishedVersion: number;
  /** The DS records its delegation last published (null: none, the zone unsigned or not delegated). */
  dnsDs: string[] | null;
  /** What the owner published (its endpoints and description become the agent's discovery records). */
  profile: DomainProfile;
  /** Its registered ERC-8004 entry (the zone's ENSIP-25 text record); null: none. */
  onchain: OnchainEntry | null;
}

const subjectOf = (d: Domain): DnsSubject => ({
  id: d.id,
  name: d.name,
  namespace: d.namespace.name,
  status: d.status,
  ownerId: d.owner.id,
  dnsEnabled: d.dnsEnabled,
  dnsVersion: d.dnsVersion,
  dnsPublishedVersion: d.dnsPublishedVersion,
  dnsDs: d.dnsDs ?? null,
  profile: (d.profile ?? {}) as DomainProfile,
  onchain: null,
});

const live = (name: string) => ({ name, status: { $ne: EXPIRED } });

// A domain's desired DNS (docs/dns-and-rdap.md "DNS"). Changes are made under the domain row's lock, so two PATCHes
// of one name are planned one after the other against what the first stored, and each bumps the
// version the sync reports as published once PowerDNS has it.
export function dnsRepository(em: EntityManager) {
  /** The subjects with their registered ERC-8004 entries, in one query. */
  async function withOnchain(subjects: DnsSubject[]): Promise<DnsSubject[]> {
    if (subjects.length === 0) return subjects;
    const entries = await em.find(OnchainIdentity, {
      domainId: { $in: subjects.map((s) => s.id) },
      status: 'registered',
    });
    const byDomain = new Map(entries.map((e) => [e.domainId, e]));
    return subjects.map((s) => {
      const e = byDomain.get(s.id);
      return e ? { ...s, onchain: { agentId: Number(e.agentId), chainId: e.chainId, registry: e.registry } } : s;
    });
  }

  return {
    async find(name: string): Promise<DnsSubject | null> {
      const d = await em.findOne(Domain, live(name));
      return d && (await withOnchain([subjectOf(d)]))[0]!;
    },

    /** The live records holding these names (a batch of a namespace zone run), in one query. */
    async findMany(names: string[]): Promise<DnsSubject[]> {
      if (names.length === 0) return [];
      const rows = await em.find(Domain, { name: { $in: names }, status: { $ne: EXPIRED } });
      return withOnchain(rows.map(subjectOf));
    },

    /** The stored DNS records of these domains, in one query, by domain id. */
    async recordsOf(domainIds: number[]): Promise<Map<number, DesiredRecord[]>> {
      const out = new Map<number, DesiredRecord[]>();
      if (domainIds.length === 0) return out;
      const rows = await em.find(
        DnsRecord,
        { domainId: { $in: domainIds } },
        { orderBy: { domainId: 'asc', name: 'asc', type: 'asc', id: 'asc' } },
      );
      for (const r of rows) {
        const list = out.get(r.domainId) ?? [];
        list.push({ type: r.type as RecordType, name: r.name, content: r.content, ttl: r.ttl });
        out.set(r.domainId, list);
      }
      return out;
    },

    /** The record holding the name, locked FOR UPDATE until the caller's transaction ends. */
    async lock(name: string): Promise<DnsSubject | null> {
      const d = await em.findOne(Domain, live(name), { lockMode: LockMode.PESSIMISTIC_WRITE });
      return d && subjectOf(d);
    },

    async records(domainId: number): Promise<DesiredRecord[]> {
      return (await this.recordsOf([domainId])).get(domainId) ?? [];
    },

    /** Stores the whole desired set of a locked domain and bumps its version (a set holds at most 100). */
    async replace(domainId: number, records: DesiredRecord[]): Promise<void> {
      await em.nativeDelete(DnsRecord, { domainId });
      if (records.length)
        await em.insertMany(
          DnsRecord,
          records.map((r) => ({ domainId, ...r, createdAt: new Date(), updatedAt: new Date() })),
        );
      await this.bump(domainId);
    },

    /** Publishes the delegation of a locked domain from now on. */
    async enable(domainId: number): Promise<void> {
      await em.nativeUpdate(Domain, { id: domainId }, { dnsEnabled: true });
      await this.bump(domainId);
    },

    async bump(domainId: number): Promise<void> {
      await em.execute('update "domain" set "dns_version" = "dns_version" + 1 where "id" = ?', [domainId]);
    },

    /**
     * PowerDNS holds these versions (or later), a whole pass of a namespace zone in one statement: never
     * moves a mark back when passes overlap.
     */
    /** The DS records a name's delegation now publishes (written only when they changed). */
    async storeSigners(id: number, ds: string[] | null): Promise<void> {
      await em.nativeUpdate(Domain, { id }, { dnsDs: ds });
    },

    async markPublishedMany(marks: { id: number; version: number }[]): Promise<void> {
      if (!marks.length) return;
      const ints = (xs: number[]) => `{${xs.map((x) => Math.trunc(x)).join(',')}}`;
      await em.execute(
        `update "domain" d set "dns_published_version" = greatest(d."dns_published_version", v.version)
           from unnest(?::int[], ?::int[]) as v(id, version) where d."id" = v.id`,
        [ints(marks.map((m) => m.id)), ints(marks.map((m) => m.version))],
      );
    },
  };
}
