import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { WorkflowNotFoundError } from '@temporalio/client';
import { buildTestApp, USDC_ROUTE_CONFIG, type TestApp } from '../helpers/app.ts';
import { createDomain, randomLabel } from '../helpers/fixtures.ts';

describe('POST /api/v1/domains/quote', () => {
  let t: TestApp;
  const taken = randomLabel('q');
  beforeAll(async () => {
    t = await buildTestApp(USDC_ROUTE_CONFIG);
    await createDomain(t.db.orm, { label: taken, namespace: 'agent' });
    // Written straight to the database, as another process would: wait until the API has heard it.
    await t.settled();
  });
  afterAll(() => t.close());

  const quote = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/v1/domains/quote', payload: payload as object, headers });

  /** Every row of every table, hashed: equal digests mean the quote wrote nothing. */
  async function databaseDigest(): Promise<string> {
    const conn = t.db.orm.em.getConnection();
    const rows = await conn.execute<{ t: string; n: string; h: string | null }[]>(
      `select 'account' t, count(*)::text n, md5(string_agg(a::text, ',' order by a.id)) h from account a
       union all select 'domain', count(*)::text, md5(string_agg(d::text, ',' order by d.id)) from domain d
       union all select 'namespace', count(*)::text, md5(string_agg(s::text, ',' order by s.name)) from namespace s`,
    );
    return JSON.stringify(rows);
  }

  it('quotes the USDC route on base-mainnet as the spec shows', async () => {
    const label = randomLabel('scout');
    const res = await quote(
      { domain: label, namespace: 'agent', years: 2 },
      { 'x-payment-method': 'mpp', 'x-mpp-network': 'base-mainnet' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'quoted',
      binding: false,
      mutation: 'none',
      available: true,
      reason: 'available',
      domain: `${label}.agent`,
      namespace: 'agent',
      years: 2,
      mpp_network: 'base',
      chain_id: 8453,
      price: {
        currency: 'USDC',
        amount: '30.00',
        amount_minor: '30000000',
        decimals: 6,
        gems: 3000,
        unit_price_gems: 1500,
        price_class: 'agent',
        // The token an x402 client signs for, where the client needs it (issue 51).
        asset: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
      },
      next: { method: 'POST', url: 'https://registry.test/api/v1/domains/register', creates_pending_order: true },
      checkout_url: 'http://127.0.0.1:9',
    });
  });

  it('quotes the default tempo route in the configured currency', async () => {
    const res = await quote({ domain: `${randomLabel()}.chatbot`, years: 3 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      mpp_network: 'tempo',
      chain_id: 4217,
      price: { currency: 'pathUSD', amount: '30.00', gems: 3000 },
    });
  });

  it('accepts the legacy tld alias', async () => {
    const res = await quote({ domain: randomLabel(), tld: 'zen', years: 1 });
    expect(res.json()).toMatchObject({ namespace: 'zen', price: { gems: 1200, amount: '12.00' } });
  });

  it('says when the name is not available', async () => {
    expect((await quote({ domain: taken, namespace: 'agent', years: 1 })).json()).toMatchObject({
      available: false,
      reason: 'registered',
    });
    expect((await quote({ domain: 'root', namespace: 'agent', years: 1 })).json()).toMatchObject({
      available: false,
      reason: 'reserved',
    });
    expect((await quote({ domain: 'x1', namespace: 'protocol', years: 1 })).json()).toMatchObject({
      available: false,
      reason: 'namespace_coming_soon',
    });
  });

  it('is non-mutating: no row, no order, no lock, no workflow', async () => {
    const label = randomLabel('nm');
    const before = await databaseDigest();
    for (let i = 0; i < 5; i++) {
      expect((await quote({ domain: label, namespace: 'agent', years: 1 })).statusCode).toBe(200);
    }
    expect(await databaseDigest()).toBe(before);
    // No registration workflow (the per-name lock) was started for the quoted name.
    await expect(t.temporal.client.workflow.getHandle(`registration:${label}.agent`).describe()).rejects.toBeInstanceOf(
      WorkflowNotFoundError,
    );
    // The name is still available to anyone after quoting it.
    const search = await t.app.inject({ method: 'GET', url: `/api/v1/domains/search?q=${label}.agent` });
    expect(search.json().results[0]).toMatchObject({ available: true });
  });

  it.each([
    ['years 0', { domain: 'a1', namespace: 'agent', years: 0 }, 'validation_failed', 'years'],
    ['years 11', { domain: 'a1', namespace: 'agent', years: 11 }, 'validation_failed', 'years'],
    ['fractional years', { domain: 'a1', namespace: 'agent', years: 1.5 }, 'validation_failed', 'years'],
    ['years as a string', { domain: 'a1', namespace: 'agent', years: '2' }, 'validation_failed', 'years'],
    ['missing domain', { namespace: 'agent', years: 1 }, 'validation_failed', 'domain'],
    ['missing namespace', { domain: 'a1', years: 1 }, 'validation_failed', 'namespace'],
    ['unknown namespace', { domain: 'a1', namespace: 'nope', years: 1 }, 'unknown_namespace', undefined],
    ['invalid name', { domain: 'a_1', namespace: 'agent', years: 1 }, 'invalid_name', undefined],
    ['mismatched namespace', { domain: 'a1.zen', namespace: 'agent', years: 1 }, 'namespace_mismatch', undefined],
  ])('refuses %s with a 400', async (_c, payload, code, path) => {
    const res = await quote(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 'error', code });
    if (path !== undefined) {
      expect(res.json().details.issues.map((i: { path: string }) => i.path)).toContain(path);
    }
  });

  it('refuses an unknown payment method or network header', async () => {
    const a = await quote({ domain: 'a1', namespace: 'agent', years: 1 }, { 'x-payment-method': 'paypal' });
    expect(a.statusCode).toBe(400);
    expect(a.json().details.issues[0]).toMatchObject({ location: 'headers', path: 'x-payment-method' });
    expect(
      (await quote({ domain: 'a1', namespace: 'agent', years: 1 }, { 'x-mpp-network': 'solana' })).statusCode,
    ).toBe(400);
  });
});

describe('quote when base-mainnet is not enabled by the operator', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('refuses the USDC route with 403 and never falls back silently', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/domains/quote',
      payload: { domain: 'a1', namespace: 'agent', years: 1 },
      headers: { 'x-mpp-network': 'base-mainnet' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ status: 'error', code: 'network_not_enabled' });
  });
});
