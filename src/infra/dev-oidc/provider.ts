import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { errors, type KoaContextWithOIDC } from 'oidc-provider';
import { loginPage, readLoginForm } from './login-page.ts';
import { memoryAdapter } from './memory-adapter.ts';
import { devResourceIndicator, ROUTES, type DevOidcClient } from './protocol.ts';
import { mintDevTokens } from './tokens.ts';

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
    if (method === 'GET')
      return loginPage(res, 200, uid, typeof params.login_hint === 'string' ? params.login_hint : '');
    const username = new URLSearchParams(await readLoginForm(req)).get('username')?.trim() ?? '';
    if (!username || username.length > 200) return loginPage(res, 400, uid, '', 'Enter a username.');

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
