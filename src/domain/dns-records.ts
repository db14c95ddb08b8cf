import { isIPv4, isIPv6 } from 'node:net';
import { AppError } from './errors.ts';

// A domain's DNS records as its owner sets them (spec 2.7, 4.5; docs/dns-and-rdap.md "DNS"): pure rules, no I/O.
// Names are kept absolute with the root dot ("www.scout.agent."), content in the canonical text form
// PowerDNS takes in an rrset, so comparing the stored set with a request is a plain string compare.

export const recordTypes = ['A', 'AAAA', 'CNAME', 'TXT', 'MX', 'SRV', 'CAA'] as const;
export type RecordType = (typeof recordTypes)[number];

export const DNS_LIMITS = {
  /** Records one domain may hold. */
  maxRecords: 100,
  /** Items in one PATCH. */
  maxItems: 100,
  /** Characters of one TXT value (split into 255-byte strings on the wire). */
  maxTxt: 2048,
  ttlMin: 60,
  ttlMax: 86_400,
  ttlDefault: 3600,
} as const;

export interface DnsRecord {
  type: RecordType;
  /** Absolute, lowercase, with the trailing dot. */
  name: string;
  content: string;
  ttl: number;
}

/** One item of `PATCH …/records`: a record to put in its rrset, or (`delete: true`) an rrset to remove. */
export interface RecordItem {
  type: string;
  name: string;
  content?: string | null;
  ttl?: number;
  delete?: boolean;
}

export type ItemStatus = 'created' | 'updated' | 'deleted' | 'unchanged';

// `index` is the request item at fault and `field` names it the way a form names its fields
// (`records.2`), so a client can show the refusal beside that record.
const invalid = (message: string, index?: number) =>
  new AppError('invalid_record', message, index === undefined ? undefined : { index, field: `records.${index}` });

const LABEL = /^(?!-)[a-z0-9_-]{1,63}(?<!-)$/;

/** A host name in absolute form, or null when it is not one (labels of letters, digits, hyphens, `_`). */
export function absoluteHost(value: string): string | null {
  const host = value.trim().toLowerCase().replace(/\.$/, '');
  if (!host || host.length > 253) return null;
  return host.split('.').every((l) => LABEL.test(l)) ? `${host}.` : null;
}

/**
 * An item's name as an absolute name inside the domain: `@` or empty is the apex, a relative name is
 * under the domain, an absolute one (`www.scout.agent`, with or without the root dot) must be in it.
 */
export function recordName(name: string, domain: string, index?: number): string {
  const apex = `${domain.toLowerCase()}.`;
  const n = name.trim().toLowerCase();
  if (n === '' || n === '@' || n === apex || n === domain.toLowerCase()) return apex;
  // A name ending in the domain's namespace ("www.other.agent") is meant as absolute even without the
  // root dot; reading it as relative would quietly create "www.other.agent.scout.agent".
  const tld = domain.toLowerCase().split('.').pop() as string;
  const absolute = absoluteHost(n.endsWith('.') || n === tld || n.endsWith(`.${tld}`) ? n : `${n}.${domain}`);
  if (!absolute) throw invalid(`"${name}" is not a valid record name.`, index);
  if (!absolute.endsWith(`.${apex}`)) throw invalid(`"${name}" is outside ${domain}.`, index);
  return absolute;
}

const uint = (v: string | undefined, max: number) =>
  v !== undefined && /^\d{1,5}$/.test(v) && Number(v) <= max ? Number(v) : null;

/** TXT as PowerDNS takes it: quoted strings of at most 255 characters, `"` and `\` escaped. */
export function quoteTxt(value: string): string {
  const chunks: string[] = [];
  for (let i = 0; i < value.length; i += 255) chunks.push(value.slice(i, i + 255));
  return (chunks.length ? chunks : ['']).map((c) => `"${c.replace(/[\\"]/g, (m) => `\\${m}`)}"`).join(' ');
}

