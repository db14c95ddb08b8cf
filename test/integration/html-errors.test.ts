import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { createListing } from '../helpers/fixtures.ts';
import { humanWithSession } from '../helpers/identities.ts';
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
  }, 60_000);
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
