import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { AddressInfo } from 'node:net';
import { declaredRoutes } from '../../src/server/declared.ts';
import { buildTestApp, holdSlot, type TestApp } from '../helpers/app.ts';
import { createListing } from '../helpers/fixtures.ts';
import { humanWithSession, provision } from '../helpers/identities.ts';
import { startTestOidc } from '../helpers/oidc.ts';

const BROWSER = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

// Issue 25 item 2: a request refused before its handler on a page route (its 200 is text/html) is
// answered to a browser as a page with the refusal's status, code and message, never a 500 from a
// serializer that expected the page; any other client gets the documented JSON error body.
describe('errors of page routes', () => {
  let t: TestApp;
  let idp: Awaited<ReturnType<typeof startTestOidc>>;
  let listed: string;
  let session: string;

  beforeAll(async () => {
    idp = await startTestOidc();
    t = await buildTestApp({ OIDC_ISSUER: idp.issuer });
    listed = (await createListing(t.db.orm, { priceGems: 100 })).name;
    session = (await humanWithSession(t.app, t.db.orm, 'html-errors', idp.issuer)).cookie;
  });
  afterAll(async () => {
    await t?.close();
    await idp?.stop();
  });

  const form = (body: Record<string, string>): InjectOptions => ({
    method: 'POST',
    url: `/checkout/${listed}`,
    headers: {
      ...BROWSER,
      cookie: session,
      'content-type': 'application/x-www-form-urlencoded',
      'sec-fetch-site': 'same-origin',
      origin: 'https://registry.test',
    },
    payload: new URLSearchParams(body).toString(),
  });
  const page = (res: LightMyRequestResponse) => ({
    status: res.statusCode,
    type: res.headers['content-type'],
    code: /id="code">([^<]+)</.exec(res.body)?.[1],
    message: /id="message">([^<]+)</.exec(res.body)?.[1] ?? '',
  });

  it.each<[string, () => InjectOptions, number, string, string]>([
    [
      'checkout page, a query too long',
      () => ({ method: 'GET', url: `/checkout/${listed}?affiliate_id=${'x'.repeat(129)}`, headers: BROWSER }),
      400,
      'validation_failed',
      'affiliate_id',
    ],
    [
      'checkout page, a NUL in the query',
      () => ({ method: 'GET', url: `/checkout/${listed}?affiliate_id=a%00b`, headers: BROWSER }),
      400,
      'invalid_request',
      'U+0000',
    ],
    [
      'checkout form, a field too long',
      () => form({ csrf_token: 'x'.repeat(129) }),
      400,
      'validation_failed',
      'csrf_token',
    ],
    ['checkout form, a NUL in a field', () => form({ affiliate_id: 'a\u0000b' }), 400, 'invalid_request', 'U+0000'],
    [
      'checkout form, a body that is no form',
      () => ({ ...form({}), headers: { ...form({}).headers, 'content-type': 'application/xml' }, payload: '<a/>' }),
      415,
      'unsupported_media_type',
      'Unsupported Media Type',
    ],
    [
      'namespace page, a name too long',
      () => ({ method: 'GET', url: `/tld/${'x'.repeat(65)}`, headers: BROWSER }),
      400,
      'validation_failed',
      'tld_name',
    ],
    [
      'namespace page, a NUL in the name',
      () => ({ method: 'GET', url: '/tld/a%00b', headers: BROWSER }),
      400,
      'invalid_request',
      'U+0000',
    ],
    [
      'namespace page, no such namespace',
      () => ({ method: 'GET', url: '/tld/nosuchspace', headers: BROWSER }),
      404,
      'namespace_not_found',
      'nosuchspace',
    ],
  ])('%s: a page with the status, code and message', async (_what, request, status, code, says) => {
    const res = await t.app.inject(request());
    const p = page(res);
    expect([p.status, p.type, p.code]).toEqual([status, 'text/html; charset=utf-8', code]);
    expect(p.message).toContain(says);
    expect(res.body).not.toContain('"status":"error"');
  });

  it('answers the same refusals to a client that does not ask for HTML as the JSON error body', async () => {
    for (const url of [`/checkout/${listed}?affiliate_id=a%00b`, `/tld/${'x'.repeat(65)}`, '/tld/nosuchspace']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.json()).toMatchObject({ status: 'error', code: expect.any(String), message: expect.any(String) });
    }
  });

  // A person's browser lands on the sign-in routes (the identity provider sends it back to the callback):
  // a refusal there, before the handler or in it, is a page with its 4xx; other clients get the JSON body.
  it('answers a bad sign-in request with a 4xx page for a browser and the error body otherwise, not a 500', async () => {
    for (const url of [
      `/auth/login?return_to=${'x'.repeat(2049)}`,
      '/auth/login?return_to=a%00b',
      '/auth/callback?state=a%00b',
      '/auth/callback?code=c&state=s',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { ...BROWSER, host: 'registry.test' } });
      expect([res.statusCode, res.headers['content-type']]).toEqual([400, 'text/html; charset=utf-8']);
      expect(res.body).toMatch(/<code id="code">(invalid_request|validation_failed|login_failed)<\/code>/);
      const api = await t.app.inject({ method: 'GET', url, headers: { host: 'registry.test' } });
      expect([api.statusCode, api.headers['content-type']]).toEqual([400, 'application/json; charset=utf-8']);
      expect(api.json().message).toEqual(expect.any(String));
    }
  });
});

