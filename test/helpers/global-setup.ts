import { chmod, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DefaultLogger } from '@temporalio/worker';
import { startEmbeddedPostgres } from '../../src/infra/embedded-postgres.ts';
import { startTemporalDevServer } from '../../src/infra/temporal-dev-server.ts';
import { workflowBundle } from '../../src/entry/workflow-bundle.ts';
import { warmCompileCache } from './compile-cache.ts';
import { startRefusingRoot } from './refusing-root.ts';
import { createTemplateDatabase } from './db.ts';
import { freePort } from './ports.ts';
import { workflowsPath } from './workflow-bundle.ts';

// One real PostgreSQL and one real Temporal dev server for the whole run; every test file creates its
// own database and task queue on them. DATABASE_URL / TEST_TEMPORAL_ADDRESS point the suite at servers
// you already run; otherwise both are started here (embedded PostgreSQL binaries, the `temporal` CLI).
// What every file would otherwise repeat is done here once, beside them: the migrated database each
// file's own is copied from (test/helpers/db.ts), and the workflow bundle (test/helpers/workflow-bundle.ts).
export default async function globalSetup(): Promise<void> {
  const g = globalThis as Record<string, unknown>;
  const postgres = async () => {
    if (!process.env.TEST_PG_ADMIN_URL) {
      if (process.env.DATABASE_URL) {
        process.env.TEST_PG_ADMIN_URL = process.env.DATABASE_URL;
      } else {
        const dir = await mkdtemp(join(tmpdir(), 'registry-test-pg-'));
        await chmod(dir, 0o755); // under root, PostgreSQL runs as the `postgres` user and must reach its data dir
        const pg = await startEmbeddedPostgres({
          dataDir: join(dir, 'data'),
          port: await freePort(),
          persistent: false,
          // A server of the test run, never restarted and deleted at its end: what it would flush to disk
          // for a crash of the machine is only time. (The crash tests restart PostgreSQL of their own.)
          flags: ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
        });
        g.__registryPg = pg;
        process.env.TEST_PG_ADMIN_URL = pg.url('postgres');
      }
    }
    if (!process.env.TEST_PG_TEMPLATE) {
      process.env.TEST_PG_TEMPLATE = await createTemplateDatabase();
      g.__registryPgTemplate = process.env.TEST_PG_TEMPLATE;
    }
  };
  const temporal = async () => {
    if (process.env.TEST_TEMPORAL_ADDRESS) return;
    if (process.env.TEMPORAL_ADDRESS) {
      process.env.TEST_TEMPORAL_ADDRESS = process.env.TEMPORAL_ADDRESS;
    } else {
      const env = await startTemporalDevServer({ cliPath: process.env.TEMPORAL_CLI_PATH, port: await freePort() });
      g.__registryTemporal = env;
      process.env.TEST_TEMPORAL_ADDRESS = env.address;
    }
  };
  // Into the cache every worker reads (src/entry/workflow-bundle.ts), once, while the servers start.
  // Both bundles: untraced for the workers of the tests, traced for the traces test's worker and the replay.
  const bundle = async () => {
    for (const traced of [false, true])
      await workflowBundle(workflowsPath, { traced, logger: new DefaultLogger('WARN') });
  };
  // Every `node` the tests start (an API, a worker, the relay, the ops CLI: over a hundred a run) reads
  // the code Node compiled once from this cache instead of compiling the sources again, a fifth of each
  // start's CPU; Node checks each file's hash, so an edited file is compiled afresh. It is filled here for
  // the API and the worker (test/helpers/compile-cache.ts).
  process.env.NODE_COMPILE_CACHE ||= join(tmpdir(), 'agent-registry-node-compile-cache');
  // The verifier's resolver starts at a root of the run's own that knows no names (test/helpers/refusing-root.ts).
  process.env.VERIFY_DNS_ROOT ||= await startRefusingRoot();
  await Promise.all([postgres(), temporal(), bundle(), warmCompileCache()]);
}
