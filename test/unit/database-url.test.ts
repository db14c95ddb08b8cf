import { describe, expect, it } from '@jest/globals';
import { databaseUrlProblems, effectiveDatabaseUrl, poolOptionsOf } from '../../src/config/database-url.ts';
import { ConfigError, loadConfig } from '../../src/config/env.ts';

const BASE = 'postgres://u:p@db.example:5432/registry';
const CA = 'package.json'; // any readable file stands for a CA here; the e2e test uses a real one

describe('DATABASE_URL with TLS and a statement timeout', () => {
  it('folds the CA file and the timeout into the URL once, verifying the server by default', () => {
    const url = effectiveDatabaseUrl(BASE, { caFile: CA, statementTimeoutMs: 30_000 });
    const q = new URL(url).searchParams;
    expect(q.get('sslmode')).toBe('verify-full');
    expect(q.get('sslrootcert')).toBe(CA);
    expect(q.get('options')).toBe('-c statement_timeout=30000');
    expect(effectiveDatabaseUrl(url, { caFile: CA, statementTimeoutMs: 30_000 })).toBe(url);
  });

  it('keeps an sslmode and options the URL already has', () => {
    const url = effectiveDatabaseUrl(`${BASE}?sslmode=disable&options=-c%20search_path%3Dx`, {
      statementTimeoutMs: 5000,
    });
    const q = new URL(url).searchParams;
    expect(q.get('sslmode')).toBe('disable');
    expect(q.get('options')).toBe('-c search_path=x -c statement_timeout=5000');
    expect(new URL(effectiveDatabaseUrl(BASE, { statementTimeoutMs: 0 })).search).toBe('');
  });

  it("gives the ORM's pool the TLS settings and server options the ORM would drop", () => {
    const options = poolOptionsOf(effectiveDatabaseUrl(BASE, { caFile: CA, statementTimeoutMs: 1000 }));
    expect(options.options).toBe('-c statement_timeout=1000');
    expect(options.ssl).toMatchObject({ ca: expect.stringContaining('"name"') });
    expect(poolOptionsOf(BASE)).toEqual({});
  });

  it('names each setting that cannot work', () => {
    expect(databaseUrlProblems(`${BASE}?sslmode=prefer`, { statementTimeoutMs: 0 })).toEqual([
      expect.stringContaining('sslmode=prefer is not supported'),
    ]);
    expect(databaseUrlProblems(BASE, { caFile: '/nonexistent/ca.pem', statementTimeoutMs: 0 })).toEqual([
      '  DATABASE_SSL_ROOT_CERT: cannot read /nonexistent/ca.pem',
    ]);
    expect(databaseUrlProblems(`${BASE}?sslrootcert=/x.pem`, { caFile: CA, statementTimeoutMs: 0 })).toEqual([
      '  DATABASE_URL sslrootcert: cannot read /x.pem',
      expect.stringContaining('keep one'),
    ]);
    expect(databaseUrlProblems('not a url', { statementTimeoutMs: 0 })).toEqual([expect.stringContaining('not a URL')]);
    expect(() => loadConfig({ NODE_ENV: 'test', DATABASE_URL: BASE, DATABASE_SSL_ROOT_CERT: '/nonexistent' })).toThrow(
      ConfigError,
    );
  });
});
