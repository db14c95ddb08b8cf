import { didOf, endpointOf, identityUrls } from './agent-card.ts';
import type { PublicDomainRow } from './public-domain.ts';

// The DID document of a registered name (did:web, https://w3c-ccg.github.io/did-method-web/): `alsoKnownAs`
// the name, the owning agent's wallet as a verification method (CAIP-10 account on the chain the registry
// names, EcdsaSecp256k1RecoveryMethod2020, as did:ethr writes it), and the agent's published endpoints as
// services. The registry's host vouches for it: whoever controls that host controls these documents.

export function buildDidDocument(d: PublicDomainRow, baseUrl: string, chainId: number) {
  const id = didOf(baseUrl, d.name);
  const wallet = d.ownerWallet ? `${id}#wallet` : null;
  const urls = identityUrls(baseUrl, d.name);
  const services = [
    ...(['a2a', 'mcp', 'web'] as const).flatMap((key) => {
      const url = endpointOf(d, key);
      // An A2A endpoint is found through its card, which the registry serves (and signs) exactly then.
      const at = key === 'a2a' ? urls.agent_card : url;
      return url ? [{ id: `${id}#${key}`, type: serviceType[key], serviceEndpoint: at }] : [];
    }),
    { id: `${id}#registration`, type: 'ERC8004Registration', serviceEndpoint: urls.registration },
    {
      id: `${id}#manifest`,
      type: 'AgentManifest',
      serviceEndpoint: `${baseUrl}/api/v1/domains/${encodeURIComponent(d.name)}/agent.json`,
    },
  ];
  return {
    // The secp256k1 vocabulary only where a verification method uses it.
    '@context': wallet
      ? ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/suites/secp256k1recovery-2020/v2']
      : ['https://www.w3.org/ns/did/v1'],
    id,
    alsoKnownAs: [d.name],
    ...(wallet && {
      verificationMethod: [
        {
          id: wallet,
          type: 'EcdsaSecp256k1RecoveryMethod2020',
          controller: id,
          blockchainAccountId: `eip155:${chainId}:${d.ownerWallet}`,
        },
      ],
      authentication: [wallet],
      assertionMethod: [wallet],
    }),
    service: services,
  };
}

const serviceType = { a2a: 'A2AAgentCard', mcp: 'MCPServer', web: 'LinkedDomains' } as const;
