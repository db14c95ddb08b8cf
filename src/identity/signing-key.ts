import { generateAgentCardSignature, type AgentCard } from '@a2a-js/sdk';
import { calculateJwkThumbprint, importJWK, type JWK } from 'jose';
import type { AgentCardDocument } from '../domain/agent-card.ts';

// The key the registry signs its per-name A2A cards with (A2A v1.0.1 section 8.4: a JWS over the RFC 8785
// canonical form of the card, payload detached), published at /.well-known/jwks.json. Its `kid` is the
// key's RFC 7638 thumbprint, so a new key is a new kid and old signatures stay checkable against the
// key set while both are listed. Signing goes through @a2a-js/sdk's own function, so a verifier using
// the SDK canonicalizes exactly as we did.

export interface CardSigner {
  kid: string;
  /** The public key set: what /.well-known/jwks.json serves. */
  jwks: { keys: (JWK & { kty: string; kid: string })[] };
  sign(card: AgentCardDocument): Promise<AgentCardDocument & { signatures: unknown[] }>;
}

/** `key`: a private EC P-256 JWK (JSON), CARD_SIGNING_KEY; `jwksUrl`: where its public half is served. */
export async function cardSigner(key: string, jwksUrl: string): Promise<CardSigner> {
  const jwk = JSON.parse(key) as JWK;
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || !jwk.d) throw new Error('CARD_SIGNING_KEY: a private EC P-256 JWK');
  const kid = await calculateJwkThumbprint(jwk);
  const privateKey = (await importJWK(jwk, 'ES256')) as Parameters<typeof generateAgentCardSignature>[0];
  const { d: _private, ...publicJwk } = jwk;
  const sign = generateAgentCardSignature(privateKey, { alg: 'ES256', typ: 'JOSE', kid, jku: jwksUrl });
  return {
    kid,
    jwks: { keys: [{ ...publicJwk, kty: 'EC', kid, alg: 'ES256', use: 'sig' }] },
    sign: async (card) =>
      (await sign(card as unknown as AgentCard)) as unknown as AgentCardDocument & { signatures: unknown[] },
  };
}
