import { afterAll, afterEach, beforeAll, beforeEach, expect } from '@jest/globals';
import { recordHistories } from './histories.ts';
import { randomUUID } from 'node:crypto';
import type { Client } from '@temporalio/client';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { DefaultLogger, Runtime, type WorkerOptions } from '@temporalio/worker';
import { startTimeSkippingServer } from '../../src/infra/temporal-dev-server.ts';
import { testTemporalAddress } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createWorker, workflowBundle } from './workflow-bundle.ts';

/**
 * `time-skipping`: a test server of its own whose clock jumps ahead while a client awaits a result,
 * so timers of minutes or days pass in milliseconds. `dev-server`: the suite's real server (started in
 * globalSetup), for tests that need wall-clock time to stand still while they talk to a run.
 */
export type TemporalServer = 'time-skipping' | 'dev-server';

export interface TemporalTestEnv {
  /** The environment's client; usable inside tests (the environment starts in `beforeAll`). */
  readonly client: Client;
  /**
   * The environment itself, for what the helpers do not cover: on the time-skipping server `sleep`
   * moves its clock and `currentTimeMs` reads it; `nativeConnection` lets a test run its own workers.
   */
  readonly environment: TestWorkflowEnvironment;
  /**
   * Runs `body` while a Worker over `activities` polls a task queue of its own, and stops the worker
   * when `body` settles. Activities are per call, so one test may run the workflow over different fakes.
   */
  withWorker<T>(activities: WorkerOptions['activities'], body: (taskQueue: string) => Promise<T>): Promise<T>;
}

let runtimeInstalled = false;

/** The SDK logs every worker state change at INFO; like the production worker, keep warnings only. */
function installQuietRuntime(): void {
  if (runtimeInstalled) return;
  Runtime.install({ logger: new DefaultLogger('WARN') });
  runtimeInstalled = true;
}

/**
 * Named after the running test so a run found in the server's UI or logs says where it came from;
 * unique so a task never reaches another test's worker (the dev server is shared by every test file).
 */
function taskQueueForCurrentTest(): string {
  const test = expect.getState().currentTestName ?? 'temporal-test';
  return `${test
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 80)}-${randomUUID()}`;
}

/**
 * Registers `beforeAll`/`afterAll` in the calling `describe` (or file): the environment and the
 * workflow bundle are ready before the first test, and the environment is torn down after the last.
 * Tearing down a `dev-server` environment closes its connections and leaves the shared server running.
 */
export function useTemporal(server: TemporalServer): TemporalTestEnv {
  let env: TestWorkflowEnvironment | undefined;
  beforeAll(async () => {
    installQuietRuntime();
    const start =
      server === 'time-skipping'
        ? startTimeSkippingServer()
        : TestWorkflowEnvironment.createFromExistingServer({ address: testTemporalAddress() });
    [env] = await Promise.all([start, workflowBundle()]);
  });
  afterAll(() => env?.teardown());

  const started = (): TestWorkflowEnvironment => {
    if (!env) throw new Error('useTemporal(): the environment starts in beforeAll; use it inside a test');
    return env;
  };
  return {
    get client() {
      return started().client;
    },
    get environment() {
      return started();
    },
    async withWorker(activities, body) {
      const taskQueue = taskQueueForCurrentTest();
      const worker = await createWorker(started().nativeConnection, taskQueue, activities);
      const result = await worker.runUntil(() => body(taskQueue));
      // On the shared dev server only: time-skipping runs are not the real server's histories.
      if (server === 'dev-server') await recordHistories(started().client, taskQueue, testTemporalAddress());
      return result;
    },
  };
}

/**
 * The database a test's workers run their activities over, made and dropped by hooks registered in the
 * calling `describe` as `useTemporal` registers its own: one for the file, or a fresh one for each test
 * (`each`). The handle reads the current database, so it is used inside tests only.
 */
export function useTestDatabase(opts: { each?: boolean; loadCatalog?: boolean } = {}): Omit<TestDatabase, 'drop'> {
  let db: TestDatabase | undefined;
  const [before, after] = opts.each ? [beforeEach, afterEach] : [beforeAll, afterAll];
  before(async () => {
    db = await createTestDatabase({ loadCatalog: opts.loadCatalog ?? true });
  });
  after(async () => {
    await db?.drop();
    db = undefined;
  });
  const current = (): TestDatabase => {
    if (!db) throw new Error('useTestDatabase(): the database is made in a before hook; use it inside a test');
    return db;
  };
  return {
    get name() {
      return current().name;
    },
    get url() {
      return current().url;
    },
    get orm() {
      return current().orm;
    },
    em: () => current().em(),
  };
}
