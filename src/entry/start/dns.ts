import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import type { Config } from '../../config/env.ts';
import { readCatalogFile } from '../../db/catalog-file.ts';
import { zoneAuthority } from '../../dns/authority.ts';
import { startHandshakeRoot } from '../../infra/handshake-root.ts';
import { POWERDNS_INSTALL_HINT, powerDnsBinary, startLocalPowerDns, type LocalPowerDns } from '../../infra/powerdns.ts';
import { powerDnsClient } from '../../dns/powerdns.ts';
import { ensureNamespaceZone } from '../../dns/signed-zones.ts';
import type { StartupStack } from './stack.ts';

/**
 * DNS: a local PowerDNS under DATA_DIR unless PDNS_API_URL points at one. Without either the service
 * still runs; DNS changes wait in their workflows until a backend is configured (docs/dns-and-rdap.md
 * "DNS"). Returns what the API and the worker are to be told of a PowerDNS started here.
 */
export async function startDns(config: Config, stack: StartupStack): Promise<Record<string, string>> {
  if (config.PDNS_API_URL) {
    stack.say('DNS', `${config.PDNS_API_URL} (PDNS_API_URL)`);
    return {};
  }
  if (!powerDnsBinary()) {
    stack.say('DNS', `PowerDNS is not installed: ${POWERDNS_INSTALL_HINT}.`);
    stack.say('', 'Running without it: record changes are kept and wait in their namespace zone runs (dns-zone:…).');
    return {};
  }
  try {
    const pdns = await startLocalPowerDns({
      dataDir: resolve(stack.dataDir, 'powerdns'),
      dnsPort: config.PDNS_LOCAL_DNS_PORT,
      apiPort: config.PDNS_LOCAL_API_PORT,
      apiKey: config.PDNS_API_KEY ?? randomBytes(24).toString('hex'),
    });
    stack.onStop(() => pdns.stop());
    stack.say(
      'DNS',
      `PowerDNS on ${pdns.dnsAddress}:${pdns.dnsPort} (dig @${pdns.dnsAddress} -p ${pdns.dnsPort} <name> TXT), its HTTP API at ${pdns.apiUrl}`,
    );
    const verifier = config.HANDSHAKE_ROOT === 'local' ? await startNamingRoot(config, stack, pdns) : {};
    return { PDNS_API_URL: pdns.apiUrl, PDNS_API_KEY: pdns.apiKey, ...verifier };
  } catch (err) {
    return stack.fail(
      'DNS',
      (err as Error).message,
      `  - free ports ${config.PDNS_LOCAL_DNS_PORT} and ${config.PDNS_LOCAL_API_PORT} (or set PDNS_LOCAL_DNS_PORT / PDNS_LOCAL_API_PORT), or\n  - set PDNS_API_URL and PDNS_API_KEY to a PowerDNS you run.`,
    );
  }
}

/**
 * The naming root: an in-memory Handshake regtest node on which each native namespace is registered
 * and delegated to our nameservers, so a resolver starting at its root is referred to our PowerDNS
 * (docs/dns-and-rdap.md "The naming root"). A failure here leaves DNS itself running. Returns where the
 * verifier's resolver starts (docs/discovery.md "Verify an agent"): at this root, with the namespaces asked
 * at the local PowerDNS (the root refers them to ns1.<namespace> on port 53), unless set already.
 */
async function startNamingRoot(
  config: Config,
  stack: StartupStack,
  pdns: LocalPowerDns,
): Promise<Record<string, string>> {
  const pdnsPort = pdns.dnsPort;
  try {
    const catalog = await readCatalogFile(config.CATALOG_PATH);
    const namespaces = catalog.namespaces.filter((n) => n.source === 'native').map((n) => n.namespace);
    const authority = zoneAuthority(config);
    // Each namespace zone exists and is signed before the root publishes its DS (docs/dns-and-rdap.md "DNSSEC").
    const client = powerDnsClient({ apiUrl: pdns.apiUrl, apiKey: pdns.apiKey });
    const ds = new Map<string, string[]>();
    for (const ns of namespaces) ds.set(ns, await ensureNamespaceZone(client, ns, authority(ns), config.DNS_DNSSEC));
    const root = await startHandshakeRoot({
      dataDir: resolve(stack.dataDir, 'hsd'),
      namespaces,
      nameservers: (ns) => authority(ns).nameservers,
      rootPort: config.HANDSHAKE_ROOT_PORT,
      ds: (ns) => ds.get(ns) ?? [],
    });
    stack.onStop(() => root.stop());
    stack.say(
      'Root',
      `Handshake regtest root on 127.0.0.1:${root.rootPort} delegates ${namespaces.map((n) => `.${n}`).join(' ')}`,
    );
    stack.say(
      '',
      `(dig @127.0.0.1 -p ${root.rootPort} scout.agent NS: a referral to ns1.agent., then ask PowerDNS on port ${pdnsPort})`,
    );
    return {
      ...(!config.VERIFY_DNS_ROOT && { VERIFY_DNS_ROOT: `127.0.0.1:${root.rootPort}` }),
      ...(!config.VERIFY_DNS_STUBS && {
        VERIFY_DNS_STUBS: namespaces.map((n) => `${n}=127.0.0.1:${pdnsPort}`).join(','),
      }),
    };
  } catch (err) {
    stack.say('Root', `the Handshake regtest root did not start (${(err as Error).message}); DNS runs without it.`);
    return {};
  }
}
