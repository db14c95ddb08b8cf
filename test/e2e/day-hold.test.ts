import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { DefaultLogger, NativeConnection, Worker } from '@temporalio/worker';
import { createActivities } from '../../activities/index.ts';
import { AuditEvent } from '../../src/db/entities/index.ts';
import { workflowBundle } from '../../src/entry/workflow-bundle.ts';
import { gemsBalance, grantGems } from '../../src/ledger/gems.ts';
import { createDayHoldActivities } from '../fixtures/day-hold/effect.ts';
import { dayHoldWorkflowId } from '../fixtures/day-hold/messages.ts';
import * as dayHoldRoute from '../fixtures/day-hold/route.ts';
import { dayHoldRoutes } from '../fixtures/day-hold/route.ts';
import { DAY_HOLD_GEMS } from '../fixtures/day-hold/service.ts';
import { buildTestApp, testTemporalAddress, type TestApp } from '../helpers/app.ts';
import { CATALOG_PATH } from '../helpers/db.ts';
import { randomLabel } from '../helpers/fixtures.ts';
import { provision } from '../helpers/identities.ts';
import { bundleSinks } from '../helpers/workflow-bundle.ts';

// A sixth paid operation written as a test fixture (test/fixtures/day-hold: five files, and this test
// which registers its route and runs its worker): "hold a name for a day", paid with gems. It runs
// through the same pipeline, checkout machinery, Temporal run and idempotent effect as the shipped five,
// against PostgreSQL and the suite's Temporal server; src/checkout/README.md counts what a shipped one
// touches.
describe('a paid operation added as a fixture: the day hold', () => {
  let t: TestApp;
  let worker: Worker;
  let running: Promise<void>;
  let connection: NativeConnection;
  const taskQueue = `day-hold-${randomUUID()}`;

  beforeAll(async () => {
    t = await buildTestApp({ TEMPORAL_TASK_QUEUE: taskQueue }, testTemporalAddress(), {
      modules: [{ declares: [dayHoldRoute], plugin: dayHoldRoutes }],
    });
    connection = await NativeConnection.connect({ address: testTemporalAddress() });
    const deps = { orm: t.db.orm, catalogPath: CATALOG_PATH };
    worker = await Worker.create({
      connection,
      taskQueue,
      workflowBundle: await workflowBundle(fileURLToPath(new URL('../fixtures/day-hold/bundle.ts', import.meta.url)), {
        logger: new DefaultLogger('WARN'),
      }),
      activities: { ...createActivities(deps), ...createDayHoldActivities(deps) },
      sinks: bundleSinks(),
    });
    running = worker.run();
  });
  afterAll(async () => {
    worker?.shutdown();
    await running;
    await connection?.close();
    await t?.close();
  });

  const hold = (name: string, key: string, idempotencyKey: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/domains/${name}/day-hold`,
      headers: { 'x-api-key': key, 'idempotency-key': idempotencyKey },
      payload: { payment_method: 'gems' },
    });
  const debits = async (name: string) =>
    Number(
      (
        await t.db
          .em()
          .getConnection()
          .execute<{ n: string }[]>(`select count(*) as n from ledger_transaction where memo = ? and kind = 'debit'`, [
            name,
          ])
      )[0]?.n,
    );

  it('is paid once, kept for its key, audited once, and its run ends Completed', async () => {
    const agent = await provision(t.app);
    await grantGems(t.db.em(), { accountId: agent.account_id, amount: 20, reference: `grant:${randomUUID()}` });
    const name = `${randomLabel('dh')}.agent`;
    const key = randomUUID();
    const first = await hold(name, agent.api_key, key);
    expect({ status: first.statusCode, body: first.json() }).toMatchObject({
      status: 200,
      body: { status: 'success', domain: name, payment_reference: expect.stringMatching(/^ledger:\d+$/) },
    });
    const heldFor = Date.parse(first.json().held_until) - Date.now();
    expect(heldFor).toBeGreaterThan(23 * 3600 * 1000);
    expect(heldFor).toBeLessThanOrEqual(24 * 3600 * 1000);
    expect(await gemsBalance(t.db.em(), agent.account_id)).toBe(20 - DAY_HOLD_GEMS);

    // The same key again: the kept answer, nothing paid a second time.
    const again = await hold(name, agent.api_key, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await gemsBalance(t.db.em(), agent.account_id)).toBe(20 - DAY_HOLD_GEMS);
    expect(await debits(name)).toBe(1);

    // One audit event for the one change, written in the effect's transaction.
    const events = await t.db.em().find(AuditEvent, { actorAccountId: agent.account_id, object: name });
    expect(events.map((e) => e.action)).toEqual(['POST /api/v1/domains/:domain_name/day-hold']);

    const run = await t.temporal.client.workflow.getHandle(dayHoldWorkflowId(name)).describe();
    expect(run.status.name).toBe('COMPLETED');
    expect(run.taskQueue).toBe(taskQueue);
  });

  it('is refused with nothing taken when the gems do not cover it', async () => {
    const agent = await provision(t.app);
    await grantGems(t.db.em(), {
      accountId: agent.account_id,
      amount: DAY_HOLD_GEMS - 1,
      reference: `grant:${randomUUID()}`,
    });
    const name = `${randomLabel('dh')}.agent`;
    const res = await hold(name, agent.api_key, randomUUID());
    expect({ status: res.statusCode, code: res.json().code }).toEqual({ status: 402, code: 'insufficient_gems' });
    expect(await gemsBalance(t.db.em(), agent.account_id)).toBe(DAY_HOLD_GEMS - 1);
    expect(await debits(name)).toBe(0);
    // A refusal is the run's business outcome: it ends Completed, not Failed.
    const run = await t.temporal.client.workflow.getHandle(dayHoldWorkflowId(name)).describe();
    expect(run.status.name).toBe('COMPLETED');
  });
});
