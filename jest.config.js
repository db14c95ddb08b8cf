// Jest runs the TypeScript sources as ESM (swc strips types); workflow code is bundled by the Temporal
// SDK itself, not by jest. Integration and e2e suites share one PostgreSQL and one Temporal dev server
// started in globalSetup; each test file gets its own database.
/** @type {import('jest').Config} */
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript' }, target: 'es2024' }, module: { type: 'es6' } },
    ],
  },
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  globalSetup: '<rootDir>/test/helpers/global-setup.ts',
  globalTeardown: '<rootDir>/test/helpers/global-teardown.ts',
  // The one limit per test, hook included: generous, since the work a test waits for grows with the
  // machine's load (a loaded 2-core run takes twice a quiet one's time), and a test that passes never
  // waits for it. Tests set none of their own below it; the waits inside a test end sooner (two minutes,
  // test/helpers/wait.ts), so one that runs out says what it waited for.
  testTimeout: 300_000,
  // Three workers on two cores: most files wait (on timers, the chain, child processes, a browser) rather
  // than compute, so a third keeps both cores busy; a fresh clone's run takes about 14 minutes with three
  // and 21 with two. JEST_WORKERS overrides it (a bigger machine, or one file's worth of debugging).
  maxWorkers: Number(process.env.JEST_WORKERS ?? 3),
  // The longest files start first, on a fresh clone too (test/helpers/test-sequencer.js).
  testSequencer: '<rootDir>/test/helpers/test-sequencer.js',
  reporters: ['<rootDir>/test/helpers/per-file-reporter.js', '<rootDir>/test/helpers/closing-line-reporter.js'],
};
