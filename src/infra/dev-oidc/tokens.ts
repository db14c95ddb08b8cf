import { createHash, randomBytes } from 'node:crypto';
import { devResourceIndicator, ROUTES, type DevOidcClient } from './protocol.ts';

export interface DevTokenRequest {
  /** The running dev provider, e.g. `http://127.0.0.1:3001`. */
  issuer: string;
  /** A client registered at it: its first redirect URI receives the code (never followed). */
  client: DevOidcClient;
  /** The registry's audience (OIDC_AUDIENCE). */
  audience: string;
  username: string;
  ttlSeconds?: number;
  format?: 'jwt' | 'opaque';
}

/**
 * The authorization-code flow with PKCE for one user, as a client would walk it, against a running dev
 * provider: all over HTTP, so another process (`npm run ops -- token`) mints the same tokens as
 * `mintAccessToken` in the provider's own process.
 */
export async function mintDevTokens(r: DevTokenRequest): Promise<{ access_token: string; id_token: string }> {
  const issuer = r.issuer.replace(/\/+$/, '');
  const resource = devResourceIndicator(r.audience);
  const verifier = randomBytes(32).toString('base64url');
  const redirectUri = r.client.redirectUris[0];
  if (!redirectUri) throw new Error('mintDevTokens needs a client with a redirect URI');
  const authorize = new URL(`${issuer}${ROUTES.authorization}`);
  for (const [k, v] of Object.entries({
    client_id: r.client.clientId,
    response_type: 'code',
    scope: 'openid',
    redirect_uri: redirectUri,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state: randomBytes(8).toString('hex'),
    resource,
    login_hint: r.username,
    dev_token_ttl: r.ttlSeconds ? String(r.ttlSeconds) : '',
    dev_token_format: r.format ?? '',
  })) {
    if (v) authorize.searchParams.set(k, v);
  }
  const code = await followToCode(authorize, redirectUri, r.username);
  const res = await fetch(`${issuer}${ROUTES.token}`, {
    method: 'POST',
    headers: { authorization: basicAuth(r.client.clientId, r.client.clientSecret) },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
      resource,
    }),
  });
  const body = (await res.json()) as {
    access_token?: string;
    id_token?: string;
    error?: string;
    error_description?: string;
  };
  if (!res.ok || !body.access_token || !body.id_token)
    throw new Error(`token request failed: ${body.error} ${body.error_description ?? ''}`);
  return { access_token: body.access_token, id_token: body.id_token };
}

/** A cookie-keeping client that walks the provider's redirects and submits the dev login form. */
async function followToCode(start: URL, redirectUri: string, username: string): Promise<string> {
  const jar = new Map<string, string>();
  let url = start;
  let form: URLSearchParams | undefined;
  for (let hop = 0; hop < 10; hop++) {
    const res = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
      ...(form ? { body: form } : {}),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair = ''] = c.split(';');
      const i = pair.indexOf('=');
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`dev login stopped at ${url.pathname} with HTTP ${res.status}: ${await res.text()}`);
    await res.body?.cancel();
    if (location.startsWith(redirectUri)) {
      const back = new URL(location);
      const code = back.searchParams.get('code');
      if (!code)
        throw new Error(
          `authorization failed: ${back.searchParams.get('error')} ${back.searchParams.get('error_description') ?? ''}`,
        );
      return code;
    }
    url = new URL(location, url);
    form = url.pathname.startsWith('/interaction/') ? new URLSearchParams({ username }) : undefined;
    if (form) url = new URL(`${url.pathname}/login`, url);
  }
  throw new Error('dev login: too many redirects');
}

function basicAuth(id: string, secret: string): string {
  return `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;
}
