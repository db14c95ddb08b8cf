import { chmod, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres } from '../../src/infra/embedded-postgres.ts';
import { startTemporalDevServer } from '../../src/infra/temporal-dev-server.ts';
import { freePort } from './ports.ts';

// One real PostgreSQL and one real Temporal dev server for the whole run; every test file creates its
// own database and task queue on them. DATABASE_URL / TEMPORAL_ADDRESS point the suite at servers you
// already run; otherwise both are started here (embedded PostgreSQL binaries, the `temporal` CLI).
export default async function globalSetup(): Promise<void> {
  const g = globalThis as Record<string, unknown>;
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
      });
      g.__registryPg = pg;
      process.env.TEST_PG_ADMIN_URL = pg.url('postgres');
    }
  }
  if (!process.env.TEST_TEMPORAL_ADDRESS) {
    if (process.env.TEMPORAL_ADDRESS) {
      process.env.TEST_TEMPORAL_ADDRESS = process.env.TEMPORAL_ADDRESS;
    } else {
      const env = await startTemporalDevServer({ cliPath: process.env.TEMPORAL_CLI_PATH, port: await freePort() });
      g.__registryTemporal = env;
      process.env.TEST_TEMPORAL_ADDRESS = env.address;
    }
  }
}
