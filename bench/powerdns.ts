import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { POWERDNS_INSTALL_HINT, powerDnsBinary, startLocalPowerDns } from '../src/infra/powerdns.ts';
import { onCleanup } from './lifecycle.ts';
import { freePort } from './services.ts';
import { say } from './settings.ts';

/**
 * The registration section's PowerDNS: every registration publishes its zone, as in production, so the
 * worker's DNS runs finish instead of waiting for a backend (they would pile up and slow the worker).
 * The worker's environment for it, or none (with a note) when pdns_server is not installed.
 */
export async function startBenchPowerDns(): Promise<Record<string, string>> {
  if (!powerDnsBinary()) {
    say(`PowerDNS is not installed (${POWERDNS_INSTALL_HINT}): DNS runs will wait, and slow the worker`);
    return {};
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'registry-bench-pdns-'));
  onCleanup(`remove ${dataDir}`, () => rm(dataDir, { recursive: true, force: true }));
  const pdns = await startLocalPowerDns({
    dataDir,
    dnsPort: await freePort(45300, 500),
    apiPort: await freePort(45800, 500),
    apiKey: randomBytes(24).toString('hex'),
  });
  onCleanup('stop PowerDNS', () => pdns.stop());
  say(`PowerDNS: ${pdns.apiUrl}`);
  // Production refuses loopback glue; a documentation address stands in (nothing resolves through it).
  return { PDNS_API_URL: pdns.apiUrl, PDNS_API_KEY: pdns.apiKey, DNS_NAMESERVERS: 'ns1.{namespace}.=192.0.2.53' };
}
