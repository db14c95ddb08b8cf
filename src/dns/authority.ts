import type { Config } from '../config/env.ts';
import type { Nameserver, ZoneAuthority } from '../domain/dns-zone.ts';

/**
 * The nameservers and SOA contact of a namespace's zones, from DNS_NAMESERVERS and DNS_HOSTMASTER
 * (validated at start-up): `{namespace}` in either stands for the namespace, so one setting serves
 * every zone (`ns1.{namespace}.` is `ns1.agent.` in `agent.` and in each `*.agent.` zone).
 */
export function zoneAuthority(config: Pick<Config, 'DNS_NAMESERVERS' | 'DNS_HOSTMASTER'>) {
  const fill = (template: string, namespace: string) => template.replaceAll('{namespace}', namespace).toLowerCase();
  const entries = config.DNS_NAMESERVERS.split(',').map((e) => e.split('=') as [string, string?]);
  return (namespace: string): ZoneAuthority => ({
    nameservers: entries.map(([host, address]): Nameserver => ({
      host: fill(host, namespace),
      ...(address ? { address } : {}),
    })),
    hostmaster: fill(config.DNS_HOSTMASTER, namespace),
  });
}

export type ZoneAuthorityOf = ReturnType<typeof zoneAuthority>;
