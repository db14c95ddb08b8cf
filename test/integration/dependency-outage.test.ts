import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { grantGems } from '../../src/ledger/gems.ts';
import { buildTestApp, registerDomain, type TestApp } from '../helpers/app.ts';
import { randomLabel } from '../helpers/fixtures.ts';
import { eventually } from '../helpers/hosted-checkout.ts';
import { provision } from '../helpers/identities.ts';
import { startOwnPostgres, type OwnPostgres } from '../helpers/own-infra.ts';
import { freePort } from '../helpers/ports.ts';

// A dependency away for a moment (docs/reliability.md "Reliability"): while PostgreSQL or Temporal is unreachable
// every request answers 503 `not_ready` with Retry-After in our envelope, never a 500, and the same
// request succeeds once the dependency is back, with no restart of the API.

const expectNotNow = (res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) => {
  expect({ status: res.statusCode, retryAfter: res.headers['retry-after'], body: res.json() }).toMatchObject({
    status: 503,
    retryAfter: expect.stringMatching(/^\d+$/),
    body: { status: 'error', code: 'not_ready', message: expect.any(String) },
  });
};

describe('PostgreSQL down, then back', () => {
  let pg: OwnPostgres;
  let t: TestApp;
  const shared = process.env.TEST_PG_ADMIN_URL;
  beforeAll(async () => {
    // A PostgreSQL of this file's own: the suite's is never stopped.
    pg = await startOwnPostgres();
    process.env.TEST_PG_ADMIN_URL = pg.adminUrl;
    t = await buildTestApp({ LOG_LEVEL: process.env.DEBUG_OUTAGE ? 'warn' : 'silent' });
  });
  afterAll(async () => {
    // The file's database is dropped on its own PostgreSQL, so the suite's comes back only after.
    try {
      await t?.close();
    } finally {
      await pg?.close();
      process.env.TEST_PG_ADMIN_URL = shared;
    }
  });

  it.each([
    ['crashes (every connection cut at once)', true],
    ['shuts down', false],
  ])('answers 503 with Retry-After while PostgreSQL %s, and 200 once it is back', async (_how, immediate) => {
    const agent = await provision(t.app);
    const account = () =>
      t.app.inject({ method: 'GET', url: '/api/v1/agents/me', headers: { 'x-api-key': agent.api_key } });
    expect((await account()).statusCode).toBe(200);

    await pg.stop({ immediate });
    expectNotNow(await t.app.inject({ method: 'POST', url: '/api/v1/agents/provision', payload: {} }));
    expectNotNow(await account());

    await pg.start();
    // The pool opens new connections by itself: the same requests succeed, the API never restarted.
    await eventually(async () => (await account()).statusCode === 200);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/agents/provision', payload: {} })).statusCode).toBe(200);
  });

  // The database goes away while a keyed request runs (its key was claimed with the database up): the
  // answer is still 503, though the key's answer cannot be written (it lapses, and a retry takes it over).
  it('answers a keyed request 503, not 500, when the database goes away while it runs', async () => {
    const late = await buildTestApp(
      { LOG_LEVEL: process.env.DEBUG_OUTAGE ? 'warn' : 'silent' },
      `127.0.0.1:${await freePort()}`, // no Temporal: the registration's start retries for a while, then fails
    );
    try {
      const agent = await provision(late.app);
      await grantGems(late.db.orm.em.fork(), {
        accountId: agent.account_id,
        amount: 1_000_000,
        reference: randomLabel(),
      });
      const answer = registerDomain(late.app, randomLabel('late'), {
        headers: { 'x-api-key': agent.api_key, 'idempotency-key': randomLabel() },
        method: 'gems',
      });
      await sleep(3_000);
      await pg.stop({ immediate: true });
      expectNotNow(await answer);
    } finally {
      await pg.start();
      await late.close();
    }
  });
});

describe('Temporal unreachable', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on this port: starting a registration's run cannot reach the frontend.
    t = await buildTestApp({}, `127.0.0.1:${await freePort()}`);
  });
  afterAll(() => t?.close());

  it('a registration that needs its run answers 503 with Retry-After, not 500', async () => {
    const agent = await provision(t.app);
    await grantGems(t.db.orm.em.fork(), { accountId: agent.account_id, amount: 1_000_000, reference: randomLabel() });
    const res = await registerDomain(t.app, randomLabel('down'), {
      headers: { 'x-api-key': agent.api_key, 'idempotency-key': randomLabel() },
      method: 'gems',
    });
    expectNotNow(res);
  });
});
