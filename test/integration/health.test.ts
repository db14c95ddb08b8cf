import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { freePort } from '../helpers/ports.ts';

describe('health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('healthz says the process is alive', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('readyz is 200 when PostgreSQL and Temporal answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', parts: { database: 'ok', temporal: 'ok' } });
  });
});

describe('readiness with Temporal unreachable', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on this port: the lazy client must report it, not crash.
    t = await buildTestApp({}, `127.0.0.1:${await freePort()}`);
  });
  afterAll(() => t.close());

  it('readyz is 503 and names the failing part', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    const body = res.json();
    expect(body).toMatchObject({ status: 'error', code: 'not_ready', details: { failing: ['temporal'] } });
    expect(body.details.parts.database).toBe('ok');
    expect(body.message).toContain('temporal');
  });

  it('healthz still answers', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});
