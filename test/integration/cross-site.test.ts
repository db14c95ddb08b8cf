import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { declaredRoutes } from '../../src/server/declared.ts';
import { SESSION_COOKIE } from '../../src/http/session-cookie.ts';
import { grantGems } from '../../src/ledger/gems.ts';
import { registerDomain } from '../helpers/app.ts';
import { launchChromium } from '../helpers/chromium.ts';
import { buildDashboardApp, type dashboardBrowser, type DashboardTestApp } from '../helpers/dashboard.ts';
import { randomLabel } from '../helpers/fixtures.ts';
import { humanWithSession, provision } from '../helpers/identities.ts';

// Issue 38 item 9: a page on another port of the same host auto-submitted a text/plain form to
// POST /api/v1/approvals/{id}/approve; Chromium sent the session cookie (same site) and the approval went
// through. The rule (src/http/cross-site.ts, docs/api.md "Browser sessions and other origins"): a request
// that may change state and is authenticated by the session cookie must come from our own origin
// (Sec-Fetch-Site same-origin, or without it Origin ours), whatever its content type; a key or a bearer
// token is not affected; a request with neither header is no browser's and passes.
describe('a browser session from another origin', () => {
  let t: DashboardTestApp;
  let cookie: string;
  let person: ReturnType<typeof dashboardBrowser>;
  let agent: Awaited<ReturnType<typeof provision>>;
  const SUBJECT = 'cross-site-alice';

  beforeAll(async () => {
    // Each case opens a purchase that waits for approval, and a waiting purchase holds an open checkout.
    t = await buildDashboardApp({ CHECKOUT_MAX_OPEN: '20' });
    ({ cookie, browser: person } = await t.signIn(SUBJECT));
    agent = await provision(t.app);
    const claimed = await person.submit('/dashboard/agents', 'claim_agent', { claim_code: agent.claim_code });
    expect(claimed.statusCode).toBe(200);
    // A program holding the cookie (no Origin, no Sec-Fetch-Site) is no web page: it passes.
    const mandate = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/agents/${agent.account_id}/mandate`,
      headers: { cookie },
      payload: { approval_above: { gems: 100 } },
    });
    expect(mandate.statusCode).toBe(200);
    await grantGems(t.db.orm.em.fork(), { accountId: agent.account_id, amount: 100_000, reference: randomLabel('g') });
  });
  afterAll(() => t?.close());

  /** A purchase of the agent's waiting for the person's approval. */
  async function waitingApproval(): Promise<string> {
    const res = await registerDomain(t.app, randomLabel('x'), {
      headers: { 'x-api-key': agent.api_key },
      method: 'gems',
    });
    expect(res.statusCode).toBe(202);
    return res.json<{ approval_id: string }>().approval_id;
  }
  const statusOf = async (id: string) =>
    (
      await t.app.inject({ method: 'GET', url: `/api/v1/approvals/${id}`, headers: { 'x-api-key': agent.api_key } })
    ).json<{ approval: { status: string } }>().approval.status;

  const FOREIGN = 'http://127.0.0.1:8081';
  const approve = (id: string, headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/approvals/${id}/approve`,
      headers: { 'content-type': 'text/plain', ...headers },
      payload: '{"x":"=y"}',
    });
  const refusedCrossSite = (res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) => {
    expect([res.statusCode, res.headers['content-type']]).toEqual([403, 'application/json; charset=utf-8']);
    expect(res.json()).toMatchObject({ status: 'error', code: 'forbidden', details: { reason: 'cross_site' } });
  };

  it('refuses the forged text/plain approval, by fetch metadata or by Origin, and approves nothing', async () => {
    const id = await waitingApproval();
    for (const headers of [
      { 'sec-fetch-site': 'same-site', origin: FOREIGN },
      { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      // A same-origin Origin does not outvote the browser's own fetch metadata.
      { 'sec-fetch-site': 'same-site', origin: 'https://registry.test' },
      { origin: FOREIGN },
      { origin: 'null' },
    ] as Record<string, string>[])
      refusedCrossSite(await approve(id, { cookie, ...headers }));
    expect(await statusOf(id)).toBe('pending');
  });

  it('lets the same request through from our own origin, and from a program that sends neither header', async () => {
    const ours = await waitingApproval();
    expect((await approve(ours, { cookie, 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    expect(await statusOf(ours)).toBe('approved');
    const byOrigin = await waitingApproval();
    expect((await approve(byOrigin, { cookie, origin: 'https://registry.test' })).statusCode).toBe(200);
    const program = await waitingApproval();
    expect((await approve(program, { cookie })).statusCode).toBe(200);
  });

  it('does not touch a request authenticated by a bearer token, even beside the cookie from another origin', async () => {
    const id = await waitingApproval();
    const bearer = `Bearer ${await t.idp.mintAccessToken(SUBJECT, { ttlSeconds: 600 })}`;
    const res = await approve(id, { cookie, authorization: bearer, 'sec-fetch-site': 'cross-site', origin: FOREIGN });
    expect(res.statusCode).toBe(200);
    expect(await statusOf(id)).toBe('approved');
  });

  // Every route that takes the session and may change state, whatever it is: the rule is the access
  // check's, so no route is left out. A page route answers a browser with the refusal as a page.
  const unsafeSessionRoutes = declaredRoutes.filter(
    (r) => r.method !== 'GET' && (r.config.access as readonly string[]).includes('session'),
  );
  it('covers every route that takes the session and may change state (JSON on the API, a page on a page)', async () => {
    expect(unsafeSessionRoutes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        'POST /api/v1/approvals/:approval_id/approve',
        'POST /api/v1/keys',
        'PUT /api/v1/agents/:agent_id/mandate',
        'POST /checkout/:domain',
        'POST /dashboard/keys',
      ]),
    );
    for (const r of unsafeSessionRoutes) {
      const url = r.url.replace(/:(\w+)/g, 'x0000000-0000-4000-8000-000000000009');
      const headers = { cookie, 'content-type': 'text/plain', 'sec-fetch-site': 'same-site', origin: FOREIGN };
      const api = await t.app.inject({ method: r.method, url, headers, payload: 'x' });
      // The command endpoint answers in its own envelope (spec 7); the refusal is the same.
      expect([r.method, r.url, api.statusCode, api.body.includes('another site or origin')]).toEqual([
        r.method,
        r.url,
        403,
        true,
      ]);
      if (!r.url.startsWith('/api/')) {
        const html = await t.app.inject({ method: r.method, url, headers: { ...headers, accept: 'text/html' } });
        expect([r.url, html.statusCode, html.headers['content-type']]).toEqual([
          r.url,
          403,
          'text/html; charset=utf-8',
        ]);
      }
    }
    // The same routes with an agent's key from the same foreign origin meet other rules, never this one.
    for (const r of unsafeSessionRoutes.filter((x) => (x.config.access as readonly string[]).includes('agent_key'))) {
      const url = r.url.replace(/:(\w+)/g, 'x0000000-0000-4000-8000-000000000009');
      const headers = { 'x-api-key': agent.api_key, 'content-type': 'text/plain', 'sec-fetch-site': 'cross-site' };
      const res = await t.app.inject({ method: r.method, url, headers: { ...headers, origin: FOREIGN }, payload: 'x' });
      expect([r.url, res.json().details?.reason]).not.toEqual([r.url, 'cross_site']);
    }
  });

  it('refuses sign-out from another origin (the session stays)', async () => {
    const own = await humanWithSession(t.app, t.db.orm, 'cross-site-bob', t.idp.issuer);
    const out = await t.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { cookie: own.cookie, 'content-type': 'text/plain', 'sec-fetch-site': 'same-site', origin: FOREIGN },
      payload: 'x',
    });
    refusedCrossSite(out);
    const still = await t.app.inject({ method: 'GET', url: '/api/v1/approvals', headers: { cookie: own.cookie } });
    expect(still.statusCode).toBe(200);
  });

  // As the attacker did: a page served on another port of the same host auto-submits the form in Chromium.
  describe('in Chromium, from a page on another port', () => {
    let browser: Browser;
    let attacker: Server;
    let base: string;
    let form = '';

    beforeAll(async () => {
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      attacker = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(form));
      await new Promise<void>((r) => attacker.listen(0, '127.0.0.1', r));
      browser = await launchChromium();
    });
    afterAll(async () => {
      await browser?.close();
      await new Promise((r) => attacker?.close(r));
    });

    it('refuses the auto-submitted text/plain form, and lets our own page approve', async () => {
      const context = await browser.newContext();
      const value = cookie.slice(`${SESSION_COOKIE}=`.length);
      await context.addCookies([{ name: SESSION_COOKIE, value, url: base, httpOnly: true, sameSite: 'Lax' }]);
      const page = await context.newPage();
      const id = await waitingApproval();
      const target = `${base}/api/v1/approvals/${id}/approve`;
      form = `<!doctype html><form id="f" method="POST" enctype="text/plain" action="${target}"><input name='{"a":"' value='"}'></form><script>document.getElementById('f').submit()</script>`;
      const attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`;
      const answered = page.waitForResponse((r) => r.url() === target);
      await page.goto(attackerUrl);
      const res = await answered;
      const sent = await res.request().allHeaders();
      expect(sent.cookie).toContain(SESSION_COOKIE); // the browser did send the session: same site
      expect([sent['sec-fetch-site'], res.status()]).toEqual(['same-site', 403]);
      expect(await res.json()).toMatchObject({ code: 'forbidden', details: { reason: 'cross_site' } });
      expect(await statusOf(id)).toBe('pending');

      // The same approval from a page of our own origin goes through.
      await page.goto(`${base}/`);
      const status = await page.evaluate(
        (url) =>
          fetch(url, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' }).then((r) => r.status),
        target,
      );
      expect(status).toBe(200);
      expect(await statusOf(id)).toBe('approved');
      await context.close();
    });
  });
});
