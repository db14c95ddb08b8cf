// What the development provider and a client walking its flow (tokens.ts) agree on: the provider's
// paths, how a client is registered at it, and the resource indicator the registry's audience becomes.

export interface DevOidcClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

export const ROUTES = {
  authorization: '/auth',
  token: '/token',
  jwks: '/jwks',
  introspection: '/token/introspection',
  revocation: '/token/revocation',
};

/** RFC 8707 requires an absolute URI; a bare audience such as `agent-registry` gets a URN indicator. */
export function devResourceIndicator(audience: string): string {
  return URL.canParse(audience) ? audience : `urn:${audience}`;
}
