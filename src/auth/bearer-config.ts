import { randomBytes } from 'node:crypto';
import type { Config } from '../config/env.ts';
import { createBearerVerifier, InvalidBearerError, type BearerVerifier } from './bearer-verifier.ts';

/**
 * The bearer verifier the configuration asks for: introspection (RFC 7662) when an introspection URL
 * is set, else JWT validation through the issuer's JWKS. Without an issuer every bearer token is
 * refused as a credential this server cannot accept (401): retrying would never help, so not a 503.
 */
export function bearerVerifierFromConfig(config: Config, issuer = config.OIDC_ISSUER): BearerVerifier {
  if (!issuer) {
    return {
      verify: async () => {
        throw new InvalidBearerError('unconfigured', 'No identity provider is configured (OIDC_ISSUER).');
      },
    };
  }
  return createBearerVerifier({
    issuer,
    audience: config.OIDC_AUDIENCE,
    cacheTtlSeconds: config.BEARER_CACHE_SECONDS,
    clientId: config.OIDC_CLIENT_ID,
    ...(config.OIDC_JWKS_URI ? { jwksUri: config.OIDC_JWKS_URI } : {}),
    ...(config.OIDC_INTROSPECTION_URL
      ? {
          introspection: {
            url: config.OIDC_INTROSPECTION_URL,
            clientId: config.OIDC_CLIENT_ID,
            clientSecret: config.OIDC_CLIENT_SECRET,
          },
        }
      : {}),
  });
}

/** The cookie-signing secret: required in production; a fresh random one per process otherwise. */
export function sessionSecretFromConfig(config: Config): string {
  if (config.SESSION_SECRET) return config.SESSION_SECRET;
  if (config.NODE_ENV === 'production') throw new Error('SESSION_SECRET (32+ characters) is required in production.');
  return randomBytes(32).toString('base64url');
}
