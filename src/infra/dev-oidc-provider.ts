import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { errors, type Adapter, type AdapterPayload, type KoaContextWithOIDC } from 'oidc-provider';

export interface DevOidcClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

export interface DevOidcProvider {
  issuer: string;
  jwksUri: string;
  introspectionUrl: string;
  stop(): Promise<void>;
  /** Runs the real authorization-code + PKCE flow for `username` with the first client. `opaque` tokens can be introspected and revoked; JWTs cannot. */
  mintAccessToken(username: string, opts?: { ttlSeconds?: number; format?: 'jwt' | 'opaque' }): Promise<string>;
  /** The ID token of the same flow (for tests proving it is never accepted as an access token). */
  mintIdToken(username: string): Promise<string>;
}

const RESOURCE_SCOPE = 'openid profile email';
const ROUTES = {
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

/**
 * A real OpenID Connect provider for development and tests. Any username signs in without a password,
 * so it must never face the internet; production points OIDC_ISSUER at a real provider instead.
 */
export async function startDevOidcProvider(opts: {
  port: number;
  host?: string;
  audience: string;
  clients: DevOidcClient[];
  accessTokenTtlSeconds?: number;
}): Promise<DevOidcProvider> {
  const firstClient = opts.clients[0];
  if (!firstClient?.redirectUris[0]) throw new Error('startDevOidcProvider needs a client with a redirect URI');
  const first: DevOidcClient = firstClient;
  const defaultTtl = opts.accessTokenTtlSeconds ?? 3600;
  const resource = devResourceIndicator(opts.audience);
  // Per-grant token shape requested through the dev_token_* authorization parameters (mintAccessToken).
  const policies = new Map<string, { ttl?: number; format?: 'jwt' | 'opaque' }>();

  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.writeHead(503).end();
  const server = createServer((req, res) => handle(req, res));
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(opts.port, opts.host ?? '127.0.0.1', () => ok());
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = {
    ...(await exportJWK(privateKey)),
    kid: randomBytes(8).toString('hex'),
    alg: 'RS256',
    use: 'sig',
  };
  const policyOf = (ctx: KoaContextWithOIDC) => policies.get(ctx.oidc.entities.Grant?.jti ?? '') ?? {};

  const provider = new Provider(issuer, {
    adapter: memoryAdapter(new Map()),
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    clients: opts.clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: c.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    })),
    routes: ROUTES,
    pkce: { required: () => true },
    extraParams: ['dev_token_ttl', 'dev_token_format'],
    claims: { openid: ['sub'], profile: ['name'], email: ['email', 'email_verified'] },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({ sub, name: sub, email: `${sub}@dev.local`, email_verified: true }),
    }),
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      introspection: { enabled: true, allowedPolicy: async () => true },
      revocation: { enabled: true, allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (ctx, indicator) => {
          if (indicator !== resource) throw new errors.InvalidTarget();
          const { ttl, format = 'jwt' } = policyOf(ctx);
          return {
            audience: opts.audience,
            scope: RESOURCE_SCOPE,
            accessTokenTTL: ttl ?? defaultTtl,
            accessTokenFormat: format,
            ...(format === 'jwt' ? { jwt: { sign: { alg: 'RS256' as const } } } : {}),
          };
        },
      },
    },
    // Explicit lifetimes keep the package from printing "you SHOULD change" notices.
    ttl: {
      AccessToken: (_ctx, token) => token.resourceServer?.accessTokenTTL ?? defaultTtl,
      IdToken: 3600,
      Interaction: 600,
      Session: 86_400,
      Grant: 86_400,
    },
    clientBasedCORS: () => false,
    renderError: (ctx, out) => {
      ctx.type = 'text/plain';
      ctx.body = `${out.error}: ${out.error_description ?? ''}`;
    },
  });
  const callback = provider.callback();

  async function login(req: IncomingMessage, res: ServerResponse, uid: string, method: string): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) throw new errors.SessionNotFound('interaction mismatch');
    const params = details.params as Record<string, unknown>;
    if (method === 'GET') return page(res, 200, uid, typeof params.login_hint === 'string' ? params.login_hint : '');
    const username = new URLSearchParams(await readBody(req)).get('username')?.trim() ?? '';
    if (!username || username.length > 200) return page(res, 400, uid, '', 'Enter a username.');

    const grant = new provider.Grant({ accountId: username, clientId: String(params.client_id) });
    grant.addOIDCScope(typeof params.scope === 'string' ? params.scope : 'openid');
    grant.addResourceScope(resource, RESOURCE_SCOPE);
    const grantId = await grant.save();
    const ttl = Number(params.dev_token_ttl);
    if (policies.size >= 1000) policies.delete(policies.keys().next().value as string);
    policies.set(grantId, {
      ...(Number.isSafeInteger(ttl) && ttl > 0 ? { ttl } : {}),
      ...(params.dev_token_format === 'opaque' ? { format: 'opaque' as const } : {}),
    });
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: username }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  handle = (req, res) => {
    const m = /^\/interaction\/([\w-]+)(\/login)?$/.exec((req.url ?? '').split('?')[0] ?? '');
    if (!m) return void callback(req, res);
    const method = m[2] ? 'POST' : 'GET';
    if (req.method !== method) return void res.writeHead(405).end();
    login(req, res, m[1] as string, method).catch((err: unknown) => {
      if (res.headersSent) return;
      const status = err instanceof errors.OIDCProviderError ? 400 : 500;
      res
        .writeHead(status, { 'content-type': 'text/plain' })
        .end(status === 400 ? 'Login session expired; start again.' : 'Login failed.');
    });
  };

  const endpoint = (route: string) => `${issuer}${route}`;
  return {
    issuer,
    jwksUri: endpoint(ROUTES.jwks),
    introspectionUrl: endpoint(ROUTES.introspection),
    stop: () =>
      new Promise<void>((ok) => {
        server.close(() => ok());
        server.closeAllConnections();
      }),
    async mintAccessToken(username, mintOpts = {}) {
      return (await mint(username, mintOpts)).access_token;
    },
    async mintIdToken(username) {
      return (await mint(username, {})).id_token;
    },
  };

  function mint(username: string, mintOpts: { ttlSeconds?: number; format?: 'jwt' | 'opaque' }) {
    return mintDevTokens({ issuer, client: first, audience: opts.audience, username, ...mintOpts });
  }
}

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

