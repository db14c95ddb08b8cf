import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { humanWithSession, provision } from '../helpers/identities.ts';
import { createDomain, randomLabel } from '../helpers/fixtures.ts';
import { destroySession } from '../../src/auth/accounts.ts';

describe('identities and keys', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/v1/agents/me', headers });

  it('provisions an anonymous agent whose key works at once and is stored only as a hash', async () => {
    const p = await provision(t.app);
    expect(p.api_key).toMatch(/^rk_agent_[a-z0-9]{16}_[A-Za-z0-9_-]{43}$/);
    expect(p.claim_code).toMatch(/^claim-[a-z0-9]{26}$/);
    const res = await me({ 'x-api-key': p.api_key });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'success',
      account: { account_id: p.account_id, kind: 'agent', assurance: 'anonymous', operator_linked: false },
      credential: { class: 'agent_key' },
    });
    expect(res.body).not.toContain(p.api_key);
    expect(res.json().notice).toMatch(/does not certify a legal identity/);
    expect(res.json()).not.toHaveProperty('scopes');
    // Nowhere in the database does the secret or the claim code appear in clear.
    const dump = JSON.stringify(
      await t.db.orm.em
        .getConnection()
        .execute(
          `select row_to_json(k)::text as r from api_key k union all select row_to_json(c)::text from claim_code c`,
        ),
    );
    // The secret is what follows `rk_agent_<id>_` (it may itself contain `_`, being base64url).
    const secret = p.api_key.replace(/^rk_agent_[a-z0-9]+_/, '');
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(dump).not.toContain(secret);
    expect(dump).not.toContain(p.claim_code);
  });

  it('refuses a malformed or unknown key with 401 and a challenge', async () => {
    for (const key of ['nope', `rk_agent_${'a'.repeat(16)}_${'b'.repeat(43)}`]) {
      const res = await me({ 'x-api-key': key });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ status: 'error', code: 'invalid_credential' });
      expect(res.headers['www-authenticate']).toContain('Bearer');
    }
  });

  it('lets a signed-in operator claim an agent once; the lookup then shows the operator link', async () => {
    const p = await provision(t.app);
    const alice = await humanWithSession(t.app, t.db.orm, randomLabel('alice'));
    const label = randomLabel('claimed');
    await createDomain(t.db.orm, { label, namespace: 'agent', owner: { id: p.account_id } as never });
    const before = await t.app.inject({ method: 'GET', url: `/api/v1/lookup/${label}.agent` });
    expect(before.json().identity.human_backed).toBe(false);

    const claim = (code: string, cookie = alice.cookie) =>
      t.app.inject({ method: 'POST', url: '/api/v1/agents/claim', payload: { claim_code: code }, headers: { cookie } });
    expect((await claim('claim-wrongwrongwrongwrongwrongww')).json()).toMatchObject({ code: 'invalid_claim_code' });
    expect((await me({ 'x-api-key': p.api_key })).json().account).toMatchObject({
      assurance: 'anonymous',
      operator_linked: false,
    });
    const ok = await claim(p.claim_code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().agent).toMatchObject({ account_id: p.account_id, assurance: 'claimed', operator_linked: true });

    const bob = await humanWithSession(t.app, t.db.orm, randomLabel('bob'));
    const again = await claim(p.claim_code, bob.cookie);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ status: 'error', code: 'invalid_claim_code' });

    expect((await me({ 'x-api-key': p.api_key })).json().account).toMatchObject({
      assurance: 'claimed',
      operator_linked: true,
    });
    const after = await t.app.inject({ method: 'GET', url: `/api/v1/lookup/${label}.agent` });
    expect(after.json().identity.human_backed).toBe(true);
    // The operator now manages the agent's domain; bob, who failed to claim, does not.
    const view = (cookie: string) =>
      t.app.inject({ method: 'GET', url: `/api/v1/domains/${label}.agent`, headers: { cookie } });
    expect((await view(alice.cookie)).statusCode).toBe(200);
    expect((await view(bob.cookie)).statusCode).toBe(403);
  });

  it('does not let an agent claim anything (claiming needs a signed-in operator)', async () => {
    const p = await provision(t.app);
    const q = await provision(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/agents/claim',
      payload: { claim_code: q.claim_code },
      headers: { 'x-api-key': p.api_key },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('credential_not_accepted');
  });

  it('manages keys from the dashboard: create (secret once), list (no secrets), delete (stops at once)', async () => {
    const alice = await humanWithSession(t.app, t.db.orm, randomLabel('alice'));
    const headers = { cookie: alice.cookie };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/keys',
      payload: { key_class: 'live', name: 'ci' },
      headers,
    });
    expect(created.statusCode).toBe(200);
    const { api_key, key } = created.json();
    expect(api_key).toMatch(/^rk_live_/);
    expect(key).toMatchObject({ key_class: 'live', name: 'ci', revoked_at: null, prefix: `rk_live_${key.key_id}_` });

    expect((await me({ 'x-api-key': api_key })).json()).toMatchObject({
      account: { account_id: alice.accountId, kind: 'human' },
      credential: { class: 'live_key' },
    });
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/keys', headers });
    expect(list.json().data.map((k: { key_id: string }) => k.key_id)).toEqual([key.key_id]);
    expect(list.body).not.toContain(api_key);

    const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/keys/${key.key_id}`, headers });
    expect(del.statusCode).toBe(200);
    expect(del.json().key.revoked_at).not.toBeNull();
    expect((await me({ 'x-api-key': api_key })).statusCode).toBe(401);
  });

  it("refuses to delete another account's key and leaves it working", async () => {
    const alice = await humanWithSession(t.app, t.db.orm, randomLabel('alice'));
    const bob = await humanWithSession(t.app, t.db.orm, randomLabel('bob'));
    const { api_key, key } = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/keys',
        payload: { key_class: 'agent' },
        headers: { cookie: alice.cookie },
      })
    ).json();
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/keys/${key.key_id}`,
      headers: { cookie: bob.cookie },
    });
    expect(del.statusCode).toBe(404);
    expect(del.json().code).toBe('key_not_found');
    expect((await me({ 'x-api-key': api_key })).statusCode).toBe(200);
  });

  it('revokes a leaked key through /oauth2/revoke immediately and idempotently, saying nothing about existence', async () => {
    const p = await provision(t.app);
    expect((await me({ 'x-api-key': p.api_key })).statusCode).toBe(200);
    const revoke = (payload: string, contentType: string) =>
      t.app.inject({ method: 'POST', url: '/oauth2/revoke', payload, headers: { 'content-type': contentType } });
    const first = await revoke(
      `token=${encodeURIComponent(p.api_key)}&token_type_hint=access_token`,
      'application/x-www-form-urlencoded',
    );
    expect(first.statusCode).toBe(200);
    expect((await me({ 'x-api-key': p.api_key })).statusCode).toBe(401);
    const second = await revoke(JSON.stringify({ token: p.api_key }), 'application/json');
    const unknown = await revoke(JSON.stringify({ token: 'not-a-token-at-all' }), 'application/json');
    expect([second.statusCode, unknown.statusCode]).toEqual([200, 200]);
    expect(second.body).toBe(first.body);
    expect(unknown.body).toBe(first.body);
    const missing = await revoke(JSON.stringify({}), 'application/json');
    expect(missing.statusCode).toBe(400);
    // An absurdly long token (or hint) is just another unknown token: the same 200.
    const long = await revoke(
      JSON.stringify({ token: 'x'.repeat(4000), token_type_hint: 'y'.repeat(300) }),
      'application/json',
    );
    expect(long.statusCode).toBe(200);
    expect(long.body).toBe(first.body);
  });

  it('accepts a browser session and refuses a tampered or ended one', async () => {
    const alice = await humanWithSession(t.app, t.db.orm, randomLabel('alice'));
    expect((await me({ cookie: alice.cookie })).json()).toMatchObject({ credential: { class: 'session' } });
    expect((await me({ cookie: alice.cookie.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')) })).statusCode).toBe(401);
    await destroySession(t.db.orm.em.fork(), alice.sessionId);
    expect((await me({ cookie: alice.cookie })).statusCode).toBe(401);
  });

  it('keeps the key identity when a payment receipt rides along, and refuses key plus bearer', async () => {
    const p = await provision(t.app);
    const withReceipt = await me({ 'x-api-key': p.api_key, authorization: 'Payment eyJyZWNlaXB0IjoidGVzdCJ9' });
    expect(withReceipt.statusCode).toBe(200);
    expect(withReceipt.json().account.account_id).toBe(p.account_id);
    const both = await me({ 'x-api-key': p.api_key, authorization: 'Bearer some.jwt.token' });
    expect(both.statusCode).toBe(400);
    expect(both.json().code).toBe('ambiguous_credentials');
  });
});

describe('rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ PROVISION_LIMIT_MAX: '3', RATE_LIMIT_MAX: '4', RATE_LIMIT_IP_MAX: '40' });
  });
  afterAll(() => t.close());

  it('limits provisioning per client address, with Retry-After', async () => {
    const from = (ip: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/agents/provision', payload: {}, remoteAddress: ip });
    for (let i = 0; i < 3; i++) expect((await from('10.9.9.1')).statusCode).toBe(200);
    const limited = await from('10.9.9.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ status: 'error', code: 'rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await from('10.9.9.2')).statusCode).toBe(200);
    const count = await t.db.orm.em.getConnection().execute(`select count(*)::int as n from account`);
    expect(count[0]?.n).toBe(4);
  });

  it('limits each credential separately', async () => {
    const a = await provision(t.app);
    const b = await provision(t.app);
    const me = (key: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/v1/agents/me',
        headers: { 'x-api-key': key },
        remoteAddress: '10.9.9.3',
      });
    for (let i = 0; i < 4; i++) {
      const ok = await me(a.api_key);
      expect(ok.statusCode).toBe(200);
      // The credential's bucket (4) binds before the address's (40), so the headers describe it.
      expect(ok.headers).toMatchObject({ 'x-ratelimit-limit': '4', 'x-ratelimit-remaining': String(3 - i) });
    }
    const limited = await me(a.api_key);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.headers).toMatchObject({ 'x-ratelimit-limit': '4', 'x-ratelimit-remaining': '0' });
    expect(Number(limited.headers['x-ratelimit-reset'])).toBeGreaterThan(0);
    expect((await me(b.api_key)).statusCode).toBe(200);
  });

  it('reports the address bucket on public routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/namespaces', remoteAddress: '10.9.9.5' });
    expect(res.headers).toMatchObject({ 'x-ratelimit-limit': '40', 'x-ratelimit-remaining': '39' });
  });

  it('limits each address on every route', async () => {
    const get = () => t.app.inject({ method: 'GET', url: '/api/v1/namespaces', remoteAddress: '10.9.9.4' });
    const codes: number[] = [];
    for (let i = 0; i < 41; i++) codes.push((await get()).statusCode);
    expect(codes.slice(0, 40).every((c) => c === 200)).toBe(true);
    expect(codes[40]).toBe(429);
  });
});
