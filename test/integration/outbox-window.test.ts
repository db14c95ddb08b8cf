import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { recordDnsChange } from '../../src/db/outbox.ts';
import { outboxDispatcher, type OutboxDispatcher } from '../../src/webhooks/dispatcher.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { waitFor } from '../helpers/wait.ts';

// The dispatcher's window (docs/performance.md "The write path"): the DNS changes of commits made close
// together leave in one pass, so their zone run gets one signal; with no window, a pass per commit.
// Real PostgreSQL (NOTIFY at each commit); the runs the dispatcher would start are recorded instead.
describe('outbox dispatcher window', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  /** Commits `names` one transaction each, as registrations would, and the passes the dispatcher made. */
  async function dispatch(windowMs: number, names: string[], gapMs = 0): Promise<string[][]> {
    const requests: string[][] = [];
    const dispatcher: OutboxDispatcher = outboxDispatcher({
      orm: db.orm,
      databaseUrl: db.url,
      runs: { ensure: async () => undefined },
      dns: { request: async (set) => void requests.push([...set].sort()) },
      pollMs: 60_000,
      windowMs,
    });
    await dispatcher.start();
    try {
      for (const name of names) {
        await db.orm.em.fork().transactional(async (tx) => recordDnsChange(tx, name));
        if (gapMs) await sleep(gapMs);
      }
      // Every change leaves: the passes, whatever their number, carry each name once.
      await waitFor('every change to leave', () => requests.flat().length >= names.length, { everyMs: 50 });
      return requests;
    } finally {
      await dispatcher.stop();
    }
  }

  it('sends the changes of commits made within the window in one pass', async () => {
    const names = Array.from({ length: 8 }, (_, i) => `window${i}.agent`);
    const passes = await dispatch(500, names);
    expect(passes.flat().sort()).toEqual([...names].sort());
    // Eight commits take a few ms each, well inside 500 ms: one pass, or two if a commit straddled it.
    expect(passes.length).toBeLessThanOrEqual(2);
  });

  it('without a window, passes follow the commits', async () => {
    // The same eight commits spread over 800 ms: with a window of 500 ms they would make two passes.
    const names = Array.from({ length: 8 }, (_, i) => `nowindow${i}.agent`);
    const passes = await dispatch(0, names, 100);
    expect(passes.flat().sort()).toEqual([...names].sort());
    expect(passes.length).toBeGreaterThan(2);
  });
});
