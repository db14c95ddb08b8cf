import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AuditEvent } from '../../src/db/entities/index.ts';
import { registerDomain } from '../helpers/app.ts';
import { randomLabel } from '../helpers/fixtures.ts';
import { claimedAgent, humanWithSession } from '../helpers/identities.ts';
import { startRegistryStack, type RegistryStack } from '../helpers/registry-stack.ts';

// The audit trail over real parts (API, worker, Temporal, PostgreSQL): one append-only event per change,
// in the change's transaction, none for a refusal (docs/teams.md "Audit trail").
describe('audit trail', () => {
  let s: RegistryStack;
  let person: { accountId: string; cookie: string };
  beforeAll(async () => {
    s = await startRegistryStack({ RATE_LIMIT_MAX: '10000' });
    person = await humanWithSession(s.t.app, s.t.db.orm, `audit-${randomLabel()}`);
  }, 120_000);
  afterAll(() => s?.stop());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => s.t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const eventsOf = (actor: string) =>
    s.t.db.em().find(AuditEvent, { actorAccountId: actor }, { orderBy: { id: 'asc' } });

  it('writes exactly one event per change, through every adapter, and none for a refusal', async () => {
    const agent = await claimedAgent(s.t.app, s.t.db.orm, person.cookie);
    const other = await claimedAgent(s.t.app, s.t.db.orm, person.cookie);
    const label = randomLabel('audit');
    const name = `${label}.agent`;
    const start = (await eventsOf(agent.id)).length;
    // Each change below, on its own route: one event each, naming the route, the name and the agent's key.
    const changes: [string, () => ReturnType<typeof call>][] = [
      ['POST /api/v1/domains/register', () => registerDomain(s.t.app, label, { headers: agent.key, method: 'gems' })],
      [
        'PATCH /api/v1/domains/:domain_name/profile',
        () => call('PATCH', `/api/v1/domains/${name}/profile`, agent.key, { description: 'audited' }),
      ],
      [
        'PUT /api/v1/domains/:domain_name/auto-renew',
        () => call('PUT', `/api/v1/domains/${name}/auto-renew`, agent.key, { enabled: true, max_gems: 9000 }),
      ],
      [
        'PUT /api/v1/domains/:domain_name/listing',
        () => call('PUT', `/api/v1/domains/${name}/listing`, agent.key, { price: { gems: 7000 } }),
      ],
      [
        'DELETE /api/v1/domains/:domain_name/listing',
        () => call('DELETE', `/api/v1/domains/${name}/listing`, agent.key),
      ],
      [
        'POST /api/v1/renew',
        () => call('POST', '/api/v1/renew', agent.key, { domain: name, years: 1, payment_method: 'gems' }),
      ],
      ['POST /api/v1/domains/:domain_name/lock', () => call('POST', `/api/v1/domains/${name}/lock`, agent.key)],
      ['POST /api/v1/domains/:domain_name/unlock', () => call('POST', `/api/v1/domains/${name}/unlock`, agent.key)],
      [
        'POST /api/v1/domains/:domain_name/unlock/cancel',
        () => call('POST', `/api/v1/domains/${name}/unlock/cancel`, agent.key),
      ],
    ];
    for (const [action, change] of changes) {
      const before = (await eventsOf(agent.id)).length;
      const r = await change();
      expect({ action, status: r.statusCode }).toEqual({ action, status: 200 });
      const added = (await eventsOf(agent.id)).slice(before);
      expect(added.map((e) => e.action)).toEqual([action]);
      expect(added[0]).toMatchObject({ object: name, credentialKind: 'agent_key', ip: '127.0.0.1' });
      expect(added[0]?.credentialId).toBeTruthy();
    }

    // Refused: nothing changed, nothing recorded (a stranger's name, a move the lock refuses, bad input).
    const count = (await eventsOf(agent.id)).length;
    for (const refused of [
      await call('POST', '/api/v1/domains/transfer', agent.key, { domain: name, to_account_id: other.id }),
      await call('PUT', `/api/v1/domains/${name}/listing`, agent.key, { price: { gems: -1 } }),
      await call('POST', `/api/v1/domains/${randomLabel('none')}.agent/lock`, agent.key),
    ])
      expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect((await eventsOf(agent.id)).length).toBe(count);

    // A batch's operations are one event each, under the batch's caller.
    const batch = await call('POST', '/api/v1/batch', agent.key, {
      operations: [
        { op: 'set_auto_renew', domain: name, enabled: false },
        { op: 'lock', domain: name },
        { op: 'renew', domain: name, years: 1 }, // refused: a batch does not pay
      ],
    });
    expect(batch.json().results.map((x: { status: number }) => x.status)).toEqual([200, 200, 402]);
    expect((await eventsOf(agent.id)).slice(count).map((e) => e.action)).toEqual([
      'PUT /api/v1/domains/:domain_name/auto-renew',
      'POST /api/v1/domains/:domain_name/lock',
    ]);
    expect((await eventsOf(agent.id)).length - start).toBe(changes.length + 2);

    // Append-only: the database itself refuses to edit or delete an event.
    await expect(
      s.t.db.em().getConnection().execute(`update audit_event set action = 'x' where actor_account_id = ?`, [agent.id]),
    ).rejects.toThrow(/append-only/);
    await expect(
      s.t.db.em().getConnection().execute(`delete from audit_event where actor_account_id = ?`, [agent.id]),
    ).rejects.toThrow(/append-only/);
  });

  it('GET /api/v1/audit shows the person their own and their agents\u2019 events, filtered and exported as JSON Lines', async () => {
    const agent = await claimedAgent(s.t.app, s.t.db.orm, person.cookie);
    const label = randomLabel('audit');
    const name = `${label}.agent`;
    const from = new Date(Date.now() - 1000).toISOString();
    await registerDomain(s.t.app, label, { headers: agent.key, method: 'gems' });
    await call('POST', `/api/v1/domains/${name}/lock`, agent.key);
    const to = new Date(Date.now() + 1000).toISOString();

    const page = (await call('GET', `/api/v1/audit?object=${name}`, { cookie: person.cookie })).json();
    expect(page.total).toBe(2);
    expect(page.data.map((e: { action: string }) => e.action)).toEqual([
      'POST /api/v1/domains/:domain_name/lock',
      'POST /api/v1/domains/register',
    ]);
    expect(page.data[0]).toMatchObject({ object: name, actor: { account_id: agent.id, credential: 'agent_key' } });
    const byAction = (
      await call('GET', `/api/v1/audit?object=${name}&action=${encodeURIComponent('POST /api/v1/domains/register')}`, {
        cookie: person.cookie,
      })
    ).json();
    expect(byAction.total).toBe(1);

    // Someone else sees none of it.
    const stranger = await humanWithSession(s.t.app, s.t.db.orm, `audit-stranger-${randomLabel()}`);
    expect((await call('GET', `/api/v1/audit?object=${name}`, { cookie: stranger.cookie })).json().total).toBe(0);
    expect((await call('GET', `/api/v1/audit?actor=${agent.id}`, { cookie: stranger.cookie })).json().total).toBe(0);

    const exported = await call(
      'GET',
      `/api/v1/audit/export?object=${name}&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
      { cookie: person.cookie },
    );
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toMatch(/application\/x-ndjson/);
    const lines = exported.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { action: string });
    expect(lines.map((l) => l.action)).toEqual([
      'POST /api/v1/domains/register',
      'POST /api/v1/domains/:domain_name/lock',
    ]);
    expect((await call('GET', `/api/v1/audit/export?object=${name}`, { cookie: person.cookie })).statusCode).toBe(400);
  });
});
