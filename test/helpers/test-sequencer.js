import { relative } from 'node:path';
import sequencer from '@jest/test-sequencer';

// The order jest starts test files in: the longest first, so no long suite starts last and runs on
// alone while the other workers have nothing left. Jest orders by each file's duration in its cache; a
// fresh clone has none and jest falls back to file size, which starts the fuzz suite (the longest, a
// short file) in the middle of the run. Here a file jest has no duration for takes the one below, from a
// CI run's "slowest suites" report (closing-line-reporter.js prints it), else a guess from its folder
// and size. Files that failed last time still go first, as with jest's own sequencer.

/**
 * Seconds each file took run on its own (JEST_WORKERS=1) on the 2-core CI machine; fuzz and start as a
 * fresh clone's CI run reported them. Update them from a run's "slowest suites" (closing-line-reporter.js)
 * or jest's own cache of durations when a file changes by much. Files not here are guessed below.
 */
const KNOWN_SECONDS = {
  'test/e2e/fuzz.test.ts': 330,
  'test/e2e/idempotency.test.ts': 79,
  'test/e2e/usdc-route.test.ts': 75,
  'test/e2e/chaos.test.ts': 70,
  'test/e2e/dashboard-journey.test.ts': 68,
  'test/e2e/start.test.ts': 60,
  'test/integration/dependency-outage.test.ts': 48,
  'test/integration/webhook-delivery.test.ts': 48,
  'test/e2e/market-crash.test.ts': 44,
  'test/e2e/worker-crash.test.ts': 42,
  'test/e2e/invariants.test.ts': 41,
  'test/e2e/metrics.test.ts': 39,
  'test/e2e/stock-clients-published.test.ts': 37,
  'test/workflows/dns-zone.test.ts': 36,
  'test/e2e/scale-out.test.ts': 34,
  'test/e2e/market-offers.test.ts': 29,
  'test/e2e/webhook-worker-kill.test.ts': 28,
  'test/integration/ops-cli.test.ts': 27,
  'test/integration/late-verification.test.ts': 26,
  'test/e2e/dns.test.ts': 24,
  'test/workflows/settlement.test.ts': 23,
  'test/e2e/byte-fuzz.test.ts': 23,
};

/** A guess for a file no run has timed: e2e suites run the whole stack, unit tests run in a second. */
const GUESS_SECONDS = { e2e: 15, integration: 6, workflows: 8, unit: 1 };

// A CommonJS module whose class is its `default` export.
const Sequencer = sequencer.default ?? sequencer;

export default class SlowestFirstSequencer extends Sequencer {
  sort(tests) {
    const seconds = new Map();
    for (const test of tests) {
      const cached = this.time(test);
      const file = relative(test.context.config.rootDir, test.path).split('\\').join('/');
      const folder = file.split('/')[1] ?? '';
      const size = test.context.hasteFS.getSize(test.path) ?? 0;
      // A cached duration is in ms; the size term only breaks ties among guesses (bigger files first).
      seconds.set(
        test,
        cached != null ? cached / 1000 : (KNOWN_SECONDS[file] ?? (GUESS_SECONDS[folder] ?? 10) + size / 1e5),
      );
    }
    return [...tests].sort((a, b) => {
      const failedA = this.hasFailed(a);
      if (failedA !== this.hasFailed(b)) return failedA ? -1 : 1;
      return seconds.get(b) - seconds.get(a);
    });
  }
}
