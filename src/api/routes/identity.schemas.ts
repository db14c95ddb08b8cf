import { z } from 'zod';

// The per-name identity documents (docs/discovery.md). Their shapes are the standards' own, so the
// schemas name their required fields and keep the rest as sent (loose: a serializer must not drop a
// field the standard defines and this schema does not list).

export const agentCardResponse = z
  .looseObject({
    name: z.string(),
    description: z.string(),
    version: z.string(),
    supportedInterfaces: z.array(
      z.looseObject({ url: z.string(), protocolBinding: z.string(), protocolVersion: z.string() }),
    ),
    capabilities: z.looseObject({}),
    defaultInputModes: z.array(z.string()),
    defaultOutputModes: z.array(z.string()),
    skills: z.array(
      z.looseObject({ id: z.string(), name: z.string(), description: z.string(), tags: z.array(z.string()) }),
    ),
    signatures: z.array(z.looseObject({ protected: z.string(), signature: z.string() })),
  })
  .describe('A2A Agent Card v1.0, signed by the registry (JWS, detached payload, key in /.well-known/jwks.json)');

export const didDocumentResponse = z
  .looseObject({ '@context': z.array(z.string()), id: z.string(), alsoKnownAs: z.array(z.string()) })
  .describe('application/did+json: the DID document (did:web) of the name');

export const registrationFileResponse = z
  .looseObject({
    type: z.literal('https://eips.ethereum.org/EIPS/eip-8004#registration-v1'),
    name: z.string(),
    description: z.string(),
    services: z.array(z.looseObject({ name: z.string(), endpoint: z.string() })),
    active: z.boolean(),
    registrations: z.array(z.object({ agentId: z.number(), agentRegistry: z.string() })),
  })
  .describe('ERC-8004 registration file of the name');

export const jwksResponse = z
  .object({ keys: z.array(z.looseObject({ kty: z.string(), kid: z.string() })) })
  .describe("The registry's public signing keys (RFC 7517)");
