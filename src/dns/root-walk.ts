import { randomInt } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { isIPv6 } from 'node:net';
import dnsPacket, { type Answer, type DecodedPacket, type OptAnswer, type StringAnswer } from 'dns-packet';

export type QueryType = 'A' | 'AAAA' | 'TXT' | 'MX' | 'CNAME' | 'NS' | 'SRV' | 'CAA';
/** dns-packet decodes the rcode but its types leave it out. */
export type DnsResponse = DecodedPacket & { rcode: string };
export interface WalkStep {
  server: string;
  port: number;
  kind: 'referral' | 'answer' | 'nxdomain' | 'nodata';
}

// A root, a TLD server and the zone's own server are three hops; the rest is room for delegations below.
const MAX_DEPTH = 8;
const DEFAULT_TIMEOUT_MS = 2_000;
// Without EDNS an answer over 512 bytes (a long TXT set, many glue records) comes back truncated.
const EDNS: OptAnswer = {
  type: 'OPT',
  name: '.',
  udpPayloadSize: 4096,
  extendedRcode: 0,
  ednsVersion: 0,
  flags: 0,
  flag_do: false,
  options: [],
};

/** One UDP question, asked again once if the first try times out (UDP may drop it). */
export async function queryDns(q: {
  server: string;
  port: number;
  name: string;
  type: QueryType;
  timeoutMs?: number;
}): Promise<DnsResponse> {
  try {
    return await queryOnce(q, q.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  } catch (err) {
    if (!(err instanceof DnsTimeout)) throw err;
    return queryOnce(q, q.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  }
}

/**
 * Walks from the root down the referrals (NS in authority, glue in additional) until a server answers,
 * says the name does not exist, or has no data for it. Servers are reached at `portOf(address)`, so a
 * local authoritative server on a port other than 53 can sit in the chain.
 */
export async function resolveFromRoot(opts: {
  name: string;
  type: QueryType;
  root: { address: string; port: number };
  portOf?: (address: string) => number;
  timeoutMs?: number;
}): Promise<{ answers: Answer[]; path: WalkStep[]; rcode: string }> {
  const path: WalkStep[] = [];
  let server = opts.root;
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    const res = await queryDns({ ...opts, server: server.address, port: server.port });
    const answers = res.answers ?? [];
    const next = answers.length === 0 && res.rcode === 'NOERROR' ? referralTarget(res) : undefined;
    const kind = res.rcode === 'NXDOMAIN' ? 'nxdomain' : answers.length > 0 ? 'answer' : next ? 'referral' : 'nodata';
    path.push({ server: server.address, port: server.port, kind });
    if (!next) return { answers, path, rcode: res.rcode };
    server = { address: next, port: opts.portOf?.(next) ?? 53 };
  }
  const hops = path.map((s) => `${s.server}:${s.port}`).join(' -> ');
  throw new Error(`${opts.name} ${opts.type}: still referred after ${MAX_DEPTH} servers (${hops})`);
}

/** The glue address of a delegated name server; IPv4 first, as the local servers listen there. */
function referralTarget(res: DnsResponse): string | undefined {
  const hosts = new Set((res.authorities ?? []).flatMap((rr) => (rr.type === 'NS' ? [canonical(rr.data)] : [])));
  if (hosts.size === 0) return undefined;
  const glue = (res.additionals ?? []).filter(
    (rr): rr is StringAnswer => (rr.type === 'A' || rr.type === 'AAAA') && hosts.has(canonical(rr.name)),
  );
  const address = (glue.find((rr) => rr.type === 'A') ?? glue[0])?.data;
  if (!address) {
    throw new Error(`referral to ${[...hosts].join(', ')} carries no glue address; cannot follow it`);
  }
  return address;
}

const canonical = (name: string) => name.toLowerCase().replace(/\.$/, '');

class DnsTimeout extends Error {}

// A stray or garbled datagram on our port is not the answer; keep waiting for the one that is.
function decode(msg: Buffer): DnsResponse | undefined {
  try {
    return dnsPacket.decode(msg) as DnsResponse;
  } catch {
    return undefined;
  }
}

function queryOnce(
  q: { server: string; port: number; name: string; type: QueryType },
  timeoutMs: number,
): Promise<DnsResponse> {
  const id = randomInt(0, 0x10000);
  const query = dnsPacket.encode({
    type: 'query',
    id,
    questions: [{ type: q.type, name: q.name }],
    additionals: [EDNS],
  });
  const socket = createSocket(isIPv6(q.server) ? 'udp6' : 'udp4');
  return new Promise<DnsResponse>((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.close();
      reject(new DnsTimeout(`no DNS answer from ${q.server}:${q.port} for ${q.name} ${q.type} in ${timeoutMs} ms`));
    }, timeoutMs);
    const finish = (fn: () => void) => {
      clearTimeout(timer);
      socket.close();
      fn();
    };
    socket.on('error', (err) => finish(() => reject(new Error(`DNS query to ${q.server}:${q.port}: ${err.message}`))));
    socket.on('message', (msg) => {
      const res = decode(msg);
      if (res?.id === id) finish(() => resolve(res));
    });
    socket.send(query, q.port, q.server);
  });
}
