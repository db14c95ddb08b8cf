import { canonicalContent, type DnsRecord } from './dns-records.ts';

// What PowerDNS should serve, derived from what we store (docs/dns-and-rdap.md "DNS"): pure, no I/O. Two kinds of zone:
// a namespace zone (`agent.`) holding the registry's nameservers, their glue and the delegation of each
// published name; and a domain zone (`scout.agent.`) holding the owner's records and the manifest
// pointers. SOA serials are left to PowerDNS (its API bumps them on each change), so SOA is written
// once, at creation, and never compared.

/** An rrset as PowerDNS holds it: absolute name, type, one TTL, contents in canonical form. */
export interface Rrset {
  name: string;
  type: string;
  ttl: number;
  contents: string[];
}

/** One nameserver of the registry: an absolute host, with the address its glue carries when it has one. */
export interface Nameserver {
  host: string;
  address?: string;
}

/** The nameservers and SOA contact of one namespace's zones (from the configuration). */
export interface ZoneAuthority {
  nameservers: Nameserver[];
  hostmaster: string;
}

/** The change PowerDNS's PATCH takes: an rrset replaced whole, or removed. */
export type RrsetChange =
  | { name: string; type: string; ttl: number; changetype: 'REPLACE'; records: { content: string; disabled: false }[] }
  | { name: string; type: string; changetype: 'DELETE' };

const NS_TTL = 3600;
const SOA_TIMERS = '10800 3600 604800 300';

export const zoneName = (name: string) => `${name.toLowerCase().replace(/\.$/, '')}.`;

/** The namespace a registered name is delegated from: a name is one label then its namespace (`scout.agent`). */
export const namespaceOf = (name: string) => name.slice(name.indexOf('.') + 1);

export function soaRrset(zone: string, a: ZoneAuthority): Rrset {
  const primary = a.nameservers[0]?.host ?? `ns1.${zone}`;
  return { name: zone, type: 'SOA', ttl: NS_TTL, contents: [`${primary} ${a.hostmaster} 1 ${SOA_TIMERS}`] };
}

const nsRrset = (name: string, a: ZoneAuthority): Rrset => ({
  name,
  type: 'NS',
  ttl: NS_TTL,
  contents: a.nameservers.map((n) => n.host),
});

/** Address records for the nameservers that live inside `zone`: without them no one could reach them. */
function glue(zone: string, a: ZoneAuthority): Rrset[] {
  const inside = a.nameservers.filter((n) => n.address && (n.host === zone || n.host.endsWith(`.${zone}`)));
  const sets = new Map<string, Rrset>();
  for (const n of inside) {
    const type = n.address?.includes(':') ? 'AAAA' : 'A';
    const set = sets.get(`${n.host} ${type}`) ?? { name: n.host, type, ttl: NS_TTL, contents: [] };
    set.contents.push(n.address as string);
    sets.set(`${n.host} ${type}`, set);
  }
  return [...sets.values()];
}

/** A namespace zone's own rrsets (delegations of names are added and removed one by one). */
export function namespaceZone(namespace: string, a: ZoneAuthority): Rrset[] {
  const zone = zoneName(namespace);
  return [soaRrset(zone, a), nsRrset(zone, a), ...glue(zone, a)];
}

/**
 * The delegation of a published name in its namespace zone (glue only for nameservers under the name),
 * with the DS records that chain the parent's signature to the name's own key when the zone is signed.
 */
export function delegation(domain: string, a: ZoneAuthority, ds: string[] = []): Rrset[] {
  const zone = zoneName(domain);
  return [nsRrset(zone, a), ...glue(zone, a), ...(ds.length ? [dsRrset(zone, ds)] : [])];
}

/** The DS records of a signed child zone, as its parent holds them beside the child's NS. */
export const dsRrset = (zone: string, ds: string[]): Rrset => ({ name: zone, type: 'DS', ttl: NS_TTL, contents: ds });

/** Everything a name's delegation may hold, removed (its DS included, whether or not it has one). */
export function withdrawal(domain: string, a: ZoneAuthority): RrsetChange[] {
  const zone = zoneName(domain);
  return [...delegation(domain, a), { name: zone, type: 'DS' }].map(({ name, type }) => ({
    name,
    type,
    changetype: 'DELETE' as const,
  }));
}

/** The apex rrsets the registry writes for every name (its pointers, its agent's records): all at the name itself. */
const DISCOVERY_TYPES = ['TXT', 'SVCB'] as const;

/** How a name stands in its namespace zone: delegated to its own zone, carrying its discovery records, or absent. */
export type ParentState =
  { kind: 'delegated'; ds: string[] } | { kind: 'discovery'; rrsets: Rrset[] } | { kind: 'absent' };

