import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from '@jest/globals';

// How a whole run is ordered and how it ends (test/helpers/test-sequencer.js, closing-line-reporter.js).
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
// Plain JavaScript (jest loads it before any transform), so imported by a path TypeScript does not follow.
const sequencerPath = '../helpers/test-sequencer.js';
const { default: SlowestFirstSequencer } = (await import(sequencerPath)) as {
  default: new (options: object) => { sort<T>(tests: T[]): T[] };
};

describe('the order test files start in', () => {
  /** Test files as jest hands them to a sequencer, with no cached durations (a fresh clone). */
  const fresh = (files: Record<string, number>) =>
    Object.entries(files).map(([file, size]) => ({
      path: `${ROOT}${file}`,
      context: { config: { rootDir: ROOT.replace(/\/$/, ''), cache: false }, hasteFS: { getSize: () => size } },
    }));

  it('starts the known slow suites first on a fresh clone, whatever their size', () => {
    const tests = fresh({
      'test/unit/money.test.ts': 1_700,
      'test/integration/access.test.ts': 34_000,
      'test/e2e/chaos.test.ts': 37_000,
      'test/e2e/registration.test.ts': 9_000,
      'test/e2e/fuzz.test.ts': 8_600,
      'test/e2e/scale-out.test.ts': 4_900,
    });
    const order = new SlowestFirstSequencer({}).sort(tests).map((t) => t.path.slice(ROOT.length));
    expect(order).toEqual([
      'test/e2e/fuzz.test.ts',
      'test/e2e/chaos.test.ts',
      'test/e2e/scale-out.test.ts',
      'test/e2e/registration.test.ts',
      'test/integration/access.test.ts',
      'test/unit/money.test.ts',
    ]);
  });
});

describe('the end of a run', () => {
  it('names the failed tests and the ten slowest files above the closing line, which stays the very last line', async () => {
    const reporter = new URL('../helpers/closing-line-reporter.js', import.meta.url).href;
    const files: object[] = Array.from({ length: 12 }, (_, i) => ({
      testFilePath: `${ROOT}test/e2e/f${i}.test.ts`,
      perfStats: { start: 1000, end: 1000 + (i + 1) * 1500 },
      testResults: [
        { status: 'passed', fullName: 'works' },
        ...(i === 2 ? [{ status: 'failed', fullName: 'a group › breaks' }] : []),
      ],
    }));
    files.push({
      testFilePath: `${ROOT}test/e2e/broken.test.ts`,
      perfStats: { start: 0, end: 0 },
      testResults: [],
      testExecError: { message: 'Cannot find module x\nat …' },
    });
    const results = {
      numPassedTests: 7,
      numFailedTests: 1,
      numRuntimeErrorTestSuites: 1,
      numPendingTests: 2,
      numTodoTests: 1,
      testResults: files,
    };
    // Something printed after the reporter ran (the global teardown) still comes before both.
    const script = `const { default: R } = await import(${JSON.stringify(reporter)});
      new R({ rootDir: ${JSON.stringify(ROOT)} }).onRunComplete(new Set(), ${JSON.stringify(results)});
      console.log('teardown');`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script]);
    const lines = stdout.trimEnd().split('\n');
    expect(lines).toEqual([
      'teardown',
      '',
      'failed:',
      '  test/e2e/f2.test.ts › a group › breaks',
      '  test/e2e/broken.test.ts: the file did not run (Cannot find module x)',
      '',
      'slowest test files (seconds):',
      ...[12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map(
        (n) => `  ${(n * 1.5).toFixed(1).padStart(7)}  test/e2e/f${n - 1}.test.ts`,
      ),
      '',
      'tests: 7 passed, 2 failed, 3 skipped',
    ]);
  });
});
