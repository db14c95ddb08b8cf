import { relative } from 'node:path';
import sequencer from '@jest/test-sequencer';

// The order jest starts test files in: the longest first, so no long suite starts last and runs on
// alone while the other workers have nothing left. Jest orders by each file's duration in its cache; a
// fresh clone has none and jest falls back to file size, which starts the fuzz suite (the longest, a
// short file) in the middle of the run. Here a file jest has no duration for takes the one below, from a
// CI run's "slowest suites" report (closing-line-reporter.js prints it), else a guess from its folder
// and size. Files that failed last time still go first, as with jest's own sequencer.

/** Seconds, as a fresh clone's CI run reported them (2 cores); update them from its "slowest suites". */
const KNOWN_SECONDS = {
  'test/e2e/fuzz.test.ts': 330,
  'test/e2e/idempotency.test.ts': 204,
  'test/e2e/chaos.test.ts': 140,
  'test/e2e/dashboard-journey.test.ts': 114,
  'test/e2e/scale-out.test.ts': 78,
  'test/e2e/metrics.test.ts': 73,
  'test/e2e/start.test.ts': 60,
  'test/workflows/dns-zone.test.ts': 45,
  'test/e2e/dns.test.ts': 45,
  'test/e2e/mcp-server.test.ts': 45,
  'test/e2e/usdc-route.test.ts': 45,
  'test/e2e/traces.test.ts': 40,
};

/** A guess for a file no run has timed: e2e suites run the whole stack, unit tests run in a second. */
const GUESS_SECONDS = { e2e: 30, integration: 12, workflows: 10, unit: 2 };

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
