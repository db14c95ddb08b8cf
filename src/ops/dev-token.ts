import type { Config } from '../config/env.ts';
import { mintDevTokens } from '../infra/dev-oidc/tokens.ts';
import { OpsError } from './commands.ts';

/** What the local identity provider's sign-in form accepts as a username. */
const USERNAME_MAX = 200;

/** Where `npm start` runs its development identity provider, as it registers this service's client there. */
function localProvider(config: Config) {
  return {
    issuer: `http://127.0.0.1:${config.DEV_OIDC_PORT}`,
    client: {
      clientId: config.OIDC_CLIENT_ID,
      clientSecret: config.OIDC_CLIENT_SECRET,
      redirectUris: [`${config.publicBaseUrl}/auth/callback`],
    },
  };
}

/** The `exp` of a JWT access token, unverified (the API verifies it; this only tells the user when). */
function expiresAt(token: string): string | null {
  try {
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      exp?: unknown;
    };
    return typeof claims.exp === 'number' ? new Date(claims.exp * 1000).toISOString() : null;
  } catch {
    return null;
  }
}

/**
 * `token <username>`: an access token for `username` from the development identity provider that
 * `npm start` runs (it signs any username in), for the routes that take a bearer token only (DNS
 * records, the command route). It walks the same authorization-code flow a browser does, so the token
 * is exactly what the API accepts. Refused in production, where that provider never runs and tokens
 * come from the real one (OIDC_ISSUER).
 */
export async function devAccessToken(config: Config, rawUsername: string) {
  if (config.NODE_ENV === 'production')
    throw new OpsError(
      'token mints from the local development identity provider, which never runs in production. Get an access token from your identity provider (OIDC_ISSUER) for the audience OIDC_AUDIENCE instead.',
    );
  if (config.OIDC_ISSUER)
    throw new OpsError(
      `OIDC_ISSUER is set (${config.OIDC_ISSUER}), so the API trusts that provider, not the local one: get an access token from it (audience ${config.OIDC_AUDIENCE}).`,
    );
  const username = rawUsername.trim();
  if (!username || username.length > USERNAME_MAX)
    throw new OpsError(`the username is 1 to ${USERNAME_MAX} characters, got "${rawUsername}"`);
  const { issuer, client } = localProvider(config);
  let token: string;
  try {
    token = (await mintDevTokens({ issuer, client, audience: config.OIDC_AUDIENCE, username })).access_token;
  } catch (err) {
    const cause = (err as Error & { cause?: { code?: string } }).cause?.code;
    throw new OpsError(
      `no token from the local identity provider at ${issuer}: ${(err as Error).message}${cause ? ` (${cause})` : ''}\nIs \`npm start\` running, with the same DEV_OIDC_PORT, PUBLIC_BASE_URL and OIDC_CLIENT_ID / OIDC_CLIENT_SECRET as this shell?`,
    );
  }
  return {
    access_token: token,
    token_type: 'Bearer',
    username,
    issuer,
    expires_at: expiresAt(token),
    note: 'Send it as "Authorization: Bearer <access_token>". The first request signs the username in as an account; the same username is the same account.',
  };
}
