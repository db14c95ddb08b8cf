import type { Rrset, RrsetChange } from '../domain/dns-zone.ts';

// PowerDNS Authoritative through its HTTP API only (docs/dns-and-rdap.md "DNS"). Two kinds of failure, kept apart
// because the workflow treats them differently: the server cannot be reached or fails (5xx) — retried
// until it answers, so nothing is lost while it is down — and the server refuses what we sent (4xx),
// which no retry will change.

export interface PowerDnsSettings {
  apiUrl: string;
  apiKey: string;
  serverId?: string;
  timeoutMs?: number;
}

/** PowerDNS answered and refused the change: retrying the same request cannot succeed. */
export class PowerDnsRefused extends Error {
  override name = 'PowerDnsRefused';
}

interface ApiRrset {
  name: string;
  type: string;
  ttl: number;
  records: { content: string; disabled: boolean }[];
}

interface ApiCryptoKey {
  id: number;
  keytype: 'ksk' | 'zsk' | 'csk';
  active: boolean;
  published?: boolean;
  dnskey: string;
  ds?: string[];
}

/** A zone's signing key as PowerDNS keeps it: its DNSKEY and, for a key-signing key, its DS records. */
export interface CryptoKey {
  id: number;
  keytype: 'ksk' | 'zsk' | 'csk';
  active: boolean;
  published: boolean;
  dnskey: string;
  ds: string[];
}

export function powerDnsClient(s: PowerDnsSettings) {
  const base = `${s.apiUrl.replace(/\/+$/, '')}/api/v1/servers/${s.serverId ?? 'localhost'}`;

  /** One call; `tolerate` lists statuses that are answers here rather than failures. */
  async function call(method: string, path: string, body?: unknown, tolerate: number[] = []) {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: { 'X-API-Key': s.apiKey, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : null,
        signal: AbortSignal.timeout(s.timeoutMs ?? 10_000),
      });
    } catch (err) {
      throw new Error(`PowerDNS at ${s.apiUrl} cannot be reached: ${(err as Error).message}`);
    }
    if (res.ok || tolerate.includes(res.status)) return res;
    const text = await res.text().catch(() => '');
    const message = `PowerDNS ${method} ${path}: ${res.status} ${text.slice(0, 300)}`;
    // 401/403 is our configuration, 404 a zone that vanished between calls: both may heal, so retry.
    if (res.status >= 500 || [401, 403, 404, 429].includes(res.status)) throw new Error(message);
    throw new PowerDnsRefused(message);
  }

  const zonePath = (zone: string) => `/zones/${encodeURIComponent(zone)}`;

  return {
    /** The zone's rrsets (enabled records only), or null when PowerDNS does not hold the zone. */
    async getZone(zone: string): Promise<Rrset[] | null> {
      const res = await call('GET', zonePath(zone), undefined, [404, 422]);
      if (!res.ok) return null;
      const body = (await res.json()) as { rrsets: ApiRrset[] };
      return body.rrsets.map((r) => ({
        name: r.name,
        type: r.type,
        ttl: r.ttl,
        contents: r.records.filter((x) => !x.disabled).map((x) => x.content),
      }));
    },

    /**
     * Creates a zone with its first rrsets (SOA included); one that exists already is left as it is.
     * `dnssec`: PowerDNS creates its signing key and signs every answer online (docs/dns-and-rdap.md "DNSSEC").
     */
    async createZone(zone: string, rrsets: Rrset[], o: { dnssec?: boolean } = {}): Promise<'created' | 'exists'> {
      const res = await call(
        'POST',
        '/zones',
        {
          name: zone,
          kind: 'Native',
          ...(o.dnssec ? { dnssec: true } : {}),
          // The API bumps the SOA serial on every change it makes, so secondaries and caches see each one.
          soa_edit_api: 'DEFAULT',
          nameservers: [],
          rrsets: rrsets.map((r) => ({
            name: r.name,
            type: r.type,
            ttl: r.ttl,
            changetype: 'REPLACE',
            records: r.contents.map((content) => ({ content, disabled: false })),
          })),
        },
        [409],
      );
      return res.status === 409 ? 'exists' : 'created';
    },

    /** Applies changes in one PATCH, all together or none; false when PowerDNS does not hold the zone. */
    async patchZone(zone: string, changes: RrsetChange[]): Promise<boolean> {
      if (!changes.length) return true;
      const res = await call('PATCH', zonePath(zone), { rrsets: changes }, [404]);
      return res.ok;
    },

    /** Removes a zone and everything in it; a zone that is not there is already removed. */
    async deleteZone(zone: string): Promise<'deleted' | 'absent'> {
      const res = await call('DELETE', zonePath(zone), undefined, [404, 422]);
      return res.ok ? 'deleted' : 'absent';
    },

    /** The zone's signing keys; null when PowerDNS does not hold the zone. */
    async keys(zone: string): Promise<CryptoKey[] | null> {
      const res = await call('GET', `${zonePath(zone)}/cryptokeys`, undefined, [404, 422]);
      if (!res.ok) return null;
      return ((await res.json()) as ApiCryptoKey[]).map((k) => ({
        id: k.id,
        keytype: k.keytype,
        active: k.active,
        published: k.published ?? true,
        dnskey: k.dnskey,
        ds: k.ds ?? [],
      }));
    },

    /** Signs a zone PowerDNS holds unsigned (it creates the key); a signed one is left as it is. */
    async secureZone(zone: string): Promise<void> {
      await call('PUT', zonePath(zone), { dnssec: true });
    },

    /** Adds a key-signing key (a CSK: it signs the zone and its keys) in the given state; its id. */
    async addKey(zone: string, o: { active: boolean; published: boolean }): Promise<number> {
      const res = await call('POST', `${zonePath(zone)}/cryptokeys`, { keytype: 'csk', ...o });
      return ((await res.json()) as ApiCryptoKey).id;
    },

    async removeKey(zone: string, id: number): Promise<void> {
      await call('DELETE', `${zonePath(zone)}/cryptokeys/${id}`, undefined, [404, 422]);
    },

    /** Whether the API answers (start-up and readiness). */
    async ping(): Promise<void> {
      await call('GET', '');
    },
  };
}

export type PowerDnsClient = ReturnType<typeof powerDnsClient>;