/** The text of a canonical TXT content (its quoted strings joined). */
const unquoteTxt = (content: string) =>
  [...content.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => (m[1] as string).replace(/\\(["\\])/g, '$1')).join('');

/**
 * TXT keys only the registry writes at a name's apex: its manifest pointers and the ENSIP-25/26 agent text
 * records it mirrors from the profile (src/domain/agent-dns.ts). An owner's own would contradict them.
 */
export const REGISTRY_TXT_KEYS =
  /^(agent-context|agent-endpoint\[[^\]]*\]|agent-registration\[.*\]|agent-manifest|skill-md)=/i;

/** A record's content, checked for its type and written in canonical form. */
export function canonicalContent(type: RecordType, content: string, index?: number): string {
  const c = content.trim();
  const parts = c.split(/\s+/);
  switch (type) {
    case 'A':
      if (!isIPv4(c)) throw invalid(`A content must be an IPv4 address, not "${content}".`, index);
      return c;
    case 'AAAA':
      if (!isIPv6(c)) throw invalid(`AAAA content must be an IPv6 address, not "${content}".`, index);
      // The shortest form (RFC 5952), as PowerDNS writes it back, so the stored set compares equal.
      return new URL(`http://[${c}]/`).hostname.slice(1, -1);
    case 'CNAME': {
      const host = absoluteHost(c);
      if (!host) throw invalid(`CNAME content must be a host name, not "${content}".`, index);
      return host;
    }
    case 'MX': {
      const host = parts.length === 2 ? absoluteHost(parts[1] as string) : null;
      if (uint(parts[0], 65_535) === null || !host) throw invalid('MX content is "<priority 0-65535> <host>".', index);
      return `${Number(parts[0])} ${host}`;
    }
    case 'SRV': {
      const host = parts.length === 4 ? (parts[3] === '.' ? '.' : absoluteHost(parts[3] as string)) : null;
      const nums = parts.slice(0, 3).map((p) => uint(p, 65_535));
      if (nums.some((n) => n === null) || !host)
        throw invalid('SRV content is "<priority> <weight> <port> <target>", numbers 0-65535.', index);
      return `${nums.join(' ')} ${host}`;
    }
    case 'CAA': {
      const m = /^(\d{1,3})\s+(issue|issuewild|iodef)\s+"?([^"]*)"?$/i.exec(c);
      if (!m || Number(m[1]) > 255)
        throw invalid('CAA content is "<flags 0-255> issue|issuewild|iodef \\"<value>\\"".', index);
      return `${Number(m[1])} ${(m[2] as string).toLowerCase()} "${m[3]}"`;
    }
    case 'TXT': {
      // An already quoted value is taken as written; otherwise the text itself.
      const text = /^".*"$/s.test(c) ? c.slice(1, -1).replace(/\\(["\\])/g, '$1') : content;
      if (text.length > DNS_LIMITS.maxTxt)
        throw invalid(`A TXT value is at most ${DNS_LIMITS.maxTxt} characters.`, index);
      if (/[\u0000-\u001f\u007f]/.test(text)) throw invalid('A TXT value holds printable characters only.', index);
      return quoteTxt(text);
    }
  }
}

const key = (r: { name: string; type: string }) => `${r.name} ${r.type}`;

/**
 * The rules a whole record set must keep: a CNAME alone at its name and never at the apex (its SOA and
 * NS live there), at most `maxRecords` records. `itemAt` names the request item that set records at a
 * name, so a refusal says which record broke the rule.
 */
export function checkRecordSet(
  records: DnsRecord[],
  domain: string,
  itemAt: (name: string) => number | undefined = () => undefined,
): void {
  if (records.length > DNS_LIMITS.maxRecords) throw invalid(`A domain holds at most ${DNS_LIMITS.maxRecords} records.`);
  const apex = `${domain.toLowerCase()}.`;
  const byName = new Map<string, Set<string>>();
  for (const r of records) byName.set(r.name, (byName.get(r.name) ?? new Set()).add(r.type));
  for (const [name, types] of byName) {
    if (!types.has('CNAME')) continue;
    if (name === apex) throw invalid('A CNAME cannot be at the apex of the domain.', itemAt(name));
    const cnames = records.filter((r) => r.name === name && r.type === 'CNAME').length;
    if (types.size > 1 || cnames > 1) throw invalid(`A CNAME must be the only record at ${name}.`, itemAt(name));
  }
}

/**
 * What a PATCH does to the stored set: the items name rrsets (name and type); the records given for an
 * rrset replace it whole, and a `delete` item removes it. Every item is checked first and the result as
 * a whole after, so an invalid request changes nothing. Each item gets the status of its rrset.
 */
export function planRecordChanges(current: DnsRecord[], items: RecordItem[], domain: string) {
  if (items.length === 0 || items.length > DNS_LIMITS.maxItems)
    throw invalid(`Send 1 to ${DNS_LIMITS.maxItems} records.`);
  const replaced = new Map<string, DnsRecord[]>();
  const removed = new Set<string>();
  const parsed = items.map((item, index) => {
    const type = item.type.toUpperCase() as RecordType;
    if (!(recordTypes as readonly string[]).includes(type))
      throw invalid(`Record type "${item.type}" is not supported (${recordTypes.join(', ')}).`, index);
    const name = recordName(item.name, domain, index);
    const k = key({ name, type });
    if (item.delete) {
      if (replaced.has(k)) throw invalid(`${name} ${type} is both set and deleted in this request.`, index);
      removed.add(k);
      return { index, name, type, k, record: null };
    }
    if (removed.has(k)) throw invalid(`${name} ${type} is both set and deleted in this request.`, index);
    if (item.content == null) throw invalid('A record needs content (or "delete": true).', index);
    const ttl = item.ttl ?? DNS_LIMITS.ttlDefault;
    if (!Number.isInteger(ttl) || ttl < DNS_LIMITS.ttlMin || ttl > DNS_LIMITS.ttlMax)
      throw invalid(`ttl is a whole number of seconds from ${DNS_LIMITS.ttlMin} to ${DNS_LIMITS.ttlMax}.`, index);
    const record: DnsRecord = { type, name, content: canonicalContent(type, item.content, index), ttl };
    if (type === 'TXT' && name === `${domain.toLowerCase()}.` && REGISTRY_TXT_KEYS.test(unquoteTxt(record.content)))
      throw invalid(
        'The registry writes this TXT key at the apex from your profile (its endpoints and description) and its manifests; change the profile instead.',
        index,
      );
    const set = replaced.get(k) ?? [];
    if (!set.some((r) => r.content === record.content)) set.push(record);
    replaced.set(k, set);
    return { index, name, type, k, record };
  });

  const before = new Map<string, DnsRecord[]>();
  for (const r of current) before.set(key(r), [...(before.get(key(r)) ?? []), r]);
  const same = (a: DnsRecord[] = [], b: DnsRecord[] = []) =>
    a.length === b.length && a.every((r) => b.some((o) => o.content === r.content && o.ttl === r.ttl));

  const next = current.filter((r) => !replaced.has(key(r)) && !removed.has(key(r)));
  for (const set of replaced.values()) next.push(...set);
  // The item at fault for a rule of the whole set: the last one that set records at that name.
  checkRecordSet(next, domain, (name) => parsed.findLast((p) => p.record && p.name === name)?.index);

  const details = parsed.map((p) => {
    const had = before.get(p.k);
    let status: ItemStatus;
    if (!p.record) status = had ? 'deleted' : 'unchanged';
    else if (!had) status = 'created';
    else status = same(had, replaced.get(p.k)) ? 'unchanged' : 'updated';
    return {
      record: { type: p.type, name: p.name, content: p.record?.content ?? null, ttl: p.record?.ttl ?? null },
      status,
    };
  });
  const changed = [...replaced.keys(), ...removed].filter((k) => !same(before.get(k), replaced.get(k)));
  return { next, details, changedRrsets: [...new Set(changed)] };
}
