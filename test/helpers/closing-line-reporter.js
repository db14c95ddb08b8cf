import { relative } from 'node:path';
import { writeSync } from 'node:fs';

/** How many of the slowest test files the end of a run names. */
const SLOWEST = 10;

// Prints the suite's closing line in the plain form CI reads ("tests: N passed, N failed, N skipped"),
// and above it the failed tests and suites by name (what Jest's summary listed; per-file-reporter.js
// leaves that summary out) and the ten slowest test files with their seconds (what test-sequencer.js's
// table of known durations is updated from). Written as the process exits, so the closing line is the
// very last line, after the global teardown.
export default class ClosingLineReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
  }

  onRunComplete(_contexts, results) {
    const { numPassedTests, numFailedTests, numPendingTests, numTodoTests, numRuntimeErrorTestSuites } = results;
    // A suite that failed to run has no failing test of its own; it still counts as a failure.
    const failed = numFailedTests + numRuntimeErrorTestSuites;
    const line = `tests: ${numPassedTests} passed, ${failed} failed, ${numPendingTests + numTodoTests} skipped\n`;
    const slowest = results.testResults
      .map((r) => ({ file: relative(this.rootDir, r.testFilePath), ms: r.perfStats.end - r.perfStats.start }))
      .filter((r) => r.ms > 0)
      .sort((a, b) => b.ms - a.ms)
      .slice(0, SLOWEST);
    // Only worth reading when there was more than one file.
    const report =
      slowest.length > 1
        ? `\nslowest test files (seconds):\n${slowest.map((r) => `  ${(r.ms / 1000).toFixed(1).padStart(7)}  ${r.file}\n`).join('')}`
        : '';
    const failures = results.testResults.flatMap((r) => {
      const file = relative(this.rootDir, r.testFilePath);
      if (r.testExecError) return [`  ${file}: the file did not run (${r.testExecError.message.split('\n')[0]})`];
      return (r.testResults ?? []).filter((t) => t.status === 'failed').map((t) => `  ${file} › ${t.fullName}`);
    });
    const failedList = failures.length > 0 ? `\nfailed:\n${failures.join('\n')}\n` : '';
    process.once('exit', () => writeSync(1, `${failedList}${report}\n${line}`));
  }
}