/**
 * The namespace zone's side of one name, as one PATCH's changes, computed without reading the zone. Once
 * its owner enabled DNS, the name is delegated (NS, glue, DS) to its own zone. Before that it has no zone
 * of its own: its discovery records (the apex TXT and SVCB the registry writes) sit at the name in the
 * namespace zone, signed by the namespace's key, so a validator finds them secure from the root's anchor
 * rather than signed by a key no DS vouches for, which it would call bogus (docs/dns-and-rdap.md "DNSSEC").
 * A name not served has neither.
 */
export function parentChanges(domain: string, a: ZoneAuthority, state: ParentState): RrsetChange[] {
  const zone = zoneName(domain);
  const discovery = state.kind === 'discovery' ? state.rrsets.filter((r) => r.name === zone) : [];
  const own = DISCOVERY_TYPES.map((type): RrsetChange =>
    discovery.find((r) => r.type === type)
      ? (rrsetChanges(
          [],
          discovery.filter((r) => r.type === type),
        )[0] as RrsetChange)
      : { name: zone, type, changetype: 'DELETE' },
  );
  return state.kind === 'delegated'
    ? [...rrsetChanges([], delegation(domain, a, state.ds)), ...own]
    : [...withdrawal(domain, a), ...own];
}

/** A signing key as the DNS backend reports it (src/dns/powerdns.ts). */
export interface SigningKey {
  keytype: 'ksk' | 'zsk' | 'csk';
  published: boolean;
  ds: string[];
}

/**
 * The DS records a parent publishes for a signed zone: one per published key-signing key (a CSK signs
 * both), SHA-256 digests only (digest type 2, RFC 4509), which every validator supports; during a
 * rollover both keys are published, so both are listed and either one validates.
 */
export function delegationSigners(keys: SigningKey[]): string[] {
  return keys
    .filter((k) => k.published && k.keytype !== 'zsk')
    .flatMap((k) => k.ds.filter((d) => d.trim().split(/\s+/)[2] === '2').map((d) => d.trim().toLowerCase()))
    .sort();
}

/** The apex TXT pointers every registered name publishes to its agent manifest and skill file. */
export function manifestPointers(urls: { agent_json: string; skill_md: string }): string[] {
  return [
    canonicalContent('TXT', `agent-manifest=${urls.agent_json}`),
    canonicalContent('TXT', `skill-md=${urls.skill_md}`),
  ];
}

/**
 * A domain zone without SOA: its NS, the owner's records grouped into rrsets, the pointers at the apex, and
 * the registry's own rrsets for the agent (src/domain/agent-dns.ts), merged with the owner's of the same name and type.
 */
export function domainZone(
  domain: string,
  records: DnsRecord[],
  pointers: string[],
  a: ZoneAuthority,
  registry: Rrset[] = [],
): Rrset[] {
  const apex = zoneName(domain);
  const sets = new Map<string, Rrset>();
  const add = (name: string, type: string, ttl: number, content: string) => {
    const k = `${name} ${type}`;
    const set = sets.get(k) ?? { name, type, ttl, contents: [] };
    // One TTL per rrset on the wire: the lowest asked for, so no record is cached longer than its owner wants.
    set.ttl = Math.min(set.ttl, ttl);
    if (!set.contents.includes(content)) set.contents.push(content);
    sets.set(k, set);
  };
  for (const r of records) add(r.name, r.type, r.ttl, r.content);
  for (const p of pointers) add(apex, 'TXT', NS_TTL, p);
  for (const r of registry) for (const c of r.contents) add(r.name, r.type, r.ttl, c);
  return [nsRrset(apex, a), ...sets.values()];
}

const rrsetKey = (r: { name: string; type: string }) => `${r.name} ${r.type}`;
const sameRrset = (a: Rrset, b: Rrset) =>
  a.ttl === b.ttl && a.contents.length === b.contents.length && a.contents.every((c) => b.contents.includes(c));

/**
 * The one PATCH that turns `current` into `desired`: changed rrsets replaced, missing ones removed;
 * SOA is PowerDNS's to keep. `owned` limits removal to the rrsets this zone's desired state speaks
 * for (a namespace zone holds other names' delegations, which one name's sync must never touch).
 */
export function rrsetChanges(
  current: Rrset[],
  desired: Rrset[],
  owned: (r: Rrset) => boolean = () => true,
): RrsetChange[] {
  const have = new Map(current.filter((r) => r.type !== 'SOA').map((r) => [rrsetKey(r), r]));
  const want = new Map(desired.filter((r) => r.type !== 'SOA').map((r) => [rrsetKey(r), r]));
  const changes: RrsetChange[] = [];
  for (const [k, r] of want) {
    const had = have.get(k);
    if (had && sameRrset(had, r)) continue;
    changes.push({
      name: r.name,
      type: r.type,
      ttl: r.ttl,
      changetype: 'REPLACE',
      records: r.contents.map((content) => ({ content, disabled: false })),
    });
  }
  for (const [k, r] of have)
    if (!want.has(k) && owned(r)) changes.push({ name: r.name, type: r.type, changetype: 'DELETE' });
  return changes;
}
