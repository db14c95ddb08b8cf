import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { createBearerVerifier, InvalidBearerError, type BearerVerifier } from '../../src/auth/bearer-verifier.ts';
import { oidcLogin } from '../../src/api/routes/login.ts';
import { startDevOidcProvider, type DevOidcProvider } from '../../src/infra/dev-oidc/provider.ts';
import { freePort } from '../helpers/ports.ts';
import { browser } from '../helpers/browser.ts';

const AUDIENCE = 'agent-registry';
const CLIENT = { clientId: 'registry-web', clientSecret: 'registry-web-secret' };

/** A verifier that asks `idp`'s introspection endpoint (as CLIENT) about opaque tokens. */
const introspecting = (idp: DevOidcProvider, cacheTtlSeconds: number) =>
  createBearerVerifier({
    issuer: idp.issuer,
    audience: AUDIENCE,
    introspection: { url: idp.introspectionUrl, ...CLIENT },
    cacheTtlSeconds,
  });

async function reason(p: Promise<unknown>): Promise<string> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(InvalidBearerError);
  return (err as InvalidBearerError).reason;
}

describe('bearer tokens from the dev OIDC provider', () => {
  let idp: DevOidcProvider;
  let jwtVerifier: BearerVerifier;
  beforeAll(async () => {
    idp = await startDevOidcProvider({
      port: await freePort(),
      audience: AUDIENCE,
      clients: [{ ...CLIENT, redirectUris: ['http://127.0.0.1:1/auth/callback'] }],
    });
    jwtVerifier = createBearerVerifier({ issuer: idp.issuer, audience: AUDIENCE, cacheTtlSeconds: 60 });
  });
  afterAll(() => idp.stop());

  it('verifies a minted JWT access token: subject, issuer, audience', async () => {
    const token = await idp.mintAccessToken('alice');
    const v = await jwtVerifier.verify(token);
    expect(v).toMatchObject({
      issuer: idp.issuer,
      subject: 'alice',
      claims: { aud: AUDIENCE, iss: idp.issuer, sub: 'alice' },
    });
    expect(v.expiresAt).toBeGreaterThan(Date.now() / 1000 + 3000);
  });

  it('rejects a token issued for another audience', async () => {
    const other = createBearerVerifier({
      issuer: idp.issuer,
      audience: 'someone-else',
      jwksUri: idp.jwksUri,
      cacheTtlSeconds: 60,
    });
    expect(await reason(other.verify(await idp.mintAccessToken('alice')))).toBe('invalid');
  });

  it('rejects a tampered token', async () => {
    const [header, payload, signature] = (await idp.mintAccessToken('alice')).split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'mallory' })).toString('base64url');
    expect(await reason(jwtVerifier.verify(`${header}.${forged}.${signature}`))).toBe('invalid');
    expect(await reason(jwtVerifier.verify('not-a-jwt'))).toBe('invalid');
  });

  it('rejects an expired token with reason "expired"', async () => {
    const token = await idp.mintAccessToken('bob', { ttlSeconds: 1 });
    await sleep(2500);
    expect(await reason(jwtVerifier.verify(token))).toBe('expired');
  });

  it('never serves a cached result beyond the token expiry', async () => {
    let now = Date.now();
    const verifier = createBearerVerifier({
      issuer: idp.issuer,
      audience: AUDIENCE,
      cacheTtlSeconds: 60,
      now: () => now,
    });
    const token = await idp.mintAccessToken('carol', { ttlSeconds: 30 });
    await verifier.verify(token);
    now += 40_000; // inside the 60 s cache period, past the 30 s token lifetime
    expect(await reason(verifier.verify(token))).toBe('expired');
  });

  it('introspection accepts an active token and rejects a revoked one', async () => {
    const verifier = introspecting(idp, 0);
    const token = await idp.mintAccessToken('dora', { format: 'opaque' });
    expect(await verifier.verify(token)).toMatchObject({ issuer: idp.issuer, subject: 'dora' });

    const meta = (await (await fetch(`${idp.issuer}/.well-known/openid-configuration`)).json()) as {
      revocation_endpoint: string;
    };
    const revoked = await fetch(meta.revocation_endpoint, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${CLIENT.clientId}:${CLIENT.clientSecret}`).toString('base64')}`,
      },
      body: new URLSearchParams({ token }),
    });
    expect(revoked.status).toBe(200);
    expect(await reason(verifier.verify(token))).toBe('inactive');
    // oidc-provider refuses to introspect JWTs (400): that judges the token, it is not an outage.
    expect(await reason(verifier.verify(await idp.mintAccessToken('dora')))).toBe('invalid');
  });

  it('reports an issuer nobody answers for as unreachable', async () => {
    const verifier = createBearerVerifier({
      issuer: `http://127.0.0.1:${await freePort()}`,
      audience: AUDIENCE,
      cacheTtlSeconds: 60,
    });
    expect(await reason(verifier.verify(await idp.mintAccessToken('erin')))).toBe('unreachable');
  });
});

