import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { isIP } from 'node:net';
import { queryDns } from '../dns/root-walk.ts';
import type { Nameserver } from '../domain/dns-zone.ts';
import { freePorts, spawnHsd, type WaitFor } from './hsd-process.ts';

export type { Nameserver } from '../domain/dns-zone.ts';

export interface HandshakeRoot {
  /** hsd's authoritative root server (UDP and TCP on 127.0.0.1). */
  rootPort: number;
  /** hsd's recursive resolver, which starts its walks at the root above. */
  resolverPort: number;
  /** The node's JSON-RPC endpoint, API key included as the password; call it with `hsdRpc`. */
  rpcUrl: string;
  stop(): Promise<void>;
}

type HsdRecord =
  | { type: 'NS'; ns: string }
  | { type: 'GLUE4' | 'GLUE6'; ns: string; address: string }
  | { type: 'DS'; keyTag: number; algorithm: number; digestType: number; digest: string };
interface Zone {
  tld: string;
  hosts: string[];
  records: HsdRecord[];
}
interface NameInfo {
  start: { start: number };
  info: { state: string; stats: Record<string, number> | null } | null;
}
type RpcBody<T> = { result?: T; error?: { message: string } | null };
type Rpc = <T>(method: string, params?: unknown[]) => Promise<T>;
interface Chain {
  node: Rpc;
  wallet: Rpc;
  mine(blocks: number): Promise<void>;
}

const READY_TIMEOUT_MS = 30_000;
const SYNC_TIMEOUT_MS = 10_000;
// regtest's networks.js: a coinbase is spendable two blocks after it is mined.
const COINBASE_MATURITY = 2;
// Nobody bids against us on a private chain, so the smallest sensible bid wins (amounts in HNS).
const BID = 1;
const LOCKUP = 2;
// regtest commits the name tree every 5 blocks; the root serves only what the tree holds.
const MAX_TREE_WAIT_BLOCKS = 20;

// Each step is mined, then the chain is mined on until every name has entered the next phase.
const AUCTION = [
  { method: 'sendopen', params: (tld: string) => [tld], state: 'OPENING', wait: 'blocksUntilBidding' },
  { method: 'sendbid', params: (tld: string) => [tld, BID, LOCKUP], state: 'BIDDING', wait: 'blocksUntilReveal' },
  { method: 'sendreveal', params: (tld: string) => [tld], state: 'REVEAL', wait: 'blocksUntilClose' },
] as const;

/**
 * Starts a Handshake regtest node (npm `hsd`, in memory) whose root zone delegates each namespace to
 * its name servers, and resolves once the root answers a referral for every one of them. All names
 * go through each auction phase together, so five take as long as one. Call stop() when done.
 */
export async function startHandshakeRoot(opts: {
  dataDir: string;
  namespaces: string[];
  nameservers: (namespace: string) => Nameserver[];
  log?: (line: string) => void;
  /** The root server's port (hsd's regtest default is 25349); a free one when not given. */
  rootPort?: number;
  /** The DS records of each signed namespace zone (`<key tag> <algorithm> <digest type> <hex>`), published at the root. */
  ds?: (namespace: string) => string[];
}): Promise<HandshakeRoot> {
  const log = opts.log ?? (() => {});
  const zones = opts.namespaces.map((tld) => zoneOf(tld, opts.nameservers(tld), opts.ds?.(tld) ?? []));
  await mkdir(opts.dataDir, { recursive: true });
  const [httpPort, walletPort, freeRoot, resolverPort] = (await freePorts(4)) as [number, number, number, number];
  const rootPort = opts.rootPort ?? freeRoot;
  const apiKey = randomBytes(16).toString('hex');
  const hsd = spawnHsd({ dataDir: opts.dataDir, httpPort, walletPort, rootPort, resolverPort, apiKey, log });
  const rpcUrl = `http://x:${apiKey}@127.0.0.1:${httpPort}/`;
  const walletUrl = `http://x:${apiKey}@127.0.0.1:${walletPort}/`;
  try {
    const node: Rpc = (method, params) => hsdRpc(rpcUrl, method, params);
    const wallet: Rpc = (method, params) => hsdRpc(walletUrl, method, params);
    await hsd.waitFor('the node and wallet RPC to answer', READY_TIMEOUT_MS, async () => {
      await Promise.all([node('getblockcount'), wallet('getwalletinfo')]);
      return true;
    });
    const started = Date.now();
    const chain = await miningChain(node, wallet, hsd.waitFor);
    await register(chain, zones, log);
    await waitForReferrals(chain, zones, rootPort);
    log(
      `handshake root: ${opts.namespaces.join(', ')} delegated in ${Date.now() - started} ms (root 127.0.0.1:${rootPort})`,
    );
    return { rootPort, resolverPort, rpcUrl, stop: hsd.stop };
  } catch (err) {
    await hsd.stop();
    throw hsd.explain(err);
  }
}

