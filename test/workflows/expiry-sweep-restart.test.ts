import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { Context } from '@temporalio/activity';
import { createExpiryActivities, type ExpiryActivities } from '../../activities/expiry.ts';
import { Domain, OutboxEvent } from '../../src/db/entities/index.ts';
import type { ExpirySweepInput, ExpirySweepResult } from '../../workflows/expiry-messages.ts';
import { CATALOG_PATH } from '../helpers/db.ts';
import { createDomain, randomLabel } from '../helpers/fixtures.ts';
import { useTemporal, useTestDatabase } from '../helpers/temporal.ts';
import { createWorker } from '../helpers/workflow-bundle.ts';

const HOUR = 3600 * 1000;

// A worker that goes away in the middle of a sweep, right after a page committed and before its
// activity reported: the sweep must finish on the next worker and repeat nothing. On the suite's dev
// server, which (unlike the time-skipping test server) reroutes a dead worker's tasks as production does;
// the names come due on the real clock, so no time needs to pass.
describe('expirySweepWorkflow across a worker restart (dev server, real activities and database)', () => {
  const env = useTemporal('dev-server');
  const db = useTestDatabase();

  const statusOf = async (id: number) => (await db.em().findOneOrFail(Domain, { id })).status;
  const eventsOf = async (id: number) =>
    (await db.em().find(OutboxEvent, { eventType: { $like: 'domain.%' } }))
      .filter((e) => e.payload.domain_id === id)
      .map((e) => e.eventType);

  it('finishes on the new worker after a page committed on the old one, repeating nothing', async () => {
    const expiry = Date.now() - HOUR;
    const ds = await Promise.all(
      Array.from({ length: 5 }, () =>
        createDomain(db.orm, {
          label: randomLabel('restart'),
          namespace: 'agent',
          registrationDate: new Date(expiry - 365 * 24 * HOUR),
          expiryDate: new Date(expiry),
        }),
      ),
    );
    const taskQueue = `expiry-restart-${randomUUID()}`;
    const real = createExpiryActivities({ orm: db.orm, catalogPath: CATALOG_PATH });
    let committed!: () => void;
    const pageCommitted = new Promise<void>((resolve) => (committed = resolve));
    const dying: ExpiryActivities = {
      ...real,
      async startGracePeriods(p) {
        await real.startGracePeriods(p);
        committed();
        // Never reports its result: the worker goes away with this attempt in flight.
        return new Promise((_, reject) => void Context.current().cancelled.catch(reject));
      },
    };

    const first = await createWorker(env.environment.nativeConnection, taskQueue, dying);
    const firstRunning = first.run();
    const handle = await env.client.workflow.start('expirySweepWorkflow', {
      taskQueue,
      workflowId: `expiry-sweep:${taskQueue}`,
      args: [{ graceDays: 30, pageSize: 2 } satisfies ExpirySweepInput],
    });
    await pageCommitted;
    first.shutdown();
    await firstRunning;
    expect((await Promise.all(ds.map((d) => statusOf(d.id)))).filter((s) => s === 'grace')).toHaveLength(2);

    const second = await createWorker(env.environment.nativeConnection, taskQueue, real);
    await second.runUntil(async () => {
      const finished = (await handle.result()) as ExpirySweepResult;
      // And the whole sweep run again from its first step over the same cut-off finds nothing to do.
      const again = await env.client.workflow.execute('expirySweepWorkflow', {
        taskQueue,
        workflowId: `expiry-sweep:${taskQueue}:again`,
        args: [
          {
            graceDays: 30,
            resume: {
              asOfMs: Date.parse(finished.asOf),
              step: 'remind-30',
              after: null,
              totals: { autoRenewed: 0, reminded: 0, graceStarted: 0, expired: 0, pages: 0 },
            },
          } satisfies ExpirySweepInput,
        ],
      });
      expect(again).toMatchObject({ asOf: finished.asOf, reminded: 0, graceStarted: 0, expired: 0 });
    });
    for (const d of ds) {
      expect(await statusOf(d.id)).toBe('grace');
      expect(await eventsOf(d.id)).toEqual(['domain.grace_started']);
    }
  });
});
