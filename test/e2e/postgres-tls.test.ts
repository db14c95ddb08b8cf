import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync, spawn } from 'node:child_process';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Hex } from 'viem';
import { payAndRegister } from '../../examples/pay-and-register.ts';
import { loadConfig } from '../../src/config/env.ts';
import { startEmbeddedPostgres, type EmbeddedPg } from '../../src/infra/embedded-postgres.ts';
import { randomLabel } from '../helpers/fixtures.ts';
import { freePort } from '../helpers/ports.ts';
import { startRegistryStack, type RegistryStack, type StackProcess } from '../helpers/registry-stack.ts';
import { createTestCa, type TestCa } from '../helpers/test-ca.ts';

// PostgreSQL over TLS (docs/operations.md "PostgreSQL over TLS"): an embedded server with ssl=on and a server
// certificate of a test CA. Migrations, the API and the worker, production processes given only
// DATABASE_URL with sslmode=verify-full and DATABASE_SSL_ROOT_CERT, register a paid name through it,
// every one of their connections encrypted; a process that does not trust the CA stops at start and says
// which setting to fix.
describe('PostgreSQL over TLS', () => {
  let ca: TestCa;
  let server: EmbeddedPg;
  let dataDir: string;
  let s: RegistryStack;
  let url: string;

  /** Runs an entry of src/entry to its end; its exit code and output. */
  function runEntry(
    entry: string,
    env: Record<string, string>,
    args: string[] = [],
  ): Promise<{ code: number | null; output: string }> {
    const child = spawn(process.execPath, [`src/entry/${entry}.ts`, ...args], {
      env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'error', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += String(d)));
    child.stderr.on('data', (d) => (output += String(d)));
    return new Promise((r) => child.once('exit', (code) => r({ code, output })));
  }

  beforeAll(async () => {
    ca = await createTestCa('db.registry.test');
    // PostgreSQL runs as the postgres user under root: it must reach the folder and own its key.
    await chmod(ca.dir, 0o755);
    await chmod(ca.server.cert, 0o644);
    if (userInfo().uid === 0) {
      const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
      await chown(ca.server.key, uid, 0);
    }
    await chmod(ca.server.key, 0o600);
    dataDir = await mkdtemp(join(tmpdir(), 'registry-test-pg-tls-'));
    await chmod(dataDir, 0o755);
    const port = await freePort();
    server = await startEmbeddedPostgres({
      dataDir: join(dataDir, 'data'),
      port,
      persistent: false,
      databases: ['registry'],
      flags: [
        '-c',
        'ssl=on',
        '-c',
        `ssl_cert_file=${ca.server.cert}`,
        '-c',
        `ssl_key_file=${ca.server.key}`,
        '-c',
        'fsync=off',
      ],
    });
    url = `${server.url('registry')}?sslmode=verify-full`;
    s = await startRegistryStack({}, { worker: false });
  });
  afterAll(async () => {
    await s?.stop();
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
    await ca?.remove();
  });

  it('migrates and registers a paid name through TLS only', async () => {
    const env = { DATABASE_URL: url, DATABASE_SSL_ROOT_CERT: ca.ca };
    const migrated = await runEntry('migrate', env);
    expect(migrated).toMatchObject({ code: 0, output: expect.stringMatching(/catalog/) });
    expect(migrated.output).toMatch(/catalog .* loaded/);

    let api: StackProcess | undefined;
    try {
      s.spawnWorker(env);
      api = await s.spawnApi(env);
      const name = `${randomLabel('pgtls')}.agent`;
      const flow = await payAndRegister({
        base: api.url,
        rpcUrl: s.anvil.rpcUrl,
        privateKey: s.payerKeys[0] as Hex,
        name,
      });
      expect(flow.registered.status).toBe(200);
      expect(flow.lookup.body).toMatchObject({ domain: { name, status: 'active' } });

      // Connected as the processes connect: the URL the configuration makes of the two settings.
      const client = new pg.Client({ connectionString: loadConfig({ NODE_ENV: 'test', ...env }).DATABASE_URL });
      await client.connect();
      try {
        const { rows } = await client.query<{ ssl: boolean; n: number }>(
          `select s.ssl, count(*)::int as n from pg_stat_activity a join pg_stat_ssl s using (pid)
            where a.datname = 'registry' and a.backend_type = 'client backend' group by s.ssl`,
        );
        // The API's pool, the worker's, their LISTEN connections and this one: all encrypted, none plain.
        expect(rows.find((r) => !r.ssl)).toBeUndefined();
        expect(rows.find((r) => r.ssl)?.n).toBeGreaterThanOrEqual(3);
        const { rows: domains } = await client.query('select status from domain where name = $1', [name]);
        expect(domains).toEqual([{ status: 'active' }]);
        // DB_STATEMENT_TIMEOUT_MS (30 s by default) reaches the server as a startup option.
        const { rows: timeout } = await client.query('show statement_timeout');
        expect(timeout).toEqual([{ statement_timeout: '30s' }]);
      } finally {
        await client.end();
      }
    } finally {
      await api?.stop();
    }
  });

  it('stops a process that does not trust the server, naming the setting', async () => {
    for (const entry of ['migrate', 'api', 'worker', 'ops'] as const) {
      const args = entry === 'ops' ? ['gems-balance', '00000000-0000-0000-0000-000000000000'] : [];
      const { code, output } = await runEntry(entry, { DATABASE_URL: url, TEMPORAL_ADDRESS: '127.0.0.1:1' }, args);
      expect({ entry, code, says: /certificate is not trusted.*DATABASE_SSL_ROOT_CERT/.test(output) }).toEqual({
        entry,
        code: 2,
        says: true,
      });
      expect(output).not.toMatch(/^\s+at /m);
    }
    const unreadable = await runEntry('migrate', { DATABASE_URL: url, DATABASE_SSL_ROOT_CERT: '/nonexistent/ca.pem' });
    expect(unreadable.code).toBe(2);
    expect(unreadable.output).toContain('DATABASE_SSL_ROOT_CERT: cannot read /nonexistent/ca.pem');
  });
});