async function readBody(req: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) {
    body += chunk;
    if (body.length > 4096) throw new Error('login form too large');
  }
  return body;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(res: ServerResponse, status: number, uid: string, hint: string, problem = ''): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
    .end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Dev sign-in</title></head>
<body style="font-family:system-ui;max-width:28rem;margin:4rem auto">
<h1>Development identity provider</h1>
<p><strong>For development only:</strong> any username signs in, with no password. Never expose this provider.</p>
${problem ? `<p role="alert">${escapeHtml(problem)}</p>` : ''}
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
<label>Username <input name="username" value="${escapeHtml(hint)}" autofocus required maxlength="200"></label>
<button type="submit">Sign in</button>
</form></body></html>`);
}

/** In-memory storage for the provider's artifacts; ephemeral by design, like the signing key. */
function memoryAdapter(store: Map<string, { payload: AdapterPayload; until: number }>): (model: string) => Adapter {
  const live = (key: string) => {
    const hit = store.get(key);
    if (hit && hit.until <= Date.now()) store.delete(key);
    return hit && hit.until > Date.now() ? hit.payload : undefined;
  };
  return (model) => {
    const key = (id: string) => `${model}:${id}`;
    return {
      async upsert(id, payload, expiresIn) {
        const until = expiresIn ? Date.now() + expiresIn * 1000 : Infinity;
        if (store.size > 10_000) for (const [k, v] of store) if (v.until <= Date.now()) store.delete(k);
        store.set(key(id), { payload, until });
        if (payload.uid) store.set(`sessionUid:${payload.uid}`, { payload: { jti: id }, until });
      },
      async find(id) {
        return live(key(id));
      },
      async findByUid(uid) {
        const ref = live(`sessionUid:${uid}`);
        return ref?.jti ? live(key(ref.jti)) : undefined;
      },
      async findByUserCode() {
        return undefined;
      },
      async consume(id) {
        const hit = live(key(id));
        if (hit) hit.consumed = Math.floor(Date.now() / 1000);
      },
      async destroy(id) {
        store.delete(key(id));
      },
      async revokeByGrantId(grantId) {
        for (const [k, v] of store) if (v.payload.grantId === grantId) store.delete(k);
      },
    };
  };
}
