import { writeSync } from 'node:fs';

// Prints the suite's closing line in the plain form CI reads ("tests: N passed, N failed, N skipped"),
// which Jest's own "Tests: … total" is not. Written as the process exits, so it is the very last line,
// after Jest's summary (its reporter always runs last) and the global teardown.
export default class ClosingLineReporter {
  onRunComplete(_contexts, results) {
    const { numPassedTests, numFailedTests, numPendingTests, numTodoTests, numRuntimeErrorTestSuites } = results;
    // A suite that failed to run has no failing test of its own; it still counts as a failure.
    const failed = numFailedTests + numRuntimeErrorTestSuites;
    const line = `tests: ${numPassedTests} passed, ${failed} failed, ${numPendingTests + numTodoTests} skipped\n`;
    process.once('exit', () => writeSync(1, `\n${line}`));
  }
}
