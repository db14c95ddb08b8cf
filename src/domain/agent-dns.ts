import { endpointOf, identityUrls, profileText } from './agent-card.ts';
import { manifestUrls } from './manifests.ts';
import { ensip25Key, type OnchainEntry } from './onchain-identity.ts';
import { quoteTxt } from './dns-records.ts';
import { zoneName, type Rrset } from './dns-zone.ts';
import type { DomainProfile } from './public-domain.ts';

// The agent discovery records a name's zone carries (docs/discovery.md "In the name's zone"), written by
// the registry from the profile the owner published, so they follow it and an owner's record edit cannot
// remove them. Pure, no I/O. Two drafts, read in the revisions named:
// - DNS-AID (draft-mozleywilliams-dnsop-dnsaid-02): the agent's main SVCB rrset at its own name, one
//   service-mode record per protocol, `alpn` naming the protocol and the HTTP version under it, `port`,
//   and the draft's `well-known` key, which IANA has not numbered yet: key65409, as the dns-aid reference
//   tools write it. Its value is an absolute URL here, because the document lives on the registry, not on
//   the endpoint's host (a Handshake name has no public CA certificate).
// - ENSIP-26 (draft): `agent-context` and `agent-endpoint[<protocol>]` text records, mirrored as apex TXT
//   `key=value` strings so ENS agent tooling parses them unchanged; and ENSIP-25 (draft of 2025-10-02)'s
//   `agent-registration[<ERC-7930 registry>][<agent id>]` once the name has its ERC-8004 entry.

/** The DNS-AID `well-known` SvcParam in keyNNNNN syntax, until IANA assigns it. */
export const WELL_KNOWN_KEY = 'key65409';
/** Short, so a profile change reaches resolvers soon. */
export const AGENT_RECORD_TTL = 300;
/** The protocols DNS-AID and ENSIP-26 name that a profile's endpoints can carry, in priority order. */
const PROTOCOLS = ['mcp', 'a2a'] as const;

export interface AgentDocumentUrls {
  /** The name's A2A card on the registry, when it has one (a2a endpoint). */
  agentCard: string | null;
  /** The name's agent manifest (agent.json) on the registry. */
  agentJson: string;
}

/** A SvcParam value in the form PowerDNS takes and writes back: quoted, `"` and `\` escaped. */
const quoted = (v: string) => `"${v.replace(/[\\"]/g, (m) => `\\${m}`)}"`;

/** One DNS-AID service-mode SVCB record for an endpoint, or null when it has no host name to target. */
function svcb(priority: number, protocol: string, endpoint: string, describedAt: string): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return null;
  }
  // An SVCB target is a host name: an endpoint at an IP address has none to point at.
  const host = url.hostname.toLowerCase();
  if (host.startsWith('[') || /^\d+(\.\d+){3}$/.test(host)) return null;
  const port = url.port ? Number(url.port) : url.protocol === 'http:' ? 80 : 443;
  const http = url.protocol === 'https:' ? 'h2' : 'http/1.1';
  // Keys in ascending number (mandatory, alpn, port, key65409): PowerDNS's API takes only its own form.
  return `${priority} ${zoneName(host)} mandatory=alpn,port alpn=${protocol},${http} port=${port} ${WELL_KNOWN_KEY}=${quoted(describedAt)}`;
}

/** ENSIP-26 text records as `key=value` TXT strings; control characters and runs of spaces become one space. */
const txt = (key: string, value: string) => quoteTxt(`${key}=${value.replace(/[\s\u0000-\u001f\u007f]+/g, ' ')}`);

/** The rrsets the registry writes into a served name's zone for its agent, from its profile. */
export function agentRecords(
  name: string,
  profile: DomainProfile,
  urls: AgentDocumentUrls,
  onchain: OnchainEntry | null = null,
): Rrset[] {
  const apex = zoneName(name);
  const holder = { profile };
  const services: string[] = [];
  const texts: string[] = [];
  for (const protocol of PROTOCOLS) {
    const endpoint = endpointOf(holder, protocol);
    if (!endpoint) continue;
    const describedAt = protocol === 'a2a' ? (urls.agentCard ?? urls.agentJson) : urls.agentJson;
    const record = svcb(services.length + 1, protocol, endpoint, describedAt);
    if (record) services.push(record);
    texts.push(txt(`agent-endpoint[${protocol}]`, endpoint));
  }
  const website = profileText(profile.website);
  if (website) texts.push(txt('agent-endpoint[web]', website));
  const context = profileText(profile.description);
  if (context) texts.push(txt('agent-context', context));
  // ENSIP-25: any non-empty value binds the name to its ERC-8004 entry; the registry writes it once mined.
  if (onchain) texts.push(txt(ensip25Key(onchain), '1'));
  const sets: Rrset[] = [];
  if (services.length) sets.push({ name: apex, type: 'SVCB', ttl: AGENT_RECORD_TTL, contents: services });
  if (texts.length) sets.push({ name: apex, type: 'TXT', ttl: AGENT_RECORD_TTL, contents: texts });
  return sets;
}

/** The same, with the documents' URLs on the registry at `baseUrl`. */
export function agentRecordsOn(
  baseUrl: string,
  name: string,
  profile: DomainProfile,
  onchain: OnchainEntry | null = null,
): Rrset[] {
  return agentRecords(
    name,
    profile,
    {
      agentCard: endpointOf({ profile }, 'a2a') ? identityUrls(baseUrl, name).agent_card : null,
      agentJson: manifestUrls(baseUrl, name).agent_json,
    },
    onchain,
  );
}
