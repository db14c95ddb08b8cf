import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropDatabase, ensureDatabase, startEmbeddedPostgres } from '../src/infra/embedded-postgres.ts';
import { STATEMENT_COUNT_FLAGS } from './database-work.ts';
import { interrupted, onCleanup } from './lifecycle.ts';
import { freePort, ROOT, untilPortClosed } from './services.ts';
import { say } from './settings.ts';

const redact = (url: string) => url.replace(/:[^:@/]+@/, ':***@');
const randomSuffix = () => Math.random().toString(36).slice(2, 10);

/**
 * A fresh database `bench_<random>`: on the server BENCH_DATABASE_URL names (the URL only serves as the
 * admin connection; the database it names is not touched), else on an embedded server of our own.
 */
export async function getDatabase(): Promise<{ url: string; kind: string }> {
  const dbName = `bench_${randomSuffix()}`;
  // MikroORM's migrator may write .snapshot-<database>.json into the working directory; leave none behind.
  onCleanup('remove the migration snapshot', async () => {
    for (const dir of new Set([process.cwd(), ROOT])) await rm(join(dir, `.snapshot-${dbName}.json`), { force: true });
  });
  const external = process.env.BENCH_DATABASE_URL;
  if (external) {
    await ensureDatabase(external, dbName);
    onCleanup(`drop database ${dbName}`, () => dropDatabase(external, dbName));
    const u = new URL(external);
    u.pathname = `/${dbName}`;
    say(`PostgreSQL: ${redact(external)} (BENCH_DATABASE_URL), fresh database ${dbName}`);
    return { url: u.toString(), kind: 'BENCH_DATABASE_URL' };
  }

  const tmp = await mkdtemp(join(tmpdir(), 'registry-bench-pg-'));
  // Under root the server runs as the `postgres` user, which must be able to reach the data directory.
  await chmod(tmp, 0o755);
  onCleanup(`remove ${tmp}`, () => rm(tmp, { recursive: true, force: true }));
  const port = await freePort(54400, 600);
  const pg = await startEmbeddedPostgres({
    dataDir: join(tmp, 'data'),
    port,
    persistent: false,
    databases: [dbName],
    flags: STATEMENT_COUNT_FLAGS,
  });
  // On Ctrl-C the terminal signals PostgreSQL too (same process group) and it shuts down by itself; the
  // package then never sees an exit it is waiting for, so stop waiting once the port is closed.
  onCleanup('stop embedded PostgreSQL', () =>
    interrupted() ? Promise.race([pg.stop(), untilPortClosed(port, 10_000)]) : pg.stop(),
  );
  say(`PostgreSQL: embedded on 127.0.0.1:${port}, data in ${tmp}, database ${dbName}`);
  return { url: pg.url(dbName), kind: 'embedded' };
}
