import { didOf, endpointOf, identityUrls } from './agent-card.ts';
import type { PublicDomainRow } from './public-domain.ts';

/** Where a domain's agent manifest and skill file are published. */
export function manifestUrls(baseUrl: string, name: string): { agent_json: string; skill_md: string } {
  const base = `${baseUrl}/api/v1/domains/${encodeURIComponent(name)}`;
  return { agent_json: `${base}/agent.json`, skill_md: `${base}/skill.md` };
}

/**
 * Where a name's identity documents are, so that a client starting from the name alone finds them without
 * knowing the registry's layout (docs/discovery.md, below its table): the signed A2A Agent Card (null
 * unless the card is served: an active name whose profile names an A2A endpoint, so no link leads to a
 * 404), the DID document with its did:web identifier, and the ERC-8004 registration file.
 */
export function identityLinks(baseUrl: string, d: Pick<PublicDomainRow, 'name' | 'status' | 'profile'>) {
  const urls = identityUrls(baseUrl, d.name);
  return {
    agent_card: endpointOf(d, 'a2a') && d.status === 'active' ? urls.agent_card : null,
    did_document: urls.did_document,
    registration_file: urls.registration,
    did: didOf(baseUrl, d.name),
  };
}
