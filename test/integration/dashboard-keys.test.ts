import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  buildDashboardApp,
  type dashboardBrowser,
  type DashboardTestApp,
  textOf,
  visitWithoutSession,
} from '../helpers/dashboard.ts';
import { humanWithSession } from '../helpers/identities.ts';

// The keys page (issue 27): create a key (secret shown once), see it work over the API, revoke it and
// see it refused; another person's key cannot be revoked from here; a forged or stale form changes nothing.
describe('dashboard: keys', () => {
  let t: DashboardTestApp;
  let alice: ReturnType<typeof dashboardBrowser>;
  let bob: ReturnType<typeof dashboardBrowser>;
  let aliceCookie: string;

  beforeAll(async () => {
    t = await buildDashboardApp();
    ({ cookie: aliceCookie, browser: alice } = await t.signIn('dash-alice'));
    bob = (await t.signIn('dash-bob')).browser;
  });
  afterAll(() => t?.close());

  const whoAmI = (key: string) =>
    t.app.inject({ method: 'GET', url: '/api/v1/agents/me', headers: { 'x-api-key': key } });

  it('sends a visitor without a session to sign in, and back', async () => {
    expect(await visitWithoutSession(t.app, '/dashboard/keys')).toEqual({
      status: 303,
      location: '/auth/login?return_to=%2Fdashboard%2Fkeys',
    });
  });

  it('creates a key shown once, which works over the API until it is revoked here', async () => {
    const empty = await alice.get('/dashboard/keys');
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toContain('No keys yet');

    const created = await alice.submit('/dashboard/keys', 'create_key', { name: 'ci <b>', key_class: 'live' });
    expect(created.statusCode).toBe(200);
    const secret = textOf(created.body, { id: 'revealed-secret' }) ?? '';
    expect(secret).toMatch(/^rk_live_/);
    // Escaped, never markup.
    expect(created.body).toContain('ci &lt;b&gt;');
    expect((await whoAmI(secret)).statusCode).toBe(200);
    // Shown once: the page never shows it again.
    const again = await alice.get('/dashboard/keys');
    expect(again.body).not.toContain(secret);

    const keyId = /rk_live_([^_]+)_/.exec(secret)?.[1] ?? '';
    // Another person cannot revoke it: the API answers as if it did not exist, and nothing changes.
    const bobsForm = bob.formOf((await bob.get('/dashboard/keys')).body, 'create_key');
    const theirs = await bob.post('/dashboard/keys', { ...bobsForm, action: 'revoke_key', target: keyId });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).toContain('You have no API key with that id.');
    expect((await whoAmI(secret)).statusCode).toBe(200);

    const revoked = await alice.submit('/dashboard/keys', 'revoke_key', {}, { target: keyId });
    expect(revoked.statusCode).toBe(200);
    expect(textOf(revoked.body, { cls: 'notice' })).toContain('revoked');
    expect((await whoAmI(secret)).statusCode).toBe(401);
  });

  it('takes a same-origin form as Chromium sends it under no-referrer: Sec-Fetch-Site same-origin, Origin null', async () => {
    const hidden = alice.formOf((await alice.get('/dashboard/keys')).body, 'create_key');
    const res = await t.app.inject({
      method: 'POST',
      url: '/dashboard/keys',
      headers: {
        accept: 'text/html',
        cookie: aliceCookie,
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'same-origin',
        origin: 'null',
      },
      payload: new URLSearchParams({ ...hidden, name: 'from chromium', key_class: 'agent' }).toString(),
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/dashboard/keys');
  });

  /** Alice's keys as the API lists them. */
  const keysOf = async (cookie: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/keys', headers: { cookie } })).json<{
      data: { key_id: string; name: string | null }[];
    }>().data;

  // Issue 38 item 14: reloading "Key created" made a second key.
  it('answers a created key with a redirect, shows its secret once, and acts once however often the form is sent', async () => {
    const before = (await keysOf(aliceCookie)).length;
    const hidden = alice.formOf((await alice.get('/dashboard/keys')).body, 'create_key');
    const form = { ...hidden, name: 'sent twice', key_class: 'agent' };
    const first = await alice.post('/dashboard/keys', form);
    // Post/redirect/get: the browser lands on the page by a GET; the secret is never in the address.
    expect(first.redirected?.statusCode).toBe(303);
    expect(first.redirected?.headers.location).toBe('/dashboard/keys');
    expect(first.statusCode).toBe(200);
    const secret = textOf(first.body, { id: 'revealed-secret' }) ?? '';
    expect(secret).toMatch(/^rk_agent_/);
    expect(textOf(first.body, { cls: 'notice' })).toContain('created');
    expect(JSON.stringify(first.redirected?.headers)).not.toContain(secret);
    // Reloading the page it landed on asks for the page again: no secret, no second key.
    const reloaded = await alice.get('/dashboard/keys');
    expect(reloaded.body).not.toContain(secret);
    expect(reloaded.body).not.toContain('id="revealed-secret"');
    expect(await keysOf(aliceCookie)).toHaveLength(before + 1);
    // The same form sent again (a double click, the browser re-sending the POST): the same key, not a
    // second; its secret, stored nowhere, is not shown again, and the page says what to do if it was lost.
    const again = await alice.post('/dashboard/keys', form);
    expect(again.redirected?.statusCode).toBe(303);
    expect(again.body).not.toContain('id="revealed-secret"');
    expect(textOf(again.body, { cls: 'notice' })).toContain('already created');
    expect(await keysOf(aliceCookie)).toHaveLength(before + 1);
    // Both at once: still one key.
    const twin = {
      ...alice.formOf((await alice.get('/dashboard/keys')).body, 'create_key'),
      name: 'twin',
      key_class: 'agent',
    };
    const both = await Promise.all([alice.post('/dashboard/keys', twin), alice.post('/dashboard/keys', twin)]);
    expect(both.map((r) => r.redirected?.statusCode)).toEqual([303, 303]);
    expect((await keysOf(aliceCookie)).filter((k) => k.name === 'twin')).toHaveLength(1);
  });

  it('shows the flash of a created key to its own session only, on its own page only', async () => {
    const form = {
      ...alice.formOf((await alice.get('/dashboard/keys')).body, 'create_key'),
      name: 'flash',
      key_class: 'agent',
    };
    const sent = await alice.postOnly('/dashboard/keys', form);
    expect(sent.statusCode).toBe(303);
    const flash = [sent.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('registry_dashboard_flash='));
    expect(flash).toMatch(/HttpOnly/i);
    const pair = (flash ?? '').split(';')[0] ?? '';
    // Another session presenting it (a copied cookie) sees nothing.
    const bobCookie = (await humanWithSession(t.app, t.db.orm, 'dash-bob', t.idp.issuer)).cookie;
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: '/dashboard/keys',
      headers: { accept: 'text/html', cookie: `${bobCookie}; ${pair}` },
    });
    expect(elsewhere.body).not.toContain('id="revealed-secret"');
    // On another page of the same session it waits, untouched, for its own.
    const other = await t.app.inject({
      method: 'GET',
      url: '/dashboard/activity',
      headers: { accept: 'text/html', cookie: `${aliceCookie}; ${pair}` },
    });
    expect(other.body).not.toContain('id="revealed-secret"');
    expect(String(other.headers['set-cookie'] ?? '')).not.toContain('registry_dashboard_flash');
    const own = await t.app.inject({
      method: 'GET',
      url: '/dashboard/keys',
      headers: { accept: 'text/html', cookie: `${aliceCookie}; ${pair}` },
    });
    expect(own.body).toContain('id="revealed-secret"');
    // Taken: the page clears it.
    expect(String(own.headers['set-cookie'] ?? '')).toMatch(/registry_dashboard_flash=;/);
  });

  // Issue 38 item 14: POST /api/v1/keys with the same Idempotency-Key twice made two keys.
  it('creates one key for one Idempotency-Key over the API, replaying the first answer', async () => {
    const before = (await keysOf(aliceCookie)).length;
    const create = (key: string, name: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/keys',
        headers: { cookie: aliceCookie, 'idempotency-key': key },
        payload: { key_class: 'agent', name },
      });
    const key = crypto.randomUUID();
    const first = await create(key, 'idem');
    const second = await create(key, 'idem');
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().key.key_id).toBe(first.json().key.key_id);
    // The secret is shown once and stored nowhere in plain text, not even with the kept answer.
    expect(first.json().api_key).toMatch(/^rk_agent_/);
    expect(second.json().api_key).toBeNull();
    const kept = await t.db.orm.em
      .fork()
      .getConnection()
      .execute<{ n: string }[]>('select count(*)::text as n from idempotency_key where body like ?', [
        `%${first.json().api_key as string}%`,
      ]);
    expect(kept).toEqual([{ n: '0' }]);
    expect(await keysOf(aliceCookie)).toHaveLength(before + 1);
    // The same key with another request is refused, and makes nothing.
    const other = await create(key, 'another');
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('idempotency_key_reused');
    expect(await keysOf(aliceCookie)).toHaveLength(before + 1);
  });

  it('refuses a form without this session’s token, or from another site, and changes nothing', async () => {
    const page = await alice.get('/dashboard/keys');
    const hidden = alice.formOf(page.body, 'create_key');
    const before = (await alice.get('/dashboard/keys')).body.match(/<tr>/g)?.length ?? 0;
    const bobsToken = bob.formOf((await bob.get('/dashboard/keys')).body, 'create_key').csrf_token ?? '';
    const stale = await alice.post('/dashboard/keys', {
      ...hidden,
      csrf_token: bobsToken,
      name: 'x',
      key_class: 'live',
    });
    expect(stale.statusCode).toBe(403);
    expect(stale.headers['content-type']).toContain('text/html');
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/dashboard/keys',
      headers: {
        accept: 'text/html',
        cookie: (await humanWithSession(t.app, t.db.orm, 'dash-alice', t.idp.issuer)).cookie,
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'cross-site',
      },
      payload: new URLSearchParams({ ...hidden, name: 'x', key_class: 'live' }).toString(),
    });
    expect(crossSite.statusCode).toBe(403);
    expect((await alice.get('/dashboard/keys')).body.match(/<tr>/g)?.length ?? 0).toBe(before);
  });

  // Issue 38 item 13: the hash was of the script without the whitespace the page served around it, so
  // Chromium blocked it and the Copy button of a new secret did nothing.
  it('serves the copy script byte for byte as the CSP hash admits it', async () => {
    const page = await alice.get('/dashboard/keys');
    const scripts = [...page.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toContain('data-copy');
    const { createHash } = await import('node:crypto');
    const hash = `'sha256-${createHash('sha256')
      .update(scripts[0] ?? '')
      .digest('base64')}'`;
    expect(String(page.headers['content-security-policy'])).toContain(hash);
  });

  // Issue 38 items 16 and 18: the account id is on every page; a dashboard address that is no page is a page.
  it('names the signed-in account on every page, and answers an unknown dashboard address with an HTML 404', async () => {
    const { accountId } = await humanWithSession(t.app, t.db.orm, 'dash-alice', t.idp.issuer);
    const page = await alice.get('/dashboard/keys');
    expect(textOf(page.body, { id: 'account-id' })).toBe(accountId);
    const missing = await alice.get('/dashboard/no-such-page');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('text/html');
    expect(missing.body).toContain('There is no dashboard page at /dashboard/no-such-page');
    expect(missing.body).not.toContain('"status":"error"');
    // An API client asking the same address still reads JSON.
    const json = await t.app.inject({
      method: 'GET',
      url: '/dashboard/no-such-page',
      headers: { accept: 'application/json' },
    });
    expect(json.statusCode).toBe(404);
    expect(json.json()).toMatchObject({ code: 'route_not_found' });
  });

  // Issue 38 item 13: "Sign out" left the browser on {"status":"success"}.
  it('signs a browser out onto the home page, and answers an API client in JSON', async () => {
    const session = await humanWithSession(t.app, t.db.orm, 'dash-leaving', t.idp.issuer);
    const out = await t.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: {
        accept: 'text/html,application/xhtml+xml',
        cookie: session.cookie,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: '',
    });
    expect(out.statusCode).toBe(302);
    expect(out.headers.location).toBe('/');
    expect(String(out.headers['set-cookie'])).toMatch(/registry_session=;/);
    const after = await t.app.inject({
      method: 'GET',
      url: '/dashboard/keys',
      headers: { accept: 'text/html', cookie: session.cookie },
    });
    expect(after.statusCode).toBe(303);
    const other = await humanWithSession(t.app, t.db.orm, 'dash-leaving-api', t.idp.issuer);
    const api = await t.app.inject({ method: 'POST', url: '/auth/logout', headers: { cookie: other.cookie } });
    expect(api.statusCode).toBe(200);
    expect(api.json()).toEqual({ status: 'success' });
  });

  it('shows a refusal beside its form, keeps what was typed, and creates nothing', async () => {
    const res = await alice.submit('/dashboard/keys', 'create_key', { name: 'n'.repeat(81), key_class: 'agent' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('class="error" role="alert"');
    expect(res.body).toContain(`value="${'n'.repeat(81)}"`);
    expect(res.body).not.toContain('id="revealed-secret"');
  });
});
