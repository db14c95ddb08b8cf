import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Domain } from '../../src/db/entities/index.ts';
import { grantGems } from '../../src/ledger/gems.ts';
import { buildTestApp, registerDomain, registered, testTemporalAddress, type TestApp } from '../helpers/app.ts';
import { randomLabel } from '../helpers/fixtures.ts';
import { eventually } from '../helpers/hosted-checkout.ts';
import { provision } from '../helpers/identities.ts';
import { startRegistryStack, type RegistryStack } from '../helpers/registry-stack.ts';
import { waitFor } from '../helpers/wait.ts';

// The read cache is never wrong (docs/performance.md "The read cache"): two API processes over one
// database, each with its own cache and subscription; a committed registration, profile change,
// renewal, transfer and expiry — made through one API or by the worker — shows in the very next
// lookup on both, although both had the name cached.
describe('the lookup read cache across two API processes', () => {
  let s: RegistryStack;
  let b: TestApp;
  let key: Record<string, string>;
  let accountId: string;

  const apps = () => [s.t, b];
  const lookup = async (t: TestApp, name: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/lookup/${name}` });
    return { status: res.statusCode, body: res.statusCode === 200 ? res.json() : null };
  };
  /** Both processes answer from their cache now (a read fills it; the second read is a hit). */
  async function cachedOnBoth(name: string) {
    for (const t of apps()) {
      await lookup(t, name);
      expect(t.app.publicCache.get(name, 'lookup')).toMatchObject({ etag: expect.any(String) });
    }
  }
  const post = (url: string, payload: unknown) =>
    s.t.app.inject({ method: 'POST', url, headers: key, payload: payload as string });

  beforeAll(async () => {
    s = await startRegistryStack({ GRACE_PERIOD_DAYS: '30' });
    b = await buildTestApp(
      { TEMPORAL_TASK_QUEUE: s.taskQueue, PUBLIC_BASE_URL: s.t.config.publicBaseUrl },
      testTemporalAddress(),
      { db: s.t.db },
    );
    const agent = await provision(s.t.app);
    key = { 'x-api-key': agent.api_key };
    accountId = agent.account_id;
    await grantGems(s.t.db.em(), { accountId, amount: 50_000, reference: `g:${randomLabel()}` });
  });
  afterAll(async () => {
    await b?.close();
    await s?.stop();
  });

  it('shows a registration made through the other API on the very next request', async () => {
    const label = randomLabel('cache');
    const name = `${label}.agent`;
    // A name nobody holds is never kept (callers can make up any number): both ask the database.
    for (const t of apps()) expect((await lookup(t, name)).status).toBe(404);
    expect(b.app.publicCache.get(name, 'lookup')).toBeUndefined();
    // Search keeps each name's state too: free on both before the registration, taken right after.
    const available = async (t: TestApp) =>
      (await t.app.inject({ method: 'GET', url: `/api/v1/domains/search?q=${name}` })).json().results[0].available;
    // Both know, without a query, that the database holds no such name (the known-names filter, loaded
    // once each subscription is up).
    for (const t of apps()) await eventually(async () => t.app.publicCache.mayExist(name) === false);
    for (const t of apps()) expect(await available(t)).toBe(true);
    for (const t of apps()) expect(t.app.publicCache.get(name, 'state')).toBeUndefined();
    expect((await registerDomain(s.t.app, label, { headers: key, method: 'gems' })).statusCode).toBe(200);
    // The registration's notification reached both filters: the very next search asks the database.
    for (const t of apps()) expect(t.app.publicCache.mayExist(name)).toBe(true);
    for (const t of apps()) expect((await lookup(t, name)).status).toBe(200);
    for (const t of apps()) expect(await available(t)).toBe(false);
    // Registered, the name's state is kept now.
    for (const t of apps()) expect(t.app.publicCache.get(name, 'state')).toBe('registered');
  });

  it('shows a profile change, a renewal and a transfer on both at once', async () => {
    const name = await registered(s.t.app, randomLabel('cache'), { headers: key, method: 'gems' });

    await cachedOnBoth(name);
    const edit = await s.t.app.inject({
      method: 'PATCH',
      url: `/api/v1/domains/${name}/profile`,
      headers: key,
      payload: { display_name: 'Fresh Name' },
    });
    expect(edit.statusCode).toBe(200);
    for (const t of apps()) expect((await lookup(t, name)).body.profile.display_name).toBe('Fresh Name');

    await cachedOnBoth(name);
    const before = (await lookup(b, name)).body.domain.expiry_date as string;
    const renew = await post('/api/v1/renew', { domain: name, years: 1, payment_method: 'gems' });
    expect(renew.statusCode).toBe(200);
    for (const t of apps()) expect((await lookup(t, name)).body.domain.expiry_date).not.toBe(before);

    // A listed name shows for_sale; a transfer removes the listing, and both show that at once.
    const listed = await s.t.app.inject({
      method: 'PUT',
      url: `/api/v1/domains/${name}/listing`,
      headers: key,
      payload: { price: { gems: 9000 } },
    });
    expect(listed.statusCode).toBe(200);
    await cachedOnBoth(name);
    for (const t of apps()) expect((await lookup(t, name)).body.for_sale).toMatchObject({ gems: 9000 });
    const other = await provision(s.t.app);
    const moved = await post('/api/v1/domains/transfer', { domain: name, to_account_id: other.account_id });
    expect(moved.statusCode).toBe(200);
    for (const t of apps()) expect((await lookup(t, name)).body.for_sale).toBeNull();
  });

  it('shows an expiry committed by the worker’s sweep once its notification arrives', async () => {
    const name = await registered(s.t.app, randomLabel('cache'), { headers: key, method: 'gems' });
    // Due in three seconds: cached on both while still active, then the sweep (every 2 s) commits the
    // grace status in the worker; the test sees that commit in the database, then asks both APIs.
    await s.t.db.em().nativeUpdate(Domain, { name }, { expiryDate: new Date(Date.now() + 3000) });
    await Promise.all(apps().map((t) => t.settled()));
    await cachedOnBoth(name);
    for (const t of apps()) expect((await lookup(t, name)).body.domain.status).toBe('active');
    await eventually(async () => (await s.t.db.em().findOne(Domain, { name }))?.status === 'grace');
    // A commit made by another process reaches each cache with its notification: cached answers have no
    // time to live, so nothing but the notification can replace the stale one. The window (logged; a few
    // milliseconds on an idle machine) is no assertion: a loaded CI machine stretches it, and speed is
    // the bench's to measure. The wait's limit only keeps a lost notification from passing as a slow one.
    const seen = Date.now();
    for (const t of apps())
      await waitFor(
        'the commit to reach the cache',
        async () => (await lookup(t, name)).body.domain.status === 'grace',
        {
          everyMs: 1,
        },
      );
    const lagMs = Date.now() - seen;
    console.log(`a commit by the worker reached both API caches within ${lagMs} ms of being visible`);
    for (const t of apps()) expect((await lookup(t, name)).body.domain.status).toBe('grace');
  });

  it('refuses a key revoked through the other API on the very next request, although both had it cached', async () => {
    const agent = await provision(s.t.app);
    const headers = { 'x-api-key': agent.api_key };
    const me = (t: TestApp) => t.app.inject({ method: 'GET', url: '/api/v1/agents/me', headers });
    // The first use writes the key's last-use time (a change, so it is forgotten once); then it stays.
    for (const round of [1, 2]) for (const t of apps()) expect([round, (await me(t)).statusCode]).toEqual([round, 200]);
    for (const t of apps())
      expect(t.app.publicCache.get(`key:${agent.key_id}`, 'key')).toMatchObject({ revoked: false });
    // The account as `me` shows it is cached too: a change through one API shows on the other at once.
    const address = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
    const set = await s.t.app.inject({
      method: 'PUT',
      url: '/api/v1/agents/me/payout-address',
      headers,
      payload: { address },
    });
    expect(set.statusCode).toBe(200);
    for (const t of apps()) expect((await me(t)).json().account.payout_address).toBe(address);
    const revoked = await s.t.app.inject({ method: 'POST', url: '/oauth2/revoke', payload: { token: agent.api_key } });
    expect(revoked.statusCode).toBe(200);
    for (const t of apps()) expect((await me(t)).statusCode).toBe(401);
  });
});
