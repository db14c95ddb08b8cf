import { descriptionOf, didOf, endpointOf, identityUrls, profileText } from './agent-card.ts';
import { agentRegistryOf } from './onchain-identity.ts';
import type { PublicDomainRow } from './public-domain.ts';

// The ERC-8004 (Trustless Agents, draft; erc-8004-contracts b9e466c) registration file of a name: what an
// identity registry's `agentURI` points at. Built from the owner's profile; `registrations[]` lists the
// name's on-chain entry once its registration is mined (docs/discovery.md "On chain").

export const ERC8004_TYPE = 'https://eips.ethereum.org/EIPS/eip-8004#registration-v1';

export interface Erc8004Entry {
  agentId: number;
  /** `eip155:<chain id>:<identity registry address>` */
  agentRegistry: string;
}

export function buildRegistrationFile(d: PublicDomainRow, baseUrl: string) {
  const urls = identityUrls(baseUrl, d.name);
  const a2a = endpointOf(d, 'a2a');
  const mcp = endpointOf(d, 'mcp');
  const web = endpointOf(d, 'web') ?? profileText(d.profile.website);
  const services = [
    ...(a2a ? [{ name: 'A2A', endpoint: urls.agent_card, version: '1.0' }] : []),
    ...(mcp ? [{ name: 'MCP', endpoint: mcp }] : []),
    ...(web ? [{ name: 'web', endpoint: web }] : []),
    { name: 'DID', endpoint: didOf(baseUrl, d.name), version: 'v1' },
    { name: 'agent.json', endpoint: `${baseUrl}/api/v1/domains/${encodeURIComponent(d.name)}/agent.json` },
  ];
  const image = profileText(d.profile.avatar_url);
  return {
    type: ERC8004_TYPE,
    name: d.name,
    description: descriptionOf(d),
    // ERC-8004 makes `image` optional: a name without an avatar publishes none rather than an empty URL.
    ...(image ? { image } : {}),
    services,
    // The registry's own paid operations take x402 (docs/payments.md); the agent's own endpoints may not.
    x402Support: false,
    active: d.status === 'active',
    registrations: d.onchain
      ? [{ agentId: d.onchain.agentId, agentRegistry: agentRegistryOf(d.onchain) } satisfies Erc8004Entry]
      : [],
  };
}
