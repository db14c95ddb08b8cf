import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { startEmbeddedPostgres, type EmbeddedPg } from '../../src/infra/embedded-postgres.ts';
import { startTemporalDevServer } from '../../src/infra/temporal-dev-server.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from './ports.ts';

// PostgreSQL and Temporal of a test's own, which it may stop and start again (the suite's shared ones are
// never restarted: other test files run on them). A test points the helpers at them by setting
// TEST_PG_ADMIN_URL / TEST_TEMPORAL_ADDRESS, which `createTestDatabase` and `testTemporalAddress` read.

/** A restartable PostgreSQL: its data on disk and its port kept across restarts. */
export interface OwnPostgres {
  adminUrl: string;
  /** Down: a fast shutdown, or a crash stop with `immediate` (every connection cut at once). */
  stop(opts?: { immediate?: boolean }): Promise<void>;
  start(): Promise<void>;
  /** Stops it for good and deletes its data. */
  close(): Promise<void>;
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const dir = await mkdtemp(join(tmpdir(), 'registry-own-pg-'));
  await chmod(dir, 0o755); // under root, PostgreSQL runs as the `postgres` user and must reach its data dir
  const pg: EmbeddedPg = await startEmbeddedPostgres({ dataDir: join(dir, 'data'), port: await freePort() });
  let up = true;
  return {
    adminUrl: pg.url('postgres'),
    async stop(opts) {
      up = false;
      await pg.stop(opts);
    },
    async start() {
      await pg.start();
      up = true;
    },
    async close() {
      if (up) await pg.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A restartable Temporal dev server: its state in a SQLite file, its port kept across restarts. */
export interface OwnTemporal {
  address: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** How long after its first answer the dev server must still answer. */
const STILL_UP_AFTER_MS = 1500;

export async function startOwnTemporal(): Promise<OwnTemporal> {
  const dir = await mkdtemp(join(tmpdir(), 'registry-own-temporal-'));
  const port = await freePort();
  const bootOnce = () =>
    startTemporalDevServer({
      cliPath: process.env.TEMPORAL_CLI_PATH,
      port,
      dbFilename: join(dir, 'temporal.sqlite'),
    });
  // Under a CPU hog the dev server has died just after its first answer (a nil-pointer panic in its own
  // worker service's start, Temporal 1.32), leaving a chaos run with no Temporal for good: a server that
  // does not answer a moment later is started again, on the same port and file, as a supervisor would.
  const boot = async () => {
    for (let attempt = 1; ; attempt++) {
      const e = await bootOnce();
      await sleep(STILL_UP_AFTER_MS);
      const up = await e.connection.workflowService.getSystemInfo({}).then(
        () => true,
        () => false,
      );
      if (up) return e;
      await e.teardown().catch(() => undefined);
      if (attempt >= 3)
        throw new Error(`the Temporal dev server on port ${port} died right after starting, ${attempt} times`);
    }
  };
  let env: TestWorkflowEnvironment | null = await boot();
  const address = env.address;
  return {
    address,
    async stop() {
      const e = env;
      env = null;
      await e?.teardown();
    },
    async start() {
      env = await boot();
    },
    async close() {
      await env?.teardown();
      env = null;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
