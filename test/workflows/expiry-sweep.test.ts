import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { Client } from '@temporalio/client';
import { createExpiryActivities, type ExpiryActivities } from '../../activities/expiry.ts';
import { Domain, DomainOrder, OutboxEvent } from '../../src/db/entities/index.ts';
import { gemsBalance, grantGems } from '../../src/ledger/gems.ts';
import type { ExpiryPageResult, ExpirySweepInput, ExpirySweepResult } from '../../workflows/expiry-messages.ts';
import { CATALOG_PATH } from '../helpers/db.ts';
import { createDomain, randomLabel } from '../helpers/fixtures.ts';
import { useTemporal, useTestDatabase } from '../helpers/temporal.ts';
import { createWorker } from '../helpers/workflow-bundle.ts';

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

// The expiry sweep on the time-skipping server with the REAL activities over a real database: the
// workflow clock (the server's) moves years ahead while the database's clock stays today, so every
// transition below happens only because the activities judge by the workflow's cut-off time.
// Time moves only where a test says so (`at`): results are awaited through a plain client, because the
// environment's own client lets the server skip ahead while it waits (to a completed run's 10-year
// timeout), which would put the next sweep's cut-off anywhere.
describe('expirySweepWorkflow (time-skipping, real activities and database)', () => {
  const env = useTemporal('time-skipping');
  const db = useTestDatabase({ each: true });

  const activities = () => createExpiryActivities({ orm: db.orm, catalogPath: CATALOG_PATH });
  const now = () => env.environment.currentTimeMs();
  /** Moves the server's clock forward to `ms`. */
  const at = async (ms: number) => {
    const t = await now();
    if (ms > t) await env.environment.sleep(ms - t);
  };
  const client = () => new Client({ connection: env.environment.connection });
  const sweep = (input: Partial<ExpirySweepInput> = {}, acts: ExpiryActivities = activities()) =>
    env.withWorker(acts, (taskQueue) =>
      client().workflow.execute<(i: ExpirySweepInput) => Promise<ExpirySweepResult>>('expirySweepWorkflow', {
        taskQueue,
        workflowId: `expiry-sweep:${taskQueue}`,
        args: [{ graceDays: 30, ...input }],
      }),
    );

  const domainExpiring = (expiry: number, registered = expiry - 365 * DAY) =>
    createDomain(db.orm, {
      label: randomLabel('exp'),
      namespace: 'agent',
      registrationDate: new Date(registered),
      expiryDate: new Date(expiry),
    });
  const statusOf = async (id: number) => (await db.em().findOneOrFail(Domain, { id })).status;
  /** The expiry events of one domain record, oldest first. */
  const eventsOf = async (id: number) =>
    (await db.em().find(OutboxEvent, { eventType: { $like: 'domain.%' } }, { orderBy: { createdAt: 'asc' } }))
      .filter((e) => e.payload.domain_id === id)
      .map((e) => ({ type: e.eventType, ...e.payload }) as { type: string } & Record<string, unknown>);

  it('moves a domain active → grace → expired as the years pass, each event once', async () => {
    const t0 = await now();
    const expiry = t0 + 365 * DAY;
    const d = await domainExpiring(expiry, t0);
    const later = await domainExpiring(t0 + 3 * 365 * DAY, t0);

    expect(await sweep()).toMatchObject({ graceStarted: 0, expired: 0 });
    expect(await statusOf(d.id)).toBe('active');

    await at(expiry + HOUR);
    expect(await sweep()).toMatchObject({ graceStarted: 1, expired: 0 });
    expect(await statusOf(d.id)).toBe('grace');
    expect(await sweep()).toMatchObject({ graceStarted: 0, expired: 0 });

    await at(expiry + 30 * DAY - HOUR);
    await sweep();
    expect(await statusOf(d.id)).toBe('grace');

    await at(expiry + 30 * DAY + HOUR);
    expect(await sweep()).toMatchObject({ graceStarted: 0, expired: 1 });
    expect(await statusOf(d.id)).toBe('expired');
    expect(await sweep()).toMatchObject({ graceStarted: 0, expired: 0 });

    const base = { domain: d.name, domain_id: d.id, owner_id: d.owner.id, expiry_date: new Date(expiry).toISOString() };
    const graceEnds = new Date(expiry + 30 * DAY).toISOString();
    expect(await eventsOf(d.id)).toEqual([
      { type: 'domain.grace_started', ...base, grace_ends_at: graceEnds },
      { type: 'domain.expired', ...base, grace_ends_at: graceEnds },
    ]);
    expect(await statusOf(later.id)).toBe('active');
    // The database's own clock never moved: the decisions came from the workflow's cut-off time.
    expect(Date.now()).toBeLessThan(expiry);
  });

  it('reminds 30, 7 and 1 days before expiry, once each per term, and again for a renewed term', async () => {
    const t0 = await now();
    const expiry = t0 + 365 * DAY;
    const d = await domainExpiring(expiry, t0);
    const reminders = async () =>
      (await eventsOf(d.id))
        .filter((e) => e.type === 'domain.expiring')
        .map((e) => [e.days_before, e.expiry_date] as const);
    const term = new Date(expiry).toISOString();

    await at(expiry - 31 * DAY);
    await sweep();
    expect(await reminders()).toEqual([]);
    for (const days of [30, 7, 1]) {
      await at(expiry - days * DAY + HOUR);
      expect(await sweep()).toMatchObject({ reminded: 1 });
      expect(await sweep()).toMatchObject({ reminded: 0 });
    }
    expect(await reminders()).toEqual([
      [30, term],
      [7, term],
      [1, term],
    ]);
    const [first] = (await eventsOf(d.id)).filter((e) => e.type === 'domain.expiring');
    expect(first).toEqual({
      type: 'domain.expiring',
      domain: d.name,
      domain_id: d.id,
      owner_id: d.owner.id,
      expiry_date: term,
      days_before: 30,
      grace_ends_at: new Date(expiry + 30 * DAY).toISOString(),
    });

    // Renewed before the date (what the renewal work does to the row): a new term, reminded afresh.
    const renewed = expiry + 365 * DAY;
    await db.em().nativeUpdate(Domain, { id: d.id }, { expiryDate: new Date(renewed) });
    await at(expiry + HOUR);
    expect(await sweep()).toMatchObject({ graceStarted: 0, reminded: 0 });
    await at(renewed - 30 * DAY + HOUR);
    await sweep();
    await sweep();
    expect((await reminders()).slice(3)).toEqual([[30, new Date(renewed).toISOString()]]);
    expect(await statusOf(d.id)).toBe('active');
  });

  it('after a sweep outage sends only the nearer reminder, and none once a domain is past its date', async () => {
    const t0 = await now();
    const soon = await domainExpiring(t0 + 400 * DAY, t0);
    const next = await domainExpiring(t0 + 401 * DAY, t0);
    // No sweep ran while `soon` crossed its 30-day mark; 5 days before, only the 7-day reminder is owed.
    await at(t0 + 395 * DAY);
    expect(await sweep()).toMatchObject({ reminded: 2 });
    await at(t0 + 401 * DAY + HOUR);
    await sweep();
    const kinds = async (id: number) => (await eventsOf(id)).map((e) => [e.type, e.days_before ?? null]);
    expect(await kinds(soon.id)).toEqual([
      ['domain.expiring', 7],
      ['domain.grace_started', null],
    ]);
    expect(await kinds(next.id)).toEqual([
      ['domain.expiring', 7],
      ['domain.grace_started', null],
    ]);
  });

  it('pages through many due names in bounded pages, continuing as new, and skips none', async () => {
    const t0 = await now();
    const expiry = t0 + 365 * DAY;
    // Seven share one expiry date (the cursor's tie-break on id matters), three follow.
    const due = [
      ...(await Promise.all(Array.from({ length: 7 }, () => domainExpiring(expiry, t0)))),
      ...(await Promise.all([1, 2, 3].map((m) => domainExpiring(expiry + m * 60_000, t0)))),
    ];
    await at(expiry + HOUR);
    const taskQueue = `expiry-pages-${randomUUID()}`;
    const worker = await createWorker(env.environment.nativeConnection, taskQueue, activities());
    await worker.runUntil(async () => {
      const handle = await client().workflow.start('expirySweepWorkflow', {
        taskQueue,
        workflowId: `expiry-sweep:${taskQueue}`,
        args: [{ graceDays: 30, pageSize: 2, pagesPerRun: 3 } satisfies ExpirySweepInput],
      });
      const result = (await handle.result()) as ExpirySweepResult;
      expect(result).toMatchObject({ graceStarted: 10, asOf: expect.any(String) });
      // The first run handed on to a next one rather than growing one history.
      const first = client().workflow.getHandle(handle.workflowId, handle.firstExecutionRunId);
      expect((await first.describe()).status.name).toBe('CONTINUED_AS_NEW');
    });
    for (const d of due) {
      expect(await statusOf(d.id)).toBe('grace');
      expect((await eventsOf(d.id)).map((e) => e.type)).toEqual(['domain.grace_started']);
    }
  });

  it('overlapping sweeps (a manual run beside the scheduled one) announce each change once', async () => {
    const t0 = await now();
    const expiry = t0 + 365 * DAY;
    const ds = await Promise.all(Array.from({ length: 12 }, () => domainExpiring(expiry, t0)));
    await at(expiry + 30 * DAY + HOUR);
    const results = await env.withWorker(activities(), (taskQueue) =>
      Promise.all(
        [1, 2, 3].map((n) =>
          client().workflow.execute<(i: ExpirySweepInput) => Promise<ExpirySweepResult>>('expirySweepWorkflow', {
            taskQueue,
            workflowId: `expiry-sweep:${taskQueue}:${n}`,
            args: [{ graceDays: 30, pageSize: 1 }],
          }),
        ),
      ),
    );
    expect(results.reduce((n, r) => n + r.graceStarted, 0)).toBe(12);
    expect(results.reduce((n, r) => n + r.expired, 0)).toBe(12);
    for (const d of ds) {
      expect(await statusOf(d.id)).toBe('expired');
      expect((await eventsOf(d.id)).map((e) => e.type)).toEqual(['domain.grace_started', 'domain.expired']);
    }
  });

  it('a page that committed but whose activity failed is retried and repeats nothing', async () => {
    const t0 = await now();
    const expiry = t0 + 365 * DAY;
    const ds = await Promise.all(Array.from({ length: 5 }, () => domainExpiring(expiry, t0)));
    const real = activities();
    const failedOnce = new Set<string>();
    // The first page of each kind that changes anything commits, then its attempt "loses the connection"
    // before reporting, so Temporal retries a page whose work is already done.
    const flaky =
      <A extends unknown[]>(kind: string, page: (...a: A) => Promise<ExpiryPageResult>) =>
      async (...a: A): Promise<ExpiryPageResult> => {
        const done = await page(...a);
        if (done.changed > 0 && !failedOnce.has(kind)) {
          failedOnce.add(kind);
          throw new Error('connection reset after commit');
        }
        return done;
      };
    const acts: ExpiryActivities = {
      findDueExpirySteps: real.findDueExpirySteps,
      autoRenewDomains: real.autoRenewDomains,
      remindExpiringDomains: flaky('remind', real.remindExpiringDomains),
      startGracePeriods: flaky('grace', real.startGracePeriods),
      expireDomains: flaky('expire', real.expireDomains),
      closeAbandonedCheckouts: real.closeAbandonedCheckouts,
    };

    await at(expiry - 7 * DAY + HOUR);
    await sweep({ pageSize: 2 }, acts);
    await at(expiry + HOUR);
    await sweep({ pageSize: 2 }, acts);
    await at(expiry + 30 * DAY + HOUR);
    await sweep({ pageSize: 2 }, acts);
    expect([...failedOnce].sort()).toEqual(['expire', 'grace', 'remind']);

    for (const d of ds) {
      expect(await statusOf(d.id)).toBe('expired');
      expect((await eventsOf(d.id)).map((e) => [e.type, e.days_before ?? null])).toEqual([
        ['domain.expiring', 7],
        ['domain.grace_started', null],
        ['domain.expired', null],
      ]);
    }
  });

  it('auto-renews from the owner’s gems within the cap, once per term; beyond the cap it says so once', async () => {
    const t0 = await now();
    const expiry = t0 + 365 * DAY;
    const within = await domainExpiring(expiry, t0);
    const beyond = await domainExpiring(expiry, t0);
    await db.em().nativeUpdate(Domain, { id: within.id }, { autoRenewMaxGems: 2000 });
    await db.em().nativeUpdate(Domain, { id: beyond.id }, { autoRenewMaxGems: 1000 });
    for (const d of [within, beyond])
      await grantGems(db.em(), { accountId: d.owner.id, amount: 5000, reference: `grant:${randomLabel()}` });

    await at(expiry - 4 * DAY);
    expect(await sweep()).toMatchObject({ autoRenewed: 0 });
    await at(expiry - 2 * DAY);
    expect(await sweep()).toMatchObject({ autoRenewed: 2 });
    expect(await sweep()).toMatchObject({ autoRenewed: 0 });

    // Within the cap: one year from the old expiry, 1500 gems (the agent price of .agent), one order.
    const renewed = await db.em().findOneOrFail(Domain, { id: within.id });
    expect(renewed.expiryDate.getTime()).toBe(expiry + 365 * DAY);
    expect(renewed.status).toBe('active');
    expect(await gemsBalance(db.em(), within.owner.id)).toBe(3500);
    expect(await db.em().count(DomainOrder, { domainId: within.id, kind: 'renewal' })).toBe(1);
    // (The 7-day reminder came first: the sweep at four days before.)
    expect((await eventsOf(within.id)).map((e) => [e.type, e.auto_renew ?? null])).toEqual([
      ['domain.expiring', null],
      ['domain.renewed', true],
    ]);

    // Beyond the cap: nothing charged, nothing moved, `domain.renewal_failed` once for the term.
    expect((await db.em().findOneOrFail(Domain, { id: beyond.id })).expiryDate.getTime()).toBe(expiry);
    expect(await gemsBalance(db.em(), beyond.owner.id)).toBe(5000);
    expect(await eventsOf(beyond.id)).toEqual([
      expect.objectContaining({ type: 'domain.expiring', days_before: 7 }),
      expect.objectContaining({ type: 'domain.renewal_failed', reason: 'price_above_cap', price_gems: 1500 }),
    ]);
  });
});
