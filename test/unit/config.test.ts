import { describe, expect, it } from '@jest/globals';
import { ConfigError, loadConfig } from '../../src/config/env.ts';
import { TEST_CARD_SIGNING_KEY } from '../helpers/fixtures.ts';

describe('config', () => {
  it('has working defaults for every variable', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PORT: 3000, TEMPORAL_UI_PORT: 8233, TEMPORAL_TASK_QUEUE: 'registry', DATA_DIR: '.data' });
    // One base address: the one the API listens on and `npm start` prints (issue 7 item 11).
    expect(c.publicBaseUrl).toBe('http://127.0.0.1:3000');
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '8080' }).publicBaseUrl).toBe('http://127.0.0.1:8080');
    expect(loadConfig({ HOST: '::1' }).publicBaseUrl).toBe('http://[::1]:3000');
    expect(c.DATABASE_URL).toBeUndefined();
    expect(Object.isFrozen(c)).toBe(true);
  });

  it('treats empty strings as unset and parses booleans and numbers', () => {
    const c = loadConfig({
      DATABASE_URL: '',
      PORT: '8080',
      MPP_BASE_MAINNET_ENABLED: 'true',
      CHECKOUT_URL: 'https://checkout.example',
      USDC_ADDRESS: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
      USDC_PAY_TO: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      PUBLIC_BASE_URL: 'https://r.example/',
    });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c).toMatchObject({ PORT: 8080, MPP_BASE_MAINNET_ENABLED: true, publicBaseUrl: 'https://r.example' });
  });

  it('opens the USDC route only with its relay, token and receiver, and only over HTTPS in production', () => {
    const refusal = (env: Record<string, string>) => {
      try {
        loadConfig({ MPP_BASE_MAINNET_ENABLED: 'true', ...env });
        return '';
      } catch (err) {
        return (err as Error).message;
      }
    };
    const bare = refusal({});
    for (const v of ['CHECKOUT_URL', 'USDC_ADDRESS', 'USDC_PAY_TO']) expect(bare).toContain(`${v}: required when`);
    const route = {
      CHECKOUT_URL: 'http://relay.internal:3002',
      USDC_ADDRESS: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
      MPP_PAY_TO: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    };
    expect(refusal(route)).toBe('');
    expect(refusal({ ...route, NODE_ENV: 'production' })).toContain(
      'CHECKOUT_URL: payers settle there, so it must be HTTPS',
    );
  });

  it('lets `npm start` open the USDC route with what it runs itself (issue 25 item 10)', () => {
    const start = (env: Record<string, string>) =>
      loadConfig({ MPP_BASE_MAINNET_ENABLED: 'true', ...env }, { localStack: true });
    // Its own relay, Base chain and receiver fill in CHECKOUT_URL, USDC_ADDRESS and USDC_PAY_TO.
    expect(start({}).MPP_BASE_MAINNET_ENABLED).toBe(true);
    // What it would not start itself is still required: a real Base RPC needs its USDC contract, a
    // configured chain its receiver.
    expect(() => start({ BASE_RPC_URL: 'https://base.example' })).toThrow('USDC_ADDRESS: required when');
    expect(() => start({ CHAIN_RPC_URL: 'https://rpc.example' })).toThrow('USDC_PAY_TO: required when');
    // Everything else (the API, the worker) still refuses the bare flag.
    expect(() => loadConfig({ MPP_BASE_MAINNET_ENABLED: 'true' })).toThrow('CHECKOUT_URL: required when');
  });

  it('allows loopback and http webhook receivers by default in development only (issue 25 item 9)', () => {
    expect(loadConfig({}).WEBHOOK_ALLOW_INSECURE_LOCAL).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).WEBHOOK_ALLOW_INSECURE_LOCAL).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).WEBHOOK_ALLOW_INSECURE_LOCAL).toBe(false);
    expect(loadConfig({ WEBHOOK_ALLOW_INSECURE_LOCAL: 'false' }).WEBHOOK_ALLOW_INSECURE_LOCAL).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', WEBHOOK_ALLOW_INSECURE_LOCAL: 'true' }).WEBHOOK_ALLOW_INSECURE_LOCAL).toBe(
      true,
    );
    const prod = loadConfig({
      NODE_ENV: 'production',
      SESSION_SECRET: 's'.repeat(32),
      GFAVIP_WEBHOOK_SECRET: 'g'.repeat(32),
      CARD_SIGNING_KEY: TEST_CARD_SIGNING_KEY,
    });
    expect(prod.WEBHOOK_ALLOW_INSECURE_LOCAL).toBe(false);
  });

  it('requires every secret in production and refuses the published development values', () => {
    const prod = { NODE_ENV: 'production' };
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return '';
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        return (err as Error).message;
      }
    };
    const bare = problems(prod);
    for (const v of ['SESSION_SECRET', 'GFAVIP_WEBHOOK_SECRET', 'CARD_SIGNING_KEY'])
      expect(bare).toContain(`${v}: required in production`);
    expect(bare).not.toContain('MPP_SECRET'); // no machine payments configured: nothing to bind
    const withPayments = problems({
      ...prod,
      MPP_TOKEN_ADDRESS: `0x${'1'.repeat(40)}`,
      OIDC_ISSUER: 'https://idp.example',
    });
    for (const v of ['MPP_SECRET', 'PAYOUT_PRIVATE_KEY', 'OIDC_CLIENT_SECRET'])
      expect(withPayments).toContain(`${v}: required in production`);
    const devValues = problems({
      ...prod,
      GFAVIP_WEBHOOK_SECRET: 'dev-gfavip-webhook-secret',
      OIDC_CLIENT_SECRET: 'dev-registry-secret',
    });
    expect(devValues).toContain('GFAVIP_WEBHOOK_SECRET: the published development value');
    expect(devValues).toContain('OIDC_CLIENT_SECRET: the published development value');
    // Webhooks to http and loopback are a local-development switch, never production.
    expect(problems({ ...prod, WEBHOOK_ALLOW_INSECURE_LOCAL: 'true' })).toContain('WEBHOOK_ALLOW_INSECURE_LOCAL');
    // A DNS backend needs its key and nameservers the world can reach (the default glue is loopback).
    const dns = problems({ ...prod, PDNS_API_URL: 'https://pdns.internal:8081' });
    expect(dns).toContain('PDNS_API_KEY: required in production');
    expect(dns).toContain('DNS_NAMESERVERS: production nameservers need public glue addresses');
    expect(
      problems({
        ...prod,
        PDNS_API_URL: 'https://pdns.internal:8081',
        DNS_NAMESERVERS: 'ns1.registry.example.,ns2.registry.example.',
      }),
    ).not.toContain('DNS_NAMESERVERS');
    const ok = loadConfig({
      ...prod,
      SESSION_SECRET: 's'.repeat(32),
      GFAVIP_WEBHOOK_SECRET: 'g'.repeat(32),
      CARD_SIGNING_KEY: TEST_CARD_SIGNING_KEY,
    });
    expect(ok.GFAVIP_WEBHOOK_SECRET).toBe('g'.repeat(32));
    // Outside production the development values keep `npm start` working on a fresh machine.
    expect(loadConfig({}).GFAVIP_WEBHOOK_SECRET).toBe('dev-gfavip-webhook-secret');
  });

  it('lists every invalid variable at once', () => {
    try {
      loadConfig({ PORT: 'abc', LOG_LEVEL: 'loud', GEM_USD_RATE: '-1' });
      throw new Error('expected a ConfigError');
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const msg = (err as Error).message;
      for (const v of ['PORT', 'LOG_LEVEL', 'GEM_USD_RATE']) expect(msg).toContain(v);
    }
  });
});
