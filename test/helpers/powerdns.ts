import { mkdtemp, rm } from 'node:fs/promises';
import { Resolver } from 'node:dns/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalPowerDns, type LocalPowerDns } from '../../src/infra/powerdns.ts';
import { freePort } from './ports.ts';

export interface TestPowerDns {
  /** The running server (replaced by `restart`). */
  server: LocalPowerDns;
  /** PDNS_API_URL and PDNS_API_KEY for the app and the worker. */
  env: Record<string, string>;
  /** A resolver that asks this PowerDNS only, as `dig @127.0.0.1 -p <port>` does. */
  resolver: Resolver;
  stop(): Promise<void>;
  /** Starts it again on the same ports and data (after `server.stop()`). */
  restart(): Promise<void>;
}

/** A real PowerDNS of this test file's own: its data in a temporary directory, removed at the end. */
export async function startTestPowerDns(): Promise<TestPowerDns> {
  const dataDir = await mkdtemp(join(tmpdir(), 'registry-test-pdns-'));
  const settings = {
    dataDir,
    dnsPort: await freePort(),
    apiPort: await freePort(),
    apiKey: 'test-pdns-api-key-0123456789',
  };
  const resolver = new Resolver({ timeout: 2000, tries: 1 });
  resolver.setServers([`127.0.0.1:${settings.dnsPort}`]);
  const pdns: TestPowerDns = {
    server: await startLocalPowerDns(settings),
    env: { PDNS_API_URL: `http://127.0.0.1:${settings.apiPort}`, PDNS_API_KEY: settings.apiKey },
    resolver,
    async restart() {
      pdns.server = await startLocalPowerDns(settings);
    },
    async stop() {
      await pdns.server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return pdns;
}