/** One JSON-RPC call to hsd; `url` carries the API key as its password, as `rpcUrl` does. */
export async function hsdRpc<T>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const { origin, username, password } = new URL(url);
  const credentials = Buffer.from(`${decodeURIComponent(username)}:${decodeURIComponent(password)}`);
  const res = await fetch(`${origin}/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Basic ${credentials.toString('base64')}` },
    body: JSON.stringify({ method, params, id: 1 }),
    signal: AbortSignal.timeout(30_000),
  });
  const body = (await res.json().catch(() => undefined)) as RpcBody<T> | undefined;
  if (body?.error) throw new Error(`hsd ${method}: ${body.error.message}`);
  if (!res.ok || !body) throw new Error(`hsd ${method}: HTTP ${res.status} from ${origin}`);
  return body.result as T;
}

/** A DS record in hsd's resource form; the root signs it with its own key (hsd lib/dns/key.js). */
function dsRecord(tld: string, ds: string): HsdRecord {
  const [keyTag, algorithm, digestType, digest] = ds.trim().split(/\s+/);
  const n = (v: string | undefined) => (v && /^\d+$/.test(v) ? Number(v) : NaN);
  const record = {
    type: 'DS' as const,
    keyTag: n(keyTag),
    algorithm: n(algorithm),
    digestType: n(digestType),
    digest: digest ?? '',
  };
  if ([record.keyTag, record.algorithm, record.digestType].some(Number.isNaN) || !/^[0-9a-f]+$/i.test(record.digest))
    throw new Error(`namespace ${tld}: "${ds}" is not a DS record`);
  return record;
}

function zoneOf(tld: string, nameservers: Nameserver[], ds: string[] = []): Zone {
  if (nameservers.length === 0) throw new Error(`namespace ${tld}: no name servers given`);
  const hosts = [...new Set(nameservers.map((ns) => fqdn(ns.host)))];
  const glue = nameservers.flatMap((ns): HsdRecord[] => {
    if (ns.address === undefined) return [];
    const family = isIP(ns.address);
    if (family === 0) {
      throw new Error(`namespace ${tld}: name server ${ns.host} has no valid IP address (${ns.address})`);
    }
    // The root vouches only for addresses inside the zone it delegates; hsd drops any other glue.
    if (!fqdn(ns.host).endsWith(`.${tld}.`)) return [];
    return [{ type: family === 4 ? 'GLUE4' : 'GLUE6', ns: fqdn(ns.host), address: ns.address }];
  });
  return {
    tld,
    hosts,
    records: [...hosts.map((ns) => ({ type: 'NS' as const, ns })), ...glue, ...ds.map((d) => dsRecord(tld, d))],
  };
}

const fqdn = (host: string) => `${host.toLowerCase().replace(/\.$/, '')}.`;

