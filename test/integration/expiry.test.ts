import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { Domain, DomainOrder, OutboxEvent } from '../../src/db/entities/index.ts';
import { grantGems } from '../../src/ledger/gems.ts';
import { ensureExpirySweepSchedule, SCHEDULE_NOTE } from '../../src/temporal/expiry-schedule.ts';
import { expirySweepScheduleId } from '../../workflows/expiry-messages.ts';
import { registerDomain } from '../helpers/app.ts';
import { randomLabel } from '../helpers/fixtures.ts';
import { eventually } from '../helpers/hosted-checkout.ts';
import { provision } from '../helpers/identities.ts';
import { startRegistryStack, type RegistryStack } from '../helpers/registry-stack.ts';

const run = promisify(execFile);

// Unattended expiry end to end: the stack's worker with its schedule (a sweep every 2 s), the API, and
// the operator CLI. `ops expire` moves a real registration's expiry into the past; the next sweep does
// what the real date would, and the name is registered again by someone else as a new record.
describe('expiry: grace, back to the pool, registered again', () => {
  let s: RegistryStack;
  beforeAll(async () => {
    s = await startRegistryStack();
  });
  afterAll(() => s?.stop());

  const get = (url: string, headers: Record<string, string> = {}) => s.t.app.inject({ method: 'GET', url, headers });
  const ops = (...args: string[]) =>
    run(process.execPath, ['src/entry/ops.ts', ...args], { env: { ...process.env, DATABASE_URL: s.t.db.url } }).then(
      (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
    );
  /** An agent with gems enough for a registration, and its key header. */
  const agent = async () => {
    const p = await provision(s.t.app);
    await grantGems(s.t.db.em(), {
      accountId: p.account_id,
      amount: 5000,
      reference: `grant:${randomLabel()}`,
    });
    return { ...p, headers: { 'x-api-key': p.api_key } };
  };
  const availability = async (label: string) =>
    (await get(`/api/v1/domains/search?q=${label}.agent`)).json().results[0] as { available: boolean; reason: string };
  const eventsOf = async (name: string) =>
    (await s.t.db.em().find(OutboxEvent, { eventType: { $like: 'domain.%' } }, { orderBy: { createdAt: 'asc' } }))
      .filter((e) => e.payload.domain === name)
      .map((e) => e.eventType);

  it('ops expire: within one sweep interval the name is in grace, then back in the pool, and registrable anew', async () => {
    const alice = await agent();
    const label = randomLabel('life');
    const name = `${label}.agent`;
    const first = await registerDomain(s.t.app, label, { headers: alice.headers, method: 'gems' });
    expect(first.statusCode).toBe(200);
    const oldId = (await s.t.db.em().findOneOrFail(Domain, { name })).id;

    // Grace: still held — lookup shows it, search and registration refuse it.
    const toGrace = await ops('expire', name, '--stage', 'grace');
    expect(toGrace.code).toBe(0);
    expect(JSON.parse(toGrace.stdout)).toMatchObject({ domain: name, status: 'active', stage: 'grace' });
    await eventually(async () => (await get(`/api/v1/lookup/${name}`)).json().domain?.status === 'grace');
    expect((await get(`/api/v1/lookup/${name}`)).json().domain).toMatchObject({ name, status: 'grace' });
    expect(await availability(label)).toMatchObject({ available: false, reason: 'registered' });
    const bob = await agent();
    expect((await registerDomain(s.t.app, label, { headers: bob.headers, method: 'gems' })).json()).toMatchObject({
      code: 'name_taken',
    });

    // Expired: back in the pool — lookup, management, transfer and manifests no longer know the record.
    const toExpired = await ops('expire', name);
    expect(toExpired.code).toBe(0);
    expect(JSON.parse(toExpired.stdout)).toMatchObject({ domain: name, status: 'grace', stage: 'expired' });
    await eventually(async () => (await get(`/api/v1/lookup/${name}`)).statusCode === 404);
    expect((await get(`/api/v1/lookup/${name}`)).json()).toMatchObject({ code: 'domain_not_found' });
    expect(await availability(label)).toEqual(expect.objectContaining({ available: true, reason: 'available' }));
    expect((await get(`/api/v1/domains/${name}`, alice.headers)).statusCode).toBe(404);
    expect((await get(`/api/v1/domains/${name}/agent.json`)).statusCode).toBe(404);
    const transfer = await s.t.app.inject({
      method: 'POST',
      url: '/api/v1/domains/transfer',
      payload: { domain: name, to_account_id: bob.account_id },
      headers: alice.headers,
    });
    expect(transfer.json()).toMatchObject({ code: 'domain_not_found' });
    expect((await get('/api/v1/domains', alice.headers)).json().data).toEqual([]);
    expect(await eventsOf(name)).toEqual(['domain.registered', 'domain.grace_started', 'domain.expired']);
    // The sweep's moves are the registry's own audit events, in the owner's trail, once each (docs/teams.md).
    const trail = (await get(`/api/v1/audit?object=${name}`, alice.headers)).json().data as {
      action: string;
      actor: { account_id: string | null; credential: string | null };
      details: { before?: unknown; after?: unknown };
    }[];
    expect(trail.filter((e) => e.actor.credential === 'registry').reverse()).toEqual([
      expect.objectContaining({
        action: 'registry: domain.grace_started',
        actor: expect.objectContaining({ account_id: null }),
        details: expect.objectContaining({ before: { status: 'active' }, after: { status: 'grace' } }),
      }),
      expect.objectContaining({
        action: 'registry: domain.expired',
        details: expect.objectContaining({ before: { status: 'grace' }, after: { status: 'expired' } }),
      }),
    ]);
    // The order stays in the activity ledger.
    const activity = (await get('/api/v1/domains/activity', alice.headers)).json().data;
    expect(activity).toEqual([expect.objectContaining({ kind: 'registration', domain: name })]);
    expect((await ops('expire', name)).stderr).toContain(`no domain ${name} holds that name`);

    // Someone else registers the name: a new record, the old one kept as history.
    const again = await registerDomain(s.t.app, label, { headers: bob.headers, method: 'gems' });
    expect(again.statusCode).toBe(200);
    expect(again.json().domain).toMatchObject({ name, status: 'active', owner_id: bob.account_id });
    const records = await s.t.db.em().find(Domain, { name }, { orderBy: { id: 'asc' } });
    expect(records.map((d) => [d.id === oldId, d.status, d.owner.id])).toEqual([
      [true, 'expired', alice.account_id],
      [false, 'active', bob.account_id],
    ]);
    expect((await get(`/api/v1/lookup/${name}`)).json().domain).toMatchObject({ name, status: 'active' });
    expect(await s.t.db.em().count(DomainOrder, { domainName: name })).toBe(2);
    // Only one record may hold a name: the partial unique index still refuses a second live one.
    const third = await agent();
    expect((await registerDomain(s.t.app, label, { headers: third.headers, method: 'gems' })).json()).toMatchObject({
      code: 'name_taken',
    });
  });

  it('the schedule is created once per task queue and follows the configuration', async () => {
    const id = expirySweepScheduleId(s.taskQueue);
    const settings = { taskQueue: s.taskQueue, everySeconds: 2, graceDays: 30, autoRenewDaysBefore: 3 };
    expect(await ensureExpirySweepSchedule(s.t.temporal.client, settings)).toBe(id);
    await ensureExpirySweepSchedule(s.t.temporal.client, { ...settings, graceDays: 45 });
    const d = await s.t.temporal.client.schedule.getHandle(id).describe();
    expect(d.policies.overlap).toBe('SKIP');
    expect(d.action).toMatchObject({
      workflowType: 'expirySweepWorkflow',
      taskQueue: s.taskQueue,
      args: [{ graceDays: 45 }],
      // Each sweep run says what it is in the Temporal UI, and so does the schedule (issue 51).
      staticSummary: expect.stringMatching(/^expiry sweep: names past expiry into grace/),
    });
    expect(d.state.note).toBe(SCHEDULE_NOTE);
    // An operator's pause survives a worker restart; the settings still follow the configuration.
    await s.t.temporal.client.schedule.getHandle(id).pause('operator');
    await ensureExpirySweepSchedule(s.t.temporal.client, settings);
    const after = await s.t.temporal.client.schedule.getHandle(id).describe();
    expect(after.state.paused).toBe(true);
    expect(after.action).toMatchObject({ args: [{ graceDays: 30 }] });
    await s.t.temporal.client.schedule.getHandle(id).unpause();
  });
});
