import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomLabel } from '../helpers/fixtures.ts';
import { buildTestApp, testTemporalAddress, type TestApp } from '../helpers/app.ts';
import { provision } from '../helpers/identities.ts';

// Two API processes with REDIS_URL share one limit (docs/api.md "Rate limits"): the Redis server these
// machines run on 127.0.0.1:6379 (REDIS_URL overrides it), under a key prefix of this test's own.
describe('rate limits shared through Redis by two API processes', () => {
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    const env = {
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: `test-${randomLabel()}:`,
      RATE_LIMIT_IP_MAX: '1000',
      RATE_LIMIT_MAX: '4',
      PROVISION_LIMIT_MAX: '1000',
    };
    a = await buildTestApp(env);
    b = await buildTestApp({ ...env, RATE_LIMIT_IP_MAX: '1000' }, testTemporalAddress(), { db: a.db });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('counts a credential’s requests on both processes against one limit', async () => {
    const agent = await provision(a.app);
    const me = (t: TestApp) =>
      t.app.inject({ method: 'GET', url: '/api/v1/agents/me', headers: { 'x-api-key': agent.api_key } });
    const answers = [await me(a), await me(b), await me(a), await me(b), await me(a), await me(b)];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 429, 429]);
    expect(answers[4]?.headers['retry-after']).toBeDefined();
    expect(answers[5]?.json()).toMatchObject({ status: 'error', code: 'rate_limited' });
    // In memory each process would have allowed four of its own.
    expect(answers[3]?.headers['x-ratelimit-remaining']).toBe('0');
  });
});
