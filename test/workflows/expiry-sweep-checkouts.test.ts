import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { createExpiryActivities } from '../../activities/expiry.ts';
import { checkoutSessions } from '../../src/db/checkout-sessions.ts';
import { domainRepository } from '../../src/db/domain-repository.ts';
import type { ExpirySweepInput, ExpirySweepResult } from '../../workflows/expiry-messages.ts';
import { registrationWorkflowId } from '../../workflows/registration-messages.ts';
import { CATALOG_PATH } from '../helpers/db.ts';
import { randomLabel } from '../helpers/fixtures.ts';
import { useTemporal, useTestDatabase } from '../helpers/temporal.ts';

const HOUR = 3600 * 1000;

// Issue 25 A: an API killed between recording a checkout and starting its run left a row that no run
// will ever close. The expiry sweep closes such rows once their hold has passed, asking Temporal (the
// suite's dev server, real clock) whether a run of theirs is open; the real activities over a real database.
describe('expirySweepWorkflow closes checkouts whose run never started', () => {
  const env = useTemporal('dev-server');
  const db = useTestDatabase();

  const sweep = () =>
    env.withWorker(
      createExpiryActivities({ orm: db.orm, catalogPath: CATALOG_PATH, temporal: env.client }),
      (taskQueue) =>
        env.client.workflow.execute<(i: ExpirySweepInput) => Promise<ExpirySweepResult>>('expirySweepWorkflow', {
          taskQueue,
          workflowId: `expiry-sweep:${taskQueue}`,
          args: [{ graceDays: 30 }],
        }),
    );

  /** A checkout as the API records it before starting its run (src/checkout/checkout-service.ts). */
  async function recorded(expiresAt: Date, operation = 'registration') {
    const c = { sessionId: randomUUID(), name: `${randomLabel('ab')}.agent`, operation };
    await checkoutSessions(db.em()).open({
      ...c,
      holder: `ip:${randomLabel('h')}`,
      actorAccountId: null,
      method: 'mpp',
      expiresAt,
      max: 5,
    });
    return c;
  }
  /** A run that stays open: started on a task queue no worker polls, as the API starts a checkout's run. */
  async function openRun(workflowId: string, sessionId: string) {
    return env.client.workflow.start('registrationWorkflow', {
      taskQueue: `no-worker-${randomUUID()}`,
      workflowId,
      args: [{}],
      memo: { sessionId },
    });
  }
  const rowOf = async (sessionId: string) => checkoutSessions(db.em()).find(sessionId);
  const stateOf = async (name: string) => (await domainRepository(db.em()).statesOf([name])).get(name);

  it('closes a passed hold with no run, and leaves one with a live run or an unexpired hold alone', async () => {
    const passed = new Date(Date.now() - HOUR);
    const abandoned = await recorded(passed);
    const abandonedRenewal = await recorded(passed, 'renewal');
    const live = await recorded(passed);
    const unexpired = await recorded(new Date(Date.now() + HOUR));
    // Another checkout of the same name runs now: it is not this row's run.
    const superseded = await recorded(passed);
    const liveRun = await openRun(registrationWorkflowId(live.name), live.sessionId);
    const otherRun = await openRun(registrationWorkflowId(superseded.name), randomUUID());
    try {
      const result = await sweep();
      expect(result.checkoutsClosed).toBe(3);

      for (const c of [abandoned, abandonedRenewal, superseded]) {
        const row = await rowOf(c.sessionId);
        expect({ name: c.name, outcome: row?.outcome }).toEqual({ name: c.name, outcome: 'abandoned' });
        expect(row?.endedAt).toBeInstanceOf(Date);
        expect(await stateOf(c.name)).toBe('free');
      }
      expect((await rowOf(live.sessionId))?.outcome).toBeNull();
      expect((await rowOf(unexpired.sessionId))?.outcome).toBeNull();
      expect(await stateOf(unexpired.name)).toBe('held');
      // The abandoned name can be checked out again at once, by anyone.
      await recorded(new Date(Date.now() + HOUR)).then(async (again) => {
        expect(await stateOf(again.name)).toBe('held');
      });

      // A second sweep finds nothing more to close; the live run's row waits for its run.
      expect((await sweep()).checkoutsClosed).toBe(0);
      expect((await rowOf(live.sessionId))?.outcome).toBeNull();
    } finally {
      await Promise.all([liveRun.terminate(), otherRun.terminate()]);
    }
  });

  it('pages through the rows it leaves alone', async () => {
    const passed = new Date(Date.now() - 2 * HOUR);
    const lives = await Promise.all(Array.from({ length: 3 }, () => recorded(passed)));
    const runs = await Promise.all(lives.map((c) => openRun(registrationWorkflowId(c.name), c.sessionId)));
    const abandoned = await recorded(new Date(Date.now() - HOUR));
    try {
      const activities = createExpiryActivities({ orm: db.orm, catalogPath: CATALOG_PATH, temporal: env.client });
      const result = await env.withWorker(activities, (taskQueue) =>
        env.client.workflow.execute<(i: ExpirySweepInput) => Promise<ExpirySweepResult>>('expirySweepWorkflow', {
          taskQueue,
          workflowId: `expiry-sweep:${taskQueue}`,
          args: [{ graceDays: 30, pageSize: 2 }],
        }),
      );
      // The abandoned row comes after the three live ones (a later hold): it is on the second page.
      expect(result.checkoutsClosed).toBeGreaterThanOrEqual(1);
      expect((await rowOf(abandoned.sessionId))?.outcome).toBe('abandoned');
      for (const c of lives) expect((await rowOf(c.sessionId))?.outcome).toBeNull();
    } finally {
      await Promise.all(runs.map((r) => r.terminate()));
    }
  });
});
