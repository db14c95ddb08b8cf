import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { capabilityRecordSchema } from '../../src/domain/capability-schema.ts';
import { buildTestApp, USDC_ROUTE_CONFIG, type TestApp } from '../helpers/app.ts';
import { CATALOG_NAMESPACES } from '../helpers/fixtures.ts';

describe('namespace capability records', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('lists all ten namespaces with schema version 1.0, in catalog order', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/namespaces' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'success', schema_version: '1.0', catalog_version: '2026.11.1' });
    expect(body.namespaces.map((n: { namespace: string }) => n.namespace)).toEqual(CATALOG_NAMESPACES);
    for (const record of body.namespaces) expect(capabilityRecordSchema.safeParse(record).success).toBe(true);
  });

  it('serves a native record as spec 2.8 describes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/namespaces/agent' });
    expect(res.statusCode).toBe(200);
    const r = res.json().capability;
    expect(r).toMatchObject({
      namespace: 'agent',
      provider: 'headlessdomains',
      source: 'native',
      checkout_availability: { agent_api: true, hosted_checkout: false, human_checkout: true },
      identity_requirements: {
        registration_auth: ['X-API-Key', 'Authorization: Bearer <ACCESS_TOKEN>'],
        terms_field: 'agreed_to_terms=true',
      },
      registration: {
        available: true,
        checkout_enabled: true,
        launch_phase: 'public',
        term_limits: { min_years: 1, max_years: 10, model: 'annual_price_times_years' },
      },
      urls: {
        register: 'https://registry.test/api/v1/domains/register',
        quote: 'https://registry.test/api/v1/domains/quote',
      },
    });
    expect(r.checkout_availability).not.toHaveProperty('dedicated_x402');
    const mpp = r.payment_methods.find((m: { method: string }) => m.method === 'mpp');
    expect(mpp).toMatchObject({
      default_when_omitted: true,
      networks: ['tempo'],
      network_availability: { tempo: 'configured' },
    });
    const gems = r.payment_methods.find((m: { method: string }) => m.method === 'gems');
    expect(gems).toMatchObject({ default_when_omitted: false, availability: 'authenticated_wallet_capability' });
    expect(r.payment_methods.map((m: { method: string }) => m.method)).not.toContain('gfavip_checkout');
    expect(r.limitations.join(' ')).toMatch(/re-quote/i);
    expect(r.limitations.join(' ')).toMatch(/base-mainnet.*operator-gated.*never an implicit fallback/);
    expect(Object.keys(r.urls).sort()).toEqual(['human_management', 'management', 'quote', 'register', 'status']);
  });

  it('serves a partner record with its own members', async () => {
    const r = (await t.app.inject({ method: 'GET', url: '/api/v1/namespaces/bpo' })).json().capability;
    expect(r).toMatchObject({
      namespace: 'bpo',
      source: 'partners',
      provider: 'gfavip',
      checkout_availability: { dedicated_x402: false, hosted_checkout: true },
      identity_requirements: { human_checkout_auth: 'identity-provider sign-on' },
    });
    expect(r.identity_requirements).toHaveProperty('agent_registration_auth');
    expect(r.identity_requirements).toHaveProperty('provider_binding');
    expect(r.payment_methods.map((m: { method: string }) => m.method)).toEqual(['mpp', 'gfavip_checkout']);
    expect(r.urls.agent_register).toBe('https://registry.test/api/v1/domains/register');
    expect(r.urls.status).toContain('{order_id}');
    expect(r.limitations.join(' ')).toMatch(/provider preflight/);
  });

  it('shows closed registration for a coming-soon namespace and the sunrise rule', async () => {
    const soon = (await t.app.inject({ method: 'GET', url: '/api/v1/namespaces/protocol' })).json().capability;
    expect(soon.registration).toMatchObject({ available: false, checkout_enabled: false, launch_phase: 'coming_soon' });
    const sunrise = (await t.app.inject({ method: 'GET', url: '/api/v1/namespaces/factory' })).json().capability;
    expect(sunrise.registration.launch_phase).toBe('sunrise');
    expect(sunrise.identity_requirements.namespace_access).toMatch(/whitelist/);
  });

  it('normalises the path and is 404 for an unknown namespace', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/namespaces/AGENT' })).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/namespaces/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 'error', code: 'namespace_not_found' });
  });
});

describe('capability records with base-mainnet enabled', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(USDC_ROUTE_CONFIG);
  });
  afterAll(() => t.close());

  it('lists base-mainnet as a configured mpp network, never as the default', async () => {
    const r = (await t.app.inject({ method: 'GET', url: '/api/v1/namespaces/agent' })).json().capability;
    const mpp = r.payment_methods.find((m: { method: string }) => m.method === 'mpp');
    expect(mpp.networks).toEqual(['tempo', 'base-mainnet']);
    expect(mpp.network_availability).toEqual({ tempo: 'configured', 'base-mainnet': 'configured' });
  });
});
