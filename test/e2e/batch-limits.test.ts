import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Account, Domain } from '../../src/db/entities/index.ts';
import { createDomain, randomLabel } from '../helpers/fixtures.ts';
import { claimedAgent, humanWithSession } from '../helpers/identities.ts';
import { startRegistryStack, type RegistryStack } from '../helpers/registry-stack.ts';

type Person = { accountId: string; cookie: string };
const RATE_LIMIT_MAX = 20;

// Issue 49 part 3: a batch is as many requests as it has items, against the credential's limit, and each
// item is made by the caller as they stand when it runs (a member removed meanwhile is refused).
describe('batch limits', () => {
  let s: RegistryStack;
  let person: Person;
  beforeAll(async () => {
    s = await startRegistryStack({ RATE_LIMIT_MAX: String(RATE_LIMIT_MAX) });
    person = await humanWithSession(s.t.app, s.t.db.orm, `batch-limits-${randomLabel()}`);
  }, 120_000);
  afterAll(() => s?.stop());

  const batch = (headers: Record<string, string>, operations: unknown[]) =>
    s.t.app.inject({ method: 'POST', url: '/api/v1/batch', headers, payload: { operations } });
  /** Names written directly for `ownerId`, so that no request of its credential is counted before the batch. */
  const namesOf = async (ownerId: string, n: number) => {
    const owner = await s.t.db.em().findOneOrFail(Account, { id: ownerId });
    const names: string[] = [];
    for (let i = 0; i < n; i++)
      names.push((await createDomain(s.t.db.orm, { label: randomLabel('lim'), namespace: 'agent', owner })).name);
    return names;
  };

  it('counts each item against the per-credential limit: items beyond it are 429, and so is the next request', async () => {
    const agent = await claimedAgent(s.t.app, s.t.db.orm, person.cookie);
    const [name] = await namesOf(agent.id, 1);
    const r = await batch(
      agent.key,
      Array.from({ length: 50 }, () => ({ op: 'lock', domain: name })),
    );
    expect(r.statusCode).toBe(200);
    const statuses = (r.json().results as { status: number; body: { code?: string } }[]).map((x) => x.status);
    // The batch request itself is the first of its items.
    expect(statuses.slice(0, RATE_LIMIT_MAX)).toEqual(Array(RATE_LIMIT_MAX).fill(200));
    expect(statuses.slice(RATE_LIMIT_MAX)).toEqual(Array(50 - RATE_LIMIT_MAX).fill(429));
    expect(r.json().results[RATE_LIMIT_MAX].body.code).toBe('rate_limited');
    const next = await s.t.app.inject({ method: 'GET', url: '/api/v1/agents/me', headers: agent.key });
    expect(next.statusCode).toBe(429);
  }, 60_000);

  it('checks the caller’s membership before each item: none lands after the member was removed', async () => {
    const owner = await humanWithSession(s.t.app, s.t.db.orm, `batch-owner-${randomLabel()}`);
    const admin = await humanWithSession(s.t.app, s.t.db.orm, `batch-admin-${randomLabel()}`);
    const asOwner = { cookie: owner.cookie };
    const teamId = (
      await s.t.app.inject({ method: 'POST', url: '/api/v1/teams', headers: asOwner, payload: { name: 'Batch' } })
    ).json().team.id;
    const token = (
      await s.t.app.inject({
        method: 'POST',
        url: `/api/v1/teams/${teamId}/invitations`,
        headers: asOwner,
        payload: { role: 'admin' },
      })
    ).json().token;
    const joined = await s.t.app.inject({
      method: 'POST',
      url: '/api/v1/teams/invitations/accept',
      headers: { cookie: admin.cookie },
      payload: { token },
    });
    expect(joined.statusCode).toBe(200);
    const names = await namesOf(teamId, 12);
    const held = names[5]!;

    // The sixth item waits on its name's row, held here, while the owner removes the admin.
    let release!: () => void;
    let taken!: () => void;
    const isTaken = new Promise<void>((r) => (taken = r));
    const holding = s.t.db.orm.em.fork().transactional(async (tx) => {
      await tx.execute('select id from domain where name = ? for update', [held]);
      taken();
      await new Promise<void>((r) => (release = r));
    });
    await isTaken;
    const running = batch(
      { cookie: admin.cookie, 'x-team-id': teamId },
      names.map((domain) => ({ op: 'lock', domain })),
    );
    const locked = () => s.t.db.em().count(Domain, { name: { $in: names }, lockedAt: { $ne: null } });
    const end = Date.now() + 20_000;
    while ((await locked()) < 5 && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
    const removed = await s.t.app.inject({
      method: 'DELETE',
      url: `/api/v1/teams/${teamId}/members/${admin.accountId}`,
      headers: asOwner,
    });
    expect(removed.statusCode).toBe(200);
    release();
    await holding;
    const results = (await running).json().results as { status: number; body: { code?: string } }[];
    // The item already running when the removal committed finishes; every later one is refused.
    expect(results.slice(0, 6).map((x) => x.status)).toEqual(Array(6).fill(200));
    expect(results.slice(6).map((x) => [x.status, x.body.code])).toEqual(Array(6).fill([403, 'not_a_member']));
    expect(await locked()).toBe(6);
  }, 60_000);
});
