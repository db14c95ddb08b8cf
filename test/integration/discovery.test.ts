import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { CATALOG_NAMESPACES, createAccount, createDomain, randomLabel } from '../helpers/fixtures.ts';

describe('search, lookup and shop-status', () => {
  let t: TestApp;
  const taken = randomLabel('scout');
  /** The profile stored for `taken`.agent, which its lookup answers as it is. */
  const profile = {
    display_name: 'Scout',
    commerce_catalog: {
      provider: 'shopify',
      storefront_id: 'sf-1',
      feed_url: 'https://shop.example/feed',
      status: 'active',
    },
  } as const;
  beforeAll(async () => {
    t = await buildTestApp();
    const operator = await createAccount(t.db.orm, { kind: 'human' });
    const owner = await createAccount(t.db.orm, { operator });
    await createDomain(t.db.orm, {
      label: taken,
      namespace: 'agent',
      owner,
      squadId: 'squad-7',
      capabilities: ['search', 'book_travel'],
      profile,
      storefrontId: 'sf-1',
    });
    await createDomain(t.db.orm, { label: taken, namespace: 'zen' });
    // Written straight to the database, as another process would: wait until the API has heard it.
    await t.settled();
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  describe('GET /api/v1/domains/search', () => {
    it('checks every namespace for a bare name, with prices from the catalog', async () => {
      const res = await get(`/api/v1/domains/search?q=${taken}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.status).toBe('success');
      expect(body.query).toBe(taken);
      expect(body.results.map((r: { tld: string }) => r.tld)).toEqual(CATALOG_NAMESPACES);
      const byTld = Object.fromEntries(body.results.map((r: { tld: string }) => [r.tld, r]));
      expect(byTld.agent).toEqual({
        domain: `${taken}.agent`,
        tld: 'agent',
        available: false,
        reason: 'registered',
        human_price: 2000,
        agent_price: 1500,
      });
      expect(byTld.zen).toMatchObject({ available: false, reason: 'registered' });
      expect(byTld.boss).toMatchObject({ available: true, reason: 'available', human_price: 2500, agent_price: 2000 });
      expect(byTld.factory).toMatchObject({ available: true, reason: 'sunrise_whitelist_only' });
      expect(byTld.protocol).toMatchObject({ available: false, reason: 'namespace_coming_soon' });
    });

    it('checks only the given namespace for a full name, normalising case and whitespace', async () => {
      const res = await get(`/api/v1/domains/search?q=%20${taken.toUpperCase()}.BOSS%20`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        query: `${taken}.boss`,
        results: [{ domain: `${taken}.boss`, available: true }],
      });
      expect(res.json().results).toHaveLength(1);
    });

    it('reports reserved names as unavailable with a reason', async () => {
      const res = await get('/api/v1/domains/search?q=admin.agent');
      expect(res.json().results[0]).toMatchObject({ domain: 'admin.agent', available: false, reason: 'reserved' });
    });

    it.each([
      ['missing q', '/api/v1/domains/search', 'validation_failed'],
      ['empty q', '/api/v1/domains/search?q=', 'validation_failed'],
      ['invalid characters', '/api/v1/domains/search?q=bad_name', 'invalid_name'],
      ['leading hyphen', '/api/v1/domains/search?q=-bad', 'invalid_name'],
      ['non-ASCII', `/api/v1/domains/search?q=${encodeURIComponent('café')}`, 'invalid_name'],
      ['punycode', '/api/v1/domains/search?q=xn--caf-dma', 'invalid_name'],
      ['too long', `/api/v1/domains/search?q=${'a'.repeat(64)}`, 'invalid_name'],
      ['too many labels', '/api/v1/domains/search?q=a.b.agent', 'invalid_name'],
      ['unknown namespace', '/api/v1/domains/search?q=scout.nope', 'unknown_namespace'],
    ])('refuses %s with a 400', async (_case, url, code) => {
      const res = await get(url);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 'error', code });
      expect(typeof res.json().message).toBe('string');
    });
  });

  describe('GET /api/v1/lookup/{domain_name}', () => {
    it('returns the public record with identity, manifests and profile', async () => {
      const res = await get(`/api/v1/lookup/${taken}.agent`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        status: 'success',
        domain: {
          name: `${taken}.agent`,
          namespace: 'agent',
          status: 'active',
          registration_date: '2026-01-02T03:04:05.678Z',
          expiry_date: '2036-01-02T03:04:05.678Z',
          locked: false,
          lock_statuses: [],
        },
        identity: {
          did: `did:web:registry.test:agents:${taken}.agent`,
          human_backed: true,
          squad_id: 'squad-7',
          capabilities_preview: ['search', 'book_travel'],
        },
        manifests: {
          agent_json: `https://registry.test/api/v1/domains/${taken}.agent/agent.json`,
          skill_md: `https://registry.test/api/v1/domains/${taken}.agent/skill.md`,
          agent_card: null,
          did_document: `https://registry.test/agents/${taken}.agent/did.json`,
          registration_file: `https://registry.test/agents/${taken}.agent/registration.json`,
        },
        profile,
        for_sale: null,
        min_offer: null,
      });
    });

    it('reflects an owner without an operator link', async () => {
      const res = await get(`/api/v1/lookup/${taken}.zen`);
      expect(res.json().identity).toEqual({
        did: `did:web:registry.test:agents:${taken}.zen`,
        human_backed: false,
        squad_id: '',
        capabilities_preview: [],
      });
    });

    it('is case-insensitive', async () => {
      expect((await get(`/api/v1/lookup/${taken.toUpperCase()}.Agent`)).statusCode).toBe(200);
    });

    it('is 404 for a name nobody registered', async () => {
      const res = await get(`/api/v1/lookup/${randomLabel()}.agent`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 'error', code: 'domain_not_found' });
    });

    it.each([
      ['no namespace', 'scout', 400, 'invalid_name'],
      ['bad characters', 'sc%20out.agent', 400, 'invalid_name'],
      ['unknown namespace', 'scout.nope', 404, 'namespace_not_found'],
    ])('refuses %s', async (_c, name, status, code) => {
      const res = await get(`/api/v1/lookup/${name}`);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ status: 'error', code });
    });
  });

  describe('GET /api/v1/domains/{domain_name}/shop-status', () => {
    it('shows a bound storefront', async () => {
      const res = await get(`/api/v1/domains/${taken}.agent/shop-status`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'success', is_bound: true, storefront_id: 'sf-1' });
    });

    it('shows an unbound domain', async () => {
      const res = await get(`/api/v1/domains/${taken}.zen/shop-status`);
      expect(res.json()).toEqual({ status: 'success', is_bound: false, storefront_id: null });
    });

    it('is 404 with status and message for an unregistered domain', async () => {
      const res = await get(`/api/v1/domains/${randomLabel()}.agent/shop-status`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 'error', code: 'domain_not_found', message: expect.any(String) });
    });
  });
});
