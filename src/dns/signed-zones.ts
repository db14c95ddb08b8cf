import {
  delegationSigners,
  dsRrset,
  namespaceZone,
  rrsetChanges,
  zoneName,
  type ZoneAuthority,
} from '../domain/dns-zone.ts';
import type { PowerDnsClient } from './powerdns.ts';

// The zones every name hangs from, and their signatures (docs/dns-and-rdap.md "DNSSEC"). Used by the
// worker's sync and by `npm start` before it registers the namespaces at the Handshake root, which must
// publish each namespace zone's DS.

/**
 * The DS records of a zone PowerDNS holds, signing it first when it is not yet (a zone made before DNSSEC
 * was turned on); null when the zone is not there.
 */
export async function signersOf(pdns: PowerDnsClient, zone: string): Promise<string[] | null> {
  let keys = await pdns.keys(zone);
  if (keys && !keys.some((k) => k.active)) {
    await pdns.secureZone(zone);
    keys = await pdns.keys(zone);
  }
  return keys && delegationSigners(keys);
}

/**
 * Creates the namespace zone when missing and brings its own NS and glue to the configuration (nothing
 * else: it holds every name's delegation). Signed when `dnssec`; answers its DS records (empty unsigned).
 */
export async function ensureNamespaceZone(
  pdns: PowerDnsClient,
  namespace: string,
  authority: ZoneAuthority,
  dnssec: boolean,
): Promise<string[]> {
  const zone = zoneName(namespace);
  const desired = namespaceZone(namespace, authority);
  const current = await pdns.getZone(zone);
  if (!current) await pdns.createZone(zone, desired, { dnssec });
  else {
    const own = new Set(desired.map((r) => r.name));
    const mine = current.filter((r) => own.has(r.name));
    await pdns.patchZone(
      zone,
      rrsetChanges(mine, desired, () => false),
    );
  }
  return dnssec ? ((await signersOf(pdns, zone)) ?? []) : [];
}

/** A zone's keys and the DS records its parent should hold for it. */
export interface ZoneSigning {
  zone: string;
  keys: { id: number; keytype: string; active: boolean; published: boolean; dnskey: string }[];
  ds: string[];
  /** Where the DS records live: `in <parent zone>` when PowerDNS holds the parent, else who must publish them. */
  parent: string;
}

const parentOf = (zone: string) => zone.slice(zone.indexOf('.') + 1) || '.';

/** The zone's signing state; an unsigned or missing zone is an error an operator can act on. */
export async function zoneSigning(pdns: PowerDnsClient, zone: string): Promise<ZoneSigning> {
  const keys = await pdns.keys(zone);
  if (!keys) throw new Error(`PowerDNS holds no zone ${zone}`);
  if (!keys.some((k) => k.active)) throw new Error(`${zone} is not signed (DNS_DNSSEC is off, or no pass has run yet)`);
  const parent = parentOf(zone);
  const held = parent !== '.' && (await pdns.getZone(parent)) !== null;
  return {
    zone,
    keys: keys.map(({ id, keytype, active, published, dnskey }) => ({ id, keytype, active, published, dnskey })),
    ds: delegationSigners(keys),
    parent: held
      ? `in ${parent}`
      : `at the naming root (hsd: sendupdate ${zone.replace(/\.$/, '')} with these DS records)`,
  };
}

/** Writes the zone's DS records into its parent's delegation, when PowerDNS holds the parent and the delegation. */
async function publishSigners(pdns: PowerDnsClient, zone: string, ds: string[]): Promise<void> {
  const parent = parentOf(zone);
  const rrsets = parent === '.' ? null : await pdns.getZone(parent);
  if (!rrsets?.some((r) => r.name === zone && r.type === 'NS')) return;
  await pdns.patchZone(parent, rrsetChanges([], [dsRrset(zone, ds)]));
}

/**
 * A key rollover by double signature (RFC 6781 section 4.1.2), in two steps an operator runs some time apart:
 * `begin` adds a new signing key, active and published, so the zone is signed by both and its parent
 * holds both DS records; `finish` (after the DS and DNSKEY TTLs, an hour here, have passed) removes every
 * older key and its DS. A validator holding either key's DS validates throughout.
 */
export async function rollKeys(pdns: PowerDnsClient, zone: string, step: 'begin' | 'finish'): Promise<ZoneSigning> {
  const signing = (await zoneSigning(pdns, zone)).keys.filter((k) => k.keytype !== 'zsk');
  if (step === 'begin') {
    if (signing.length > 1) throw new Error(`${zone} is already rolling (two signing keys): run "finish" first`);
    await pdns.addKey(zone, { active: true, published: true });
  } else {
    if (signing.length < 2) throw new Error(`${zone} has one signing key: nothing to finish (run "begin" first)`);
    const newest = Math.max(...signing.map((k) => k.id));
    for (const k of signing) if (k.id !== newest) await pdns.removeKey(zone, k.id);
  }
  const after = await zoneSigning(pdns, zone);
  await publishSigners(pdns, zone, after.ds);
  return after;
}
