import { setTimeout as sleep } from 'node:timers/promises';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

// A local PowerDNS Authoritative server for `npm start` and the tests (docs/dns-and-rdap.md "DNS"): Debian's
// pdns-server with the SQLite backend, its data under a directory of ours, its DNS and HTTP API on
// loopback ports. The registry only ever talks to it through the HTTP API, as it would in production.

export interface LocalPowerDns {
  apiUrl: string;
  apiKey: string;
  /** Where it answers DNS queries (UDP and TCP). */
  dnsAddress: string;
  dnsPort: number;
  stop(): Promise<void>;
}

export class MissingPowerDnsError extends Error {
  override name = 'MissingPowerDnsError';
}

/** Where Debian's packages put the server and the backend's schema. */
const SERVER_CANDIDATES = ['/usr/sbin/pdns_server', '/usr/local/sbin/pdns_server'];
const SCHEMA_CANDIDATES = [
  '/usr/share/doc/pdns-backend-sqlite3/schema.sqlite3.sql',
  '/usr/share/pdns-backend-sqlite3/schema/schema.sqlite3.sql',
];

export const POWERDNS_INSTALL_HINT =
  'install PowerDNS with `apt-get install pdns-server pdns-backend-sqlite3` (Debian/Ubuntu), or set ' +
  'PDNS_API_URL and PDNS_API_KEY to a PowerDNS you run';

/** The pdns_server binary (PDNS_SERVER_PATH, Debian's paths, or PATH), or null when not installed. */
export function powerDnsBinary(): string | null {
  const explicit = process.env.PDNS_SERVER_PATH;
  if (explicit) return existsSync(explicit) ? explicit : null;
  const found = SERVER_CANDIDATES.find((p) => existsSync(p));
  if (found) return found;
  return spawnSync('pdns_server', ['--version'], { stdio: 'ignore' }).error ? null : 'pdns_server';
}

async function createDatabase(file: string): Promise<void> {
  if (existsSync(file)) return;
  const schema = SCHEMA_CANDIDATES.find((p) => existsSync(p));
  if (!schema) throw new MissingPowerDnsError(`the SQLite backend's schema is missing: ${POWERDNS_INSTALL_HINT}`);
  const db = new DatabaseSync(file);
  try {
    db.exec(await readFile(schema, 'utf8'));
  } finally {
    db.close();
  }
}

async function waitForApi(apiUrl: string, apiKey: string, exited: () => string | null): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const failure = exited();
    if (failure) throw new Error(`PowerDNS exited while starting: ${failure}`);
    try {
      const res = await fetch(`${apiUrl}/api/v1/servers/localhost`, { headers: { 'X-API-Key': apiKey } });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`PowerDNS did not answer at ${apiUrl} within 15 s`);
    await sleep(100);
  }
}

/** Starts PowerDNS on the given loopback ports with its data in `dataDir` (kept between runs). */
export async function startLocalPowerDns(o: {
  dataDir: string;
  dnsPort: number;
  apiPort: number;
  apiKey: string;
  dnsAddress?: string;
}): Promise<LocalPowerDns> {
  const binary = powerDnsBinary();
  if (!binary) throw new MissingPowerDnsError(`pdns_server is not installed: ${POWERDNS_INSTALL_HINT}`);
  const dnsAddress = o.dnsAddress ?? '127.0.0.1';
  await mkdir(o.dataDir, { recursive: true });
  const database = join(o.dataDir, 'pdns.sqlite3');
  await createDatabase(database);
  await writeFile(
    join(o.dataDir, 'pdns.conf'),
    [
      'launch=gsqlite3',
      `gsqlite3-database=${database}`,
      // Keys in the database, so zones can be signed online (DNS_DNSSEC).
      'gsqlite3-dnssec=yes',
      'api=yes',
      `api-key=${o.apiKey}`,
      'webserver=yes',
      'webserver-address=127.0.0.1',
      `webserver-port=${o.apiPort}`,
      'webserver-allow-from=127.0.0.0/8,::1/128',
      `local-address=${dnsAddress}:${o.dnsPort}`,
      `socket-dir=${o.dataDir}`,
      // Answers straight from the database, so a change is visible to the next query.
      'query-cache-ttl=0',
      'negquery-cache-ttl=0',
      'cache-ttl=0',
      'zone-cache-refresh-interval=0',
      'guardian=no',
      'daemon=no',
      'disable-syslog=yes',
      'loglevel=3',
      '',
    ].join('\n'),
  );
  const child = spawn(binary, [`--config-dir=${o.dataDir}`], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  let exit: string | null = null;
  child.stderr.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-2000);
  });
  child.on('exit', (code, signal) => {
    exit = `${signal ?? `code ${code}`}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`;
  });
  const apiUrl = `http://127.0.0.1:${o.apiPort}`;
  try {
    await waitForApi(apiUrl, o.apiKey, () => exit);
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  return {
    apiUrl,
    apiKey: o.apiKey,
    dnsAddress,
    dnsPort: o.dnsPort,
    async stop() {
      if (exit) return;
      const gone = new Promise<void>((r) => child.once('exit', () => r()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await gone;
      clearTimeout(timer);
    },
  };
}