// The defaults: this service's client id equals the API audience ("agent-registry"), so an ID token's
// `aud` passes the audience check; only its type tells it apart (issue 7 item 4).
describe('ID tokens are never access tokens', () => {
  let idp: DevOidcProvider;
  const same = { clientId: AUDIENCE, clientSecret: 'same-client-secret' };
  beforeAll(async () => {
    idp = await startDevOidcProvider({
      port: await freePort(),
      audience: AUDIENCE,
      clients: [{ ...same, redirectUris: ['http://127.0.0.1:1/cb'] }],
    });
  });
  afterAll(() => idp.stop());

  it('refuses a real ID token whose audience is the client id, and accepts the at+jwt access token', async () => {
    const verifier = createBearerVerifier({
      issuer: idp.issuer,
      audience: AUDIENCE,
      clientId: same.clientId,
      cacheTtlSeconds: 60,
    });
    const idToken = await idp.mintIdToken('ivy');
    const header = JSON.parse(Buffer.from(idToken.split('.')[0] ?? '', 'base64url').toString());
    const claims = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString());
    expect(claims.aud).toBe(AUDIENCE); // it would pass an audience check alone
    expect(String(header.typ ?? '')).not.toMatch(/at\+jwt/i);
    expect(await reason(verifier.verify(idToken))).toBe('invalid');
    expect(await verifier.verify(await idp.mintAccessToken('ivy'))).toMatchObject({ subject: 'ivy' });
  });

  it('the whole app answers 401 invalid_credential to an ID token', async () => {
    const { buildTestApp } = await import('../helpers/app.ts');
    const t = await buildTestApp({ OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: same.clientId, OIDC_AUDIENCE: AUDIENCE });
    try {
      const me = (token: string) =>
        t.app.inject({ method: 'GET', url: '/api/v1/agents/me', headers: { authorization: `Bearer ${token}` } });
      const refused = await me(await idp.mintIdToken('ivy'));
      expect(refused.statusCode).toBe(401);
      expect(refused.json().code).toBe('invalid_credential');
      expect((await me(await idp.mintAccessToken('ivy'))).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('bearer verification cache', () => {
  it('keeps a verified token valid for the cache period while the provider is down', async () => {
    const idp = await startDevOidcProvider({
      port: await freePort(),
      audience: AUDIENCE,
      clients: [{ ...CLIENT, redirectUris: ['http://127.0.0.1:1/cb'] }],
    });
    const cached = introspecting(idp, 60);
    const uncached = introspecting(idp, 0);
    const token = await idp.mintAccessToken('frank', { format: 'opaque' });
    await cached.verify(token);
    await uncached.verify(token);
    await idp.stop();

    expect((await cached.verify(token)).subject).toBe('frank');
    expect(await reason(uncached.verify(token))).toBe('unreachable');
  });
});

describe('browser login against the dev OIDC provider', () => {
  let idp: DevOidcProvider;
  let app: FastifyInstance;
  let appUrl: string;
  const resolved: { issuer: string; subject: string }[] = [];
  const destroyed: string[] = [];

  beforeAll(async () => {
    const appPort = await freePort();
    appUrl = `http://127.0.0.1:${appPort}`;
    idp = await startDevOidcProvider({
      port: await freePort(),
      audience: AUDIENCE,
      clients: [{ ...CLIENT, redirectUris: [`${appUrl}/auth/callback`] }],
    });
    app = Fastify();
    await app.register(cookie, { secret: 'a-test-cookie-secret-of-at-least-32-chars' });
    await app.register(oidcLogin, {
      issuer: idp.issuer,
      ...CLIENT,
      publicBaseUrl: appUrl,
      resource: AUDIENCE,
      resolveAccount: async ({ issuer, subject }) => {
        resolved.push({ issuer, subject });
        return `acct-${subject}`;
      },
      createSession: async (accountId) => ({ id: `sess-${accountId}`, expiresAt: new Date(Date.now() + 3_600_000) }),
      destroySession: async (id) => void destroyed.push(id),
    });
    await app.listen({ port: appPort, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
    await idp.stop();
  });

  it('signs in through the provider and sets a signed, httpOnly session cookie', async () => {
    const go = browser();
    const start = await go(`${appUrl}/auth/login?return_to=/dashboard`);
    expect(start.res.status).toBe(302);
    const authorize = new URL(start.location);
    expect(authorize.origin).toBe(idp.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');

    const toLogin = await go(start.location);
    expect(toLogin.location).toMatch(/^\/interaction\//);
    const page = await go(`${idp.issuer}${toLogin.location}`);
    expect(page.res.status).toBe(200);
    expect(page.text).toContain('any username signs in');

    const submitted = await go(`${idp.issuer}${toLogin.location}/login`, { username: 'alice' });
    const resumed = await go(new URL(submitted.location, idp.issuer).href);
    expect(resumed.location.startsWith(`${appUrl}/auth/callback?`)).toBe(true);

    const done = await go(resumed.location);
    expect(done.res.status).toBe(302);
    expect(done.location).toBe('/dashboard');
    const session = done.setCookies.find((c) => c.startsWith('registry_session='));
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Lax/);
    expect(session).toMatch(/Path=\//);
    const value = decodeURIComponent(session?.split(';')[0]?.split('=')[1] ?? '');
    expect(app.unsignCookie(value)).toEqual({ valid: true, renew: false, value: 'sess-acct-alice' });
    expect(resolved).toContainEqual({ issuer: idp.issuer, subject: 'alice' });

    const logout = await go(`${appUrl}/auth/logout`, {});
    expect(logout.res.status).toBe(200);
    expect(JSON.parse(logout.text)).toEqual({ status: 'success' });
    expect(destroyed).toEqual(['sess-acct-alice']);
  });

  it('refuses a callback whose state does not match with a 400 JSON error', async () => {
    const go = browser();
    await go(`${appUrl}/auth/login`);
    const res = await go(`${appUrl}/auth/callback?code=abc&state=wrong&iss=${encodeURIComponent(idp.issuer)}`);
    expect(res.res.status).toBe(400);
    expect(JSON.parse(res.text)).toMatchObject({ status: 'error', code: 'login_failed' });

    const noTx = await browser()(`${appUrl}/auth/callback?code=abc&state=wrong`);
    expect(noTx.res.status).toBe(400);
    expect(JSON.parse(noTx.text)).toMatchObject({ status: 'error', code: 'login_failed' });
  });

  it('answers 503 when the provider cannot be reached', async () => {
    const down = Fastify();
    await down.register(cookie, { secret: 'a-test-cookie-secret-of-at-least-32-chars' });
    await down.register(oidcLogin, {
      issuer: `http://127.0.0.1:${await freePort()}`,
      ...CLIENT,
      publicBaseUrl: appUrl,
      resource: AUDIENCE,
      resolveAccount: async () => 'never',
      createSession: async () => ({ id: 'never', expiresAt: new Date() }),
      destroySession: async () => undefined,
    });
    const res = await down.inject({ method: 'GET', url: '/auth/login', headers: { host: new URL(appUrl).host } });
    await down.close();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'error', code: 'idp_unavailable' });
  });

  const returnToOf = async (returnTo: string) => {
    const res = await app.inject({
      method: 'GET',
      url: `/auth/login?return_to=${encodeURIComponent(returnTo)}`,
      headers: { host: new URL(appUrl).host },
    });
    const raw = res.cookies.find((c) => c.name === 'registry_oidc_tx')?.value ?? '';
    return JSON.parse(Buffer.from(app.unsignCookie(raw).value ?? '', 'base64url').toString()).returnTo;
  };

  it('only returns to same-site paths of printable ASCII', async () => {
    expect(await returnToOf('//evil.example/x')).toBe('/');
    expect(await returnToOf('/\\evil.example')).toBe('/');
    // A control or non-Latin-1 character cannot go into a Location header (ERR_INVALID_CHAR).
    for (const bad of ['/a\u0001b', '/caf\u00e9', '/\u4e2d\u6587', '/a\nb', '/a b'])
      expect(await returnToOf(bad)).toBe('/');
    expect(await returnToOf('/dashboard?tab=keys&x=%C3%A9')).toBe('/dashboard?tab=keys&x=%C3%A9');
  });

  it('completes sign-in with a hostile return_to: no 500, no stray session, back home', async () => {
    const before = resolved.length;
    const go = browser();
    const start = await go(`${appUrl}/auth/login?return_to=${encodeURIComponent('/\u4e2d\u0007')}`);
    const toLogin = await go(start.location);
    const submitted = await go(`${idp.issuer}${toLogin.location}/login`, { username: 'zoe' });
    const resumed = await go(new URL(submitted.location, idp.issuer).href);
    const done = await go(resumed.location);
    expect(done.res.status).toBe(302);
    expect(done.location).toBe('/');
    expect(resolved.length).toBe(before + 1);
  });

  it('starts sign-in on the public address when reached on another host', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/auth/login?return_to=/keys',
      headers: { host: 'localhost:9' },
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`${appUrl}/auth/login?return_to=/keys`);
    expect(res.cookies.find((c) => c.name === 'registry_oidc_tx')).toBeUndefined();
  });
});
