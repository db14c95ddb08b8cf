import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { temporal } from '@temporalio/proto';
import { createExpiryActivities } from '../../activities/expiry.ts';
import { checkoutSessions } from '../../src/db/checkout-sessions.ts';
import { Domain } from '../../src/db/entities/index.ts';
import type { ExpirySweepInput, ExpirySweepResult } from '../../workflows/expiry-messages.ts';
import { CATALOG_PATH } from '../helpers/db.ts';
import { createDomain, randomLabel } from '../helpers/fixtures.ts';
import { useTemporal, useTestDatabase } from '../helpers/temporal.ts';

const DAY = 24 * 3600 * 1000;
const { EventType } = temporal.api.enums.v1;

// Issue 38 item 22: a development stack sweeps every 5 s, and a sweep with nothing due cost 49 history
// events and 7 activities. It now asks one query which steps have work and runs only those; an idle sweep
// is that one activity. The real activities over a real database, on the suite's dev server (real clock),
// counting the events of each run's history.
describe('expirySweepWorkflow with nothing due', () => {
  const env = useTemporal('dev-server');
  const db = useTestDatabase();

  /** One sweep's result and what its history holds: every event, and the activities it scheduled. */
  const sweep = () =>
    env.withWorker(
      createExpiryActivities({ orm: db.orm, catalogPath: CATALOG_PATH, temporal: env.client }),
      async (taskQueue) => {
        const handle = await env.client.workflow.start<(i: ExpirySweepInput) => Promise<ExpirySweepResult>>(
          'expirySweepWorkflow',
          { taskQueue, workflowId: `expiry-sweep:${taskQueue}`, args: [{ graceDays: 30 }] },
        );
        const result = await handle.result();
        const events = (await handle.fetchHistory()).events ?? [];
        const activities = events.flatMap((e) =>
          e.eventType === EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED
            ? [e.activityTaskScheduledEventAttributes?.activityType?.name ?? '?']
            : [],
        );
        return { result, events: events.length, activities };
      },
    );

  const domainExpiringIn = (ms: number) =>
    createDomain(db.orm, {
      label: randomLabel('idle'),
      namespace: 'agent',
      registrationDate: new Date(Date.now() - DAY),
      expiryDate: new Date(Date.now() + ms),
    });

  it('is one activity and a dozen history events when nothing is due', async () => {
    // A name far from every mark: nothing to remind, renew, move or close.
    await domainExpiringIn(200 * DAY);
    const idle = await sweep();
    expect(idle.activities).toEqual(['findDueExpirySteps']);
    // Started; a workflow task; the patch's marker and its TemporalChangeVersion search attribute; the
    // activity's three events; a workflow task; completed: 13 (49 before, with 7 activities).
    expect(idle.events).toBeLessThanOrEqual(13);
    expect(idle.result).toMatchObject({ autoRenewed: 0, reminded: 0, graceStarted: 0, expired: 0, pages: 0 });
  });

  it('runs only the steps that have work, and is idle again once they are done', async () => {
    const soon = await domainExpiringIn(5 * DAY);
    const past = await domainExpiringIn(-DAY);
    const busy = await sweep();
    expect(busy.activities).toEqual(['findDueExpirySteps', 'remindExpiringDomains', 'startGracePeriods']);
    expect(busy.result).toMatchObject({ reminded: 1, graceStarted: 1, pages: 2 });
    expect((await db.em().findOneOrFail(Domain, { id: past.id })).status).toBe('grace');

    // The 7-day reminder of `soon` is written and `past` is in grace: nothing is due until the next mark.
    const again = await sweep();
    expect(again.activities).toEqual(['findDueExpirySteps']);
    expect((await db.em().findOneOrFail(Domain, { id: soon.id })).status).toBe('active');
  });

  it('finds an auto-renewal due, and an unpaid checkout whose hold has passed', async () => {
    // Auto-renew on, within its lead of 3 days, its price above its cap: refused and announced once.
    const renewing = await domainExpiringIn(2 * DAY);
    await db.em().nativeUpdate(Domain, { id: renewing.id }, { autoRenewMaxGems: 10 });
    await checkoutSessions(db.em()).open({
      sessionId: randomUUID(),
      name: `${randomLabel('ab')}.agent`,
      operation: 'registration',
      holder: `ip:${randomLabel('h')}`,
      actorAccountId: null,
      method: 'mpp',
      expiresAt: new Date(Date.now() - 60_000),
      max: 5,
    });
    const busy = await sweep();
    // (No reminder: its expiry lies before the latest term already reminded at 7 days, which the
    // reminder step resumes from.)
    expect(busy.activities).toEqual(['findDueExpirySteps', 'autoRenewDomains', 'closeAbandonedCheckouts']);
    expect(busy.result).toMatchObject({ autoRenewed: 1, reminded: 0, checkoutsClosed: 1 });
  });
});
