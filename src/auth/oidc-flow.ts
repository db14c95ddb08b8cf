import * as client from 'openid-client';
import { z } from 'zod';
import { AppError } from '../domain/errors.ts';

/** The identity provider as the sign-in flow sees it. */
export interface OidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** RFC 8707 resource indicator; sent only when it is an absolute URI, otherwise the provider's default applies. */
  resource: string;
}

/** A sign-in in progress, carried in a signed cookie between the redirect out and the callback. */
export interface LoginTransaction {
  state: string;
  nonce: string;
  verifier: string;
  returnTo: string;
}

export interface SignedInIdentity {
  issuer: string;
  subject: string;
  claims: Record<string, unknown>;
}

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

const transactionSchema = z.object({
  state: z.string(),
  nonce: z.string(),
  verifier: z.string(),
  returnTo: z.string().transform((v) => safeReturnTo(v)),
});

/**
 * Only same-site paths: one leading slash, never `//host` or `/\host` (browsers treat those as another
 * origin), and only printable ASCII — a control or non-Latin-1 character cannot go into a Location
 * header, so it would fail after the session was made. Anything else returns to the home page.
 */
export function safeReturnTo(value: string | undefined): string {
  return value && value.length <= 2048 && /^\/(?![/\\])[\x21-\x5b\x5d-\x7e]*$/.test(value) ? value : '/';
}

/** Any failure of the sign-in flow as the refusal the browser is shown: 503 when the provider is down, else 400. */
export function loginRefusal(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (isUnreachable(err))
    return new AppError('idp_unavailable', 'The identity provider could not be reached; try again later.');
  return new AppError('login_failed', `Sign-in failed: ${(err as Error).message}`);
}

// Duck-typed: fetch's errors may come from another realm (e.g. a test sandbox), where instanceof fails.
function isUnreachable(err: unknown): boolean {
  for (
    let e = err as { name?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    if (
      e.name === 'TimeoutError' ||
      e.name === 'AbortError' ||
      (e.name === 'TypeError' && e.message === 'fetch failed')
    )
      return true;
  }
  return false;
}

/**
 * Authorization code + PKCE against the provider, with no HTTP framework in it: `begin` gives the URL
 * to send the browser to and the transaction to keep; `finish` checks the provider's answer against
 * that transaction and returns who signed in.
 */
export function oidcFlow(provider: OidcProvider, redirectUri: string) {
  const resource: Record<string, string> = URL.canParse(provider.resource) ? { resource: provider.resource } : {};
  const issuerUrl = new URL(provider.issuer);
  const insecureAllowed = issuerUrl.protocol === 'http:' && LOCAL_HOSTS.has(issuerUrl.hostname);

  // Discovered on first use, so the API starts even while the provider is down; failures are retried.
  let discovered: Promise<client.Configuration> | undefined;
  const configuration = () => {
    if (!discovered) {
      discovered = client.discovery(
        issuerUrl,
        provider.clientId,
        undefined,
        client.ClientSecretBasic(provider.clientSecret),
        { ...(insecureAllowed ? { execute: [client.allowInsecureRequests] } : {}), timeout: 5 },
      );
      discovered.catch(() => (discovered = undefined));
    }
    return discovered;
  };

  async function begin(returnTo: string | undefined): Promise<{ url: string; transaction: string }> {
    const tx: LoginTransaction = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      verifier: client.randomPKCECodeVerifier(),
      returnTo: safeReturnTo(returnTo),
    };
    const url = client.buildAuthorizationUrl(await configuration(), {
      redirect_uri: redirectUri,
      scope: 'openid profile email',
      state: tx.state,
      nonce: tx.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(tx.verifier),
      code_challenge_method: 'S256',
      ...resource,
    });
    return { url: url.href, transaction: Buffer.from(JSON.stringify(tx)).toString('base64url') };
  }

  /** `transaction` is the value `begin` gave (undefined when the cookie was missing or forged); `search` the callback's query. */
  async function finish(
    transaction: string | undefined,
    search: string,
  ): Promise<{ identity: SignedInIdentity; returnTo: string }> {
    const tx = transaction
      ? transactionSchema.safeParse(JSON.parse(Buffer.from(transaction, 'base64url').toString()))
      : undefined;
    if (!tx?.success)
      throw new AppError('login_failed', 'The sign-in attempt is unknown or expired; start again at /auth/login.');
    const current = new URL(redirectUri);
    current.search = search;
    const tokens = await client.authorizationCodeGrant(
      await configuration(),
      current,
      {
        pkceCodeVerifier: tx.data.verifier,
        expectedState: tx.data.state,
        expectedNonce: tx.data.nonce,
        idTokenExpected: true,
      },
      resource,
    );
    const claims = tokens.claims();
    if (!claims) throw new AppError('login_failed', 'The provider returned no ID token.');
    return {
      identity: { issuer: claims.iss, subject: claims.sub, claims: { ...claims } },
      returnTo: tx.data.returnTo,
    };
  }

  return { begin, finish };
}