async function register(chain: Chain, zones: Zone[], log: (line: string) => void): Promise<void> {
  const tlds = zones.map((z) => z.tld);
  const infos = await nameInfos(chain, tlds);
  const fresh = tlds.filter((tld) => !infos.get(tld)?.info);
  for (const tld of tlds) {
    const state = infos.get(tld)?.info?.state;
    if (state && state !== 'CLOSED') {
      throw new Error(`namespace ${tld} is mid-auction (${state}) on this chain; start hsd afresh`);
    }
  }
  // A name may be opened only from its rollout height (up to ~100 blocks on regtest), and every name
  // needs a coin of its own that is past coinbase maturity.
  const height = await chain.node<number>('getblockcount');
  const rollout = Math.max(0, ...fresh.map((tld) => infos.get(tld)?.start.start ?? 0));
  await chain.mine(Math.max(rollout, COINBASE_MATURITY + zones.length + 1) - height);
  if (fresh.length > 0) await auction(chain, fresh, log);
  log(`hsd: sendupdate ${tlds.join(', ')}`);
  for (const zone of zones) await send(chain, 'sendupdate', [zone.tld, { records: zone.records }]);
  await chain.mine(1);
}

async function auction(chain: Chain, tlds: string[], log: (line: string) => void): Promise<void> {
  for (const phase of AUCTION) {
    log(`hsd: ${phase.method} ${tlds.join(', ')}`);
    for (const tld of tlds) await send(chain, phase.method, phase.params(tld));
    await chain.mine(1);
    const infos = await nameInfos(chain, tlds);
    const waits = tlds.map((tld) => {
      const info = infos.get(tld)?.info;
      if (info?.state !== phase.state) {
        throw new Error(
          `${tld}: expected ${phase.state} once ${phase.method} was mined, chain says ${info?.state ?? 'no auction'}`,
        );
      }
      return info.stats?.[phase.wait] ?? 0;
    });
    await chain.mine(Math.max(...waits));
  }
}

async function send(chain: Chain, method: string, params: unknown[]): Promise<void> {
  try {
    await chain.wallet(method, params);
  } catch (err) {
    throw new Error(`namespace ${String(params[0])}: ${(err as Error).message}`, { cause: err });
  }
}

async function nameInfos(chain: Chain, tlds: string[]): Promise<Map<string, NameInfo>> {
  const info = (tld: string) =>
    chain.node<NameInfo>('getnameinfo', [tld]).catch((err: Error) => {
      throw new Error(`namespace ${tld}: ${err.message}`, { cause: err });
    });
  return new Map(await Promise.all(tlds.map(async (tld) => [tld, await info(tld)] as const)));
}

/** Mining pays our own wallet, and each call returns only once the wallet has seen the blocks. */
async function miningChain(node: Rpc, wallet: Rpc, waitFor: WaitFor): Promise<Chain> {
  const address = await wallet<string>('getnewaddress');
  const mine = async (blocks: number) => {
    if (blocks <= 0) return;
    await node('generatetoaddress', [blocks, address]);
    const height = await node<number>('getblockcount');
    await waitFor(`the wallet to reach block ${height}`, SYNC_TIMEOUT_MS, async () => {
      return (await wallet<{ height: number }>('getwalletinfo')).height >= height;
    });
  };
  return { node, wallet, mine };
}

/** The root caches every answer, a negative one too, for 30 minutes; each look starts from an empty cache. */
async function waitForReferrals(chain: Chain, zones: Zone[], rootPort: number): Promise<void> {
  for (let mined = 0; ; mined++) {
    await chain.node('resetrootcache');
    const missing = (await Promise.all(zones.map((zone) => delegated(zone, rootPort)))).flatMap((ok, i) =>
      ok ? [] : [zones[i]!.tld],
    );
    if (missing.length === 0) return;
    if (mined >= MAX_TREE_WAIT_BLOCKS) {
      throw new Error(
        `root 127.0.0.1:${rootPort} gives no referral for ${missing.join(', ')} ${mined} blocks after the update`,
      );
    }
    await chain.mine(1);
  }
}

async function delegated(zone: Zone, rootPort: number): Promise<boolean> {
  const res = await queryDns({ server: '127.0.0.1', port: rootPort, name: zone.tld, type: 'NS', timeoutMs: 1_000 });
  const served = new Set((res.authorities ?? []).flatMap((rr) => (rr.type === 'NS' ? [fqdn(rr.data)] : [])));
  return zone.hosts.every((host) => served.has(host));
}