// Issue 38 item 4: Schemathesis, with an API key, saw GET and POST /checkout/{domain} answer 500
// (`expected string, received object`) after a run of 429s: the rate limiter threw a plain object, the
// checkout's own error handler threw it on, and Fastify sent it as the answer with the page's serializer.
// Every refusal a page route can produce, on every page route the app has, is a page with its status to
// a browser and the JSON error body to another client: the rate limit, a credential refused, invalid
// input, a name that is not there, and overload.
describe('every refusal on every page route', () => {
  let t: TestApp;
  let busy: TestApp;
  let busyBase: string;
  let idp: Awaited<ReturnType<typeof startTestOidc>>;
  let session: string;
  let agentKey: string;
  const IP_MAX = 4;
  const WINDOW_SECONDS = 600;
  let nextIp = 0;
  /** A client address of its own, so that only the rate-limit case meets the limit. */
  const freshIp = () => `10.38.${Math.floor(++nextIp / 250)}.${(nextIp % 250) + 1}`;

  beforeAll(async () => {
    idp = await startTestOidc();
    t = await buildTestApp({
      OIDC_ISSUER: idp.issuer,
      RATE_LIMIT_IP_MAX: String(IP_MAX),
      RATE_LIMIT_WINDOW_SECONDS: String(WINDOW_SECONDS),
    });
    busy = await buildTestApp({ OIDC_ISSUER: idp.issuer, MAX_IN_FLIGHT: '1' });
    await busy.app.listen({ host: '127.0.0.1', port: 0 });
    busyBase = `http://127.0.0.1:${(busy.app.server.address() as AddressInfo).port}`;
    session = (await humanWithSession(t.app, t.db.orm, 'every-page', idp.issuer)).cookie;
    agentKey = (await provision(t.app)).api_key;
  });
  afterAll(async () => {
    await t?.close();
    await busy?.close();
    await idp?.stop();
  });

  // A value for each path parameter a page route has that names nothing there. A page route with a
  // parameter not named here fails the test: say what names nothing for it.
  const nothing: Record<string, string> = {
    domain: 'nobody-here.agent',
    domain_name: 'nobody-here.agent',
    tld_name: 'nosuchspace',
    agent_id: '00000000-0000-4000-8000-000000000038',
    subscription_id: '00000000-0000-4000-8000-000000000038',
    token: 'no-such-invitation-token-0000000000000',
  };
  const pathOf = (url: string) =>
    url.replace(/:(\w+)/g, (_m, p: string) => {
      const v = nothing[p];
      if (!v) throw new Error(`no value naming nothing for :${p} (page route ${url})`);
      return encodeURIComponent(v);
    });
  const accessOf = (method: string, url: string) =>
    declaredRoutes.find((r) => r.method === method && r.url === url)?.config.access ?? [];
  const routes = () => t.app.pageRoutes.map((r) => ({ ...r, path: pathOf(r.url), access: accessOf(r.method, r.url) }));
  const send = (
    app: TestApp['app'],
    r: { method: string; path: string },
    headers: Record<string, string>,
    o: { query?: string; ip?: string; payload?: string } = {},
  ) =>
    app.inject({
      method: r.method as 'GET' | 'POST',
      url: `${r.path}${o.query ?? ''}`,
      remoteAddress: o.ip ?? freshIp(),
      headers: {
        ...(r.method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...headers,
      },
      ...(r.method === 'POST' ? { payload: o.payload ?? 'action=none' } : {}),
    });
  const expectPage = (res: LightMyRequestResponse, status: number, code: string) => {
    const p = page(res);
    expect([res.statusCode, p.type, p.code]).toEqual([status, 'text/html; charset=utf-8', code]);
    expect(p.message.length).toBeGreaterThan(0);
  };
  const expectJson = (res: LightMyRequestResponse, status: number, code: string) => {
    expect([res.statusCode, res.headers['content-type']]).toEqual([status, 'application/json; charset=utf-8']);
    expect(res.json()).toMatchObject({ status: 'error', code, message: expect.any(String) });
  };
  const page = (res: LightMyRequestResponse) => ({
    type: res.headers['content-type'],
    code: /id="code">([^<]+)</.exec(res.body)?.[1],
    message: /id="message">([^<]+)</.exec(res.body)?.[1] ?? /<p[^>]*>([^<]+)<\/p>/.exec(res.body)?.[1] ?? '',
  });

  it('knows the page routes: the checkout, the namespace pages, sign-in and the dashboard', () => {
    const keys = t.app.pageRoutes.map((r) => `${r.method} ${r.url}`);
    expect(keys).toEqual(
      expect.arrayContaining([
        'GET /',
        'GET /checkout/:domain',
        'POST /checkout/:domain',
        'GET /tld/:tld_name',
        'GET /auth/login',
        'GET /auth/callback',
        'GET /dashboard',
        'POST /dashboard/keys',
        'GET /dashboard/approvals',
      ]),
    );
  });

  it('rate limited: a 429 page to a browser, the 429 body to an API client with a key (never a 500)', async () => {
    for (const r of routes()) {
      const ip = freshIp();
      for (let i = 0; i < IP_MAX; i++) await send(t.app, r, { ...BROWSER, cookie: session }, { ip });
      const limited = await send(t.app, r, { ...BROWSER, cookie: session }, { ip });
      expectPage(limited, 429, 'rate_limited');
      expect(limited.headers['retry-after']).toEqual(expect.any(String));
      // What Schemathesis sent: an API key, no Accept, past the limit.
      const api = await send(t.app, r, { 'x-api-key': agentKey }, { ip });
      expectJson(api, 429, 'rate_limited');
      // The limit is said with its window, and the wait apart (issue 51: not "4 requests per 22 seconds").
      expect(api.json().message).toMatch(
        new RegExp(`^Rate limit exceeded: ${IP_MAX} requests per ${WINDOW_SECONDS} s\\. Retry after \\d+ s\\.$`),
      );
    }
  });

  it('credential refused or invalid: a 403 or 401 page on every page route that checks credentials', async () => {
    for (const r of routes().filter((x) => x.access.length > 0)) {
      expectPage(await send(t.app, r, { ...BROWSER, 'x-api-key': agentKey }), 403, 'credential_not_accepted');
      expectJson(await send(t.app, r, { 'x-api-key': agentKey }), 403, 'credential_not_accepted');
      expectPage(await send(t.app, r, { ...BROWSER, 'x-api-key': 'agk_nope' }), 401, 'invalid_credential');
      expectJson(await send(t.app, r, { 'x-api-key': 'agk_nope' }), 401, 'invalid_credential');
    }
  });

  it('invalid input: a 400 page for a NUL in the query, a 415 page for a post that is no form', async () => {
    for (const r of routes()) {
      expectPage(await send(t.app, r, { ...BROWSER, cookie: session }, { query: '?x=a%00b' }), 400, 'invalid_request');
      expectJson(await send(t.app, r, { cookie: session }, { query: '?x=a%00b' }), 400, 'invalid_request');
    }
    for (const r of routes().filter((x) => x.method === 'POST')) {
      const xml = { ...BROWSER, cookie: session, 'content-type': 'application/xml', 'sec-fetch-site': 'same-origin' };
      expectPage(await send(t.app, r, xml, { payload: '<a/>' }), 415, 'unsupported_media_type');
    }
  });

  it('not found: a 404 page for a path naming nothing, on every page route with a parameter', async () => {
    const named = routes().filter((r) => r.method === 'GET' && r.url.includes(':'));
    expect(named.length).toBeGreaterThanOrEqual(3);
    for (const r of named) {
      const res = await send(t.app, r, { ...BROWSER, cookie: session });
      expect([r.url, res.statusCode, page(res).type]).toEqual([r.url, 404, 'text/html; charset=utf-8']);
      const api = await send(t.app, r, { cookie: session });
      expect([r.url, api.statusCode, api.headers['content-type']]).toEqual([
        r.url,
        404,
        'application/json; charset=utf-8',
      ]);
    }
  });

  it('overloaded: a 503 page with Retry-After on every page route while the only slot is held', async () => {
    // A post whose body is only half sent holds the one slot until the rest arrives (as overload.test.ts).
    const held = await holdSlot(busyBase);
    try {
      for (const r of routes()) {
        const url = `${busyBase}${r.path}`;
        const init = r.method === 'POST' ? { method: 'POST', body: 'action=none' } : {};
        const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...BROWSER } });
        const html = await res.text();
        expect([r.url, res.status, res.headers.get('content-type'), res.headers.get('retry-after')]).toEqual([
          r.url,
          503,
          'text/html; charset=utf-8',
          '1',
        ]);
        expect(html).toContain('<code id="code">overloaded</code>');
        const api = await fetch(url, { ...init, redirect: 'manual' });
        expect([api.status, await api.json()]).toEqual([503, expect.objectContaining({ code: 'overloaded' })]);
      }
    } finally {
      held.release();
    }
  });
});
