import type { Config } from '../config/env.ts';
import { powerDnsClient } from '../dns/powerdns.ts';
import { rollKeys, zoneSigning } from '../dns/signed-zones.ts';
import { zoneName } from '../domain/dns-zone.ts';
import { OpsError } from './commands.ts';

// `dnssec-status <zone>` and `dnssec-rollover <zone> begin|finish` (docs/operations.md "DNSSEC key
// rollover"): PowerDNS's API only, no database.

function client(config: Config) {
  if (!config.PDNS_API_URL || !config.PDNS_API_KEY)
    throw new OpsError('set PDNS_API_URL and PDNS_API_KEY to the PowerDNS that serves the zones');
  return powerDnsClient({ apiUrl: config.PDNS_API_URL, apiKey: config.PDNS_API_KEY, serverId: config.PDNS_SERVER_ID });
}

function zoneOf(name: string | undefined): string {
  if (!name || !/^[a-z0-9.-]+\.?$/i.test(name)) throw new OpsError('give a zone, for example scout.agent or agent');
  return zoneName(name);
}

export async function dnssecCommand(
  config: Config,
  command: string,
  zone: string | undefined,
  step: string | undefined,
) {
  try {
    if (command === 'dnssec-status') return await zoneSigning(client(config), zoneOf(zone));
    if (step !== 'begin' && step !== 'finish') throw new OpsError('dnssec-rollover <zone> begin|finish');
    return await rollKeys(client(config), zoneOf(zone), step);
  } catch (err) {
    if (err instanceof OpsError) throw err;
    throw new OpsError((err as Error).message);
  }
}
