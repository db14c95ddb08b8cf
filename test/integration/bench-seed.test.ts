import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { seed } from '../../bench/seed.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';

// Keeps `npm run bench` honest as the schema moves: its seeder must produce domains the API serves.
describe('bench seeder', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('seeds registered domains that lookup serves', async () => {
    const result = await seed(t.db.url, { domains: 300, accounts: 30, seed: 7 });
    expect(result.domains).toHaveLength(300);
    const sample = result.domains[0]!;
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/lookup/${sample.name}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().domain.name).toBe(sample.name);
  });
});
