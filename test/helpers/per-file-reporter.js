// Jest's own per-file report (each file's PASS or FAIL, and each failure with its error as it happens),
// without its summary: the summary's "Tests: N passed, N total" would be a second closing line, and the
// run's one closing line is closing-line-reporter.js's, which also names the failed tests again at the end.
export { DefaultReporter as default } from '@jest/reporters';
