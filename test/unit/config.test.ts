import { describe, expect, it } from '@jest/globals';
import { ConfigError, loadConfig } from '../../src/config/env.ts';

describe('config', () => {
  it('has working defaults for every variable', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PORT: 3000, TEMPORAL_UI_PORT: 8233, TEMPORAL_TASK_QUEUE: 'registry', DATA_DIR: '.data' });
    expect(c.publicBaseUrl).toBe('http://localhost:3000');
    expect(c.DATABASE_URL).toBeUndefined();
    expect(Object.isFrozen(c)).toBe(true);
  });

  it('treats empty strings as unset and parses booleans and numbers', () => {
    const c = loadConfig({ DATABASE_URL: '', PORT: '8080', MPP_BASE_MAINNET_ENABLED: 'true', PUBLIC_BASE_URL: 'https://r.example/' });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c).toMatchObject({ PORT: 8080, MPP_BASE_MAINNET_ENABLED: true, publicBaseUrl: 'https://r.example' });
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
