// `npm run bench`: HTTP throughput of the public read routes against the BENCH_ROUTES baseline.
// PostgreSQL (embedded unless BENCH_DATABASE_URL) -> migrations + catalog -> 10,000 seeded domains ->
// the API as a child process exactly as production runs it -> autocannon, one route at a time.
// See bench/README.md.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Instance, type Result } from 'autocannon';
import { dropDatabase, ensureDatabase, startEmbeddedPostgres } from '../src/infra/embedded-postgres.ts';
import { migrateAndLoadCatalog } from '../src/entry/migrate.ts';
import { seed, type SeedResult } from './seed.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DOMAINS = 10_000;
const ACCOUNTS = 300;
const GOAL = 0.7;
const MAX_BAD_SHARE = 0.001;

function intEnv(name: string, fallback: number, min = 1): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) {
    console.error(`${name} must be an integer >= ${min} (got "${raw}")`);
    process.exit(2);
  }
  return n;
}

const settings = {
  duration: intEnv('BENCH_DURATION', 10),
  connections: intEnv('BENCH_CONNECTIONS', 50),
  warmup: intEnv('BENCH_WARMUP', 2, 0),
  seed: intEnv('BENCH_SEED', 42, 0),
  domains: DOMAINS,
  accounts: ACCOUNTS,
};

const say = (text: string) => console.log(`[bench] ${text}`);
const redact = (url: string) => url.replace(/:[^:@/]+@/, ':***@');

// ---------------------------------------------------------------------------------------------------
// Cleanup: every resource registers how to release it; run once, in reverse, on success, failure,
// Ctrl-C or SIGTERM.
const cleanups: { what: string; run: () => Promise<void> }[] = [];
let cleaning: Promise<void> | undefined;
let currentRun: Instance | undefined;
let apiChild: ChildProcess | undefined;

function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    currentRun?.stop();
    for (const c of cleanups.reverse()) {
      try {
        await c.run();
      } catch (err) {
        console.error(`[bench] cleanup (${c.what}) failed: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  })();
  return cleaning;
}

// embedded-postgres installs async-exit-hook, whose signal handlers call process.exit() as soon as its own
// PostgreSQL instances have stopped: before the API is stopped, the database dropped or the temporary
// directory removed. This script stops PostgreSQL itself (see cleanups), so it takes these signals over.
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.removeAllListeners(signal);
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n[bench] ${signal}: cleaning up...`);
    void cleanup().finally(() => process.exit(130));
  });
}
// Last resort if we exit without having cleaned up (e.g. an uncaught error): never leave the API running.
process.on('exit', () => {
  if (apiChild && apiChild.exitCode === null && apiChild.signalCode === null) apiChild.kill('SIGKILL');
});

// ---------------------------------------------------------------------------------------------------

function portIsFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const srv = createServer();
    srv.once('error', () => done(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => done(true)));
  });
}

async function freePort(base: number, span: number): Promise<number> {
  for (let i = 0; i < 50; i++) {
    const port = base + Math.floor(Math.random() * span);
    if (await portIsFree(port)) return port;
  }
  throw new Error(`no free port found in ${base}-${base + span - 1}`);
}

async function untilPortClosed(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((done) => {
      const socket = connect({ port, host: '127.0.0.1' });
      socket.once('connect', () => {
        socket.destroy();
        done(true);
      });
      socket.once('error', () => done(false));
    });
    if (!open) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

const randomSuffix = () => Math.random().toString(36).slice(2, 10);

async function getDatabase(): Promise<{ url: string; kind: string }> {
  const dbName = `bench_${randomSuffix()}`;
  // MikroORM's migrator (snapshotOnMigrate, no migrations path configured) writes .snapshot-<database>.json
  // into the working directory after migrating; do not leave one behind per run.
  cleanups.push({
    what: 'remove the migration snapshot',
    run: async () => {
      for (const dir of new Set([process.cwd(), ROOT]))
        await rm(join(dir, `.snapshot-${dbName}.json`), { force: true });
    },
  });
  const external = process.env.BENCH_DATABASE_URL;
  if (external) {
    // A server you run: a fresh database on it, dropped at the end. The URL only serves as the admin
    // connection; the database it names is not touched.
    await ensureDatabase(external, dbName);
    cleanups.push({ what: `drop database ${dbName}`, run: () => dropDatabase(external, dbName) });
    const u = new URL(external);
    u.pathname = `/${dbName}`;
    say(`PostgreSQL: ${redact(external)} (BENCH_DATABASE_URL), fresh database ${dbName}`);
    return { url: u.toString(), kind: 'BENCH_DATABASE_URL' };
  }

  const tmp = await mkdtemp(join(tmpdir(), 'registry-bench-pg-'));
  // Under root the server runs as the `postgres` user, which must be able to reach the data directory.
  await chmod(tmp, 0o755);
  cleanups.push({ what: `remove ${tmp}`, run: () => rm(tmp, { recursive: true, force: true }) });
  const port = await freePort(54400, 600);
  const pg = await startEmbeddedPostgres({ dataDir: join(tmp, 'data'), port, persistent: false, databases: [dbName] });
  // On Ctrl-C the terminal signals PostgreSQL too (same process group) and it shuts down by itself; the
  // package then never sees an exit it is waiting for, so stop waiting once the port is closed.
  cleanups.push({
    what: 'stop embedded PostgreSQL',
    run: () => (interrupted ? Promise.race([pg.stop(), untilPortClosed(port, 10_000)]) : pg.stop()),
  });
  say(`PostgreSQL: embedded on 127.0.0.1:${port}, data in ${tmp}, database ${dbName}`);
  return { url: pg.url(dbName), kind: 'embedded' };
}

async function startApi(databaseUrl: string): Promise<string> {
  const port = await freePort(41000, 1000);
  const tail: string[] = [];
  const child = spawn(process.execPath, [resolve(ROOT, 'src/entry/api.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      // The API connects to Temporal lazily and none of the measured routes touches it.
      TEMPORAL_ADDRESS: '127.0.0.1:1',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'silent',
      BENCH_ROUTES: 'true',
      NODE_ENV: 'production',
      SESSION_SECRET: 'bench-only-session-secret-0123456789',
      GFAVIP_WEBHOOK_SECRET: 'bench-only-checkout-secret-0123456789',
      // One load generator on one address: the limiter still runs on every request, but never trips.
      RATE_LIMIT_MAX: '1000000000',
      RATE_LIMIT_IP_MAX: '1000000000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Own process group: Ctrl-C reaches only us, and we stop the API in order.
    detached: true,
  });
  apiChild = child;
  const keep = (chunk: Buffer) => {
    tail.push(chunk.toString());
    if (tail.length > 50) tail.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  cleanups.push({
    what: 'stop the API',
    run: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done();
        const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
        child.once('exit', () => {
          clearTimeout(kill);
          done();
        });
        child.kill('SIGTERM');
      }),
  });

  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `the API exited during start-up (${child.signalCode ?? `code ${child.exitCode}`}):\n${tail.join('')}`,
      );
    }
    try {
      const res = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return base;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the API did not answer /healthz within 30 s:\n${tail.join('')}`);
}

// ---------------------------------------------------------------------------------------------------

interface Route {
  key: string;
  title: string;
  /** Every request must be 200: the run fails above MAX_BAD_SHARE errors or non-2xx. */
  path: () => string;
}

function routes(data: SeedResult): Route[] {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)] as T;
  // Search: half the labels are registered somewhere, half were never registered (a label that no seeded
  // name can have: seeded labels contain no "q").
  const searchLabel = () =>
    Math.random() < 0.5 ? pick(data.labels) : `q${Math.floor(Math.random() * 1e9).toString(36)}`;
  return [
    {
      key: 'baseline',
      title: 'GET /internal/bench/domain/:id',
      path: () => `/internal/bench/domain/${pick(data.domains).id}`,
    },
    {
      key: 'lookup',
      title: 'GET /api/v1/lookup/:name',
      path: () => `/api/v1/lookup/${encodeURIComponent(pick(data.domains).name)}`,
    },
    {
      key: 'search_all',
      title: 'GET /api/v1/domains/search?q=<label>',
      path: () => `/api/v1/domains/search?q=${searchLabel()}`,
    },
    {
      key: 'search_agent',
      title: 'GET /api/v1/domains/search?q=<label>.agent',
      path: () => `/api/v1/domains/search?q=${searchLabel()}.agent`,
    },
  ];
}

/** One request per route, checked by hand, so that a broken route fails loudly before it is timed. */
async function sanityCheck(base: string, data: SeedResult): Promise<void> {
  const d = data.domains[0];
  if (!d) throw new Error('nothing seeded');
  const get = async (path: string) => {
    const res = await fetch(base + path);
    const text = await res.text();
    if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${text.slice(0, 500)}`);
    return JSON.parse(text) as Record<string, unknown>;
  };
  const b = await get(`/internal/bench/domain/${d.id}`);
  if (b.name !== d.name) throw new Error(`baseline returned ${JSON.stringify(b)} for ${d.name}`);
  const l = (await get(`/api/v1/lookup/${encodeURIComponent(d.name)}`)) as { domain?: { name?: string } };
  if (l.domain?.name !== d.name) throw new Error(`lookup returned ${JSON.stringify(l)} for ${d.name}`);
  const s = (await get(`/api/v1/domains/search?q=${d.label}`)) as { results?: { domain: string; reason: string }[] };
  if (s.results?.length !== data.allNamespaces.length)
    throw new Error(`search returned ${s.results?.length} results, expected ${data.allNamespaces.length}`);
  if (s.results.find((r) => r.domain === d.name)?.reason !== 'registered')
    throw new Error(`search does not report ${d.name} as registered`);
  const a = (await get(`/api/v1/domains/search?q=${d.label}.agent`)) as { results?: unknown[] };
  if (a.results?.length !== 1)
    throw new Error(`search with namespace returned ${a.results?.length} results, expected 1`);
}

function load(base: string, route: Route, duration: number): Promise<Result> {
  const run = autocannon({
    url: base,
    connections: settings.connections,
    duration,
    title: route.key,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: route.path() }) }],
  });
  currentRun = run;
  return Promise.resolve(run).finally(() => {
    currentRun = undefined;
  });
}

interface RouteResult {
  key: string;
  route: string;
  requests_per_sec: number;
  latency_p50_ms: number;
  latency_p99_ms: number;
  latency_avg_ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  status_codes: Record<string, number>;
  ratio_to_baseline: number;
  ok: boolean;
}

function summarize(route: Route, r: Result, baselineRps: number | undefined): RouteResult {
  const rps = r.requests.average;
  const bad = r.errors + r.non2xx;
  const sent = Math.max(r.requests.sent, r.requests.total + r.errors, 1);
  return {
    key: route.key,
    route: route.title,
    requests_per_sec: rps,
    latency_p50_ms: r.latency.p50,
    latency_p99_ms: r.latency.p99,
    latency_avg_ms: r.latency.average,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    status_codes: Object.fromEntries(Object.entries(r.statusCodeStats).map(([code, s]) => [code, s.count])),
    ratio_to_baseline: baselineRps ? rps / baselineRps : 1,
    ok: r.requests.total > 0 && bad / sent <= MAX_BAD_SHARE,
  };
}

function printTable(rows: RouteResult[]): void {
  const header = ['route', 'req/s', 'p50 ms', 'p99 ms', 'vs baseline', 'non-2xx', 'errors'];
  const body = rows.map((r) => [
    r.route,
    r.requests_per_sec.toFixed(0),
    r.latency_p50_ms.toFixed(1),
    r.latency_p99_ms.toFixed(1),
    r.ratio_to_baseline.toFixed(2),
    String(r.non2xx),
    String(r.errors),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => (row[i] as string).length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number))).join('  ');
  console.log();
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of body) console.log(line(row));
  console.log();
}

function gitCommit(): string | null {
  try {
    const git = (...args: string[]) =>
      execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return git('rev-parse', '--short', 'HEAD') + (git('status', '--porcelain') !== '' ? '-dirty' : '');
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  const cores = availableParallelism();
  say(
    `node ${process.version}, ${cores} cores (${cpus()[0]?.model ?? 'unknown cpu'}); ${settings.duration} s per route after ${settings.warmup} s warm-up, ${settings.connections} connections`,
  );
  // autocannon, the API and PostgreSQL share this machine's cores: anything else running skews the figures.
  const loadAtStart = loadavg()[0] ?? 0;
  if (loadAtStart > 1)
    say(
      `note: load average is ${loadAtStart.toFixed(2)} at the start; if other processes are busy the figures will be noisy`,
    );

  const db = await getDatabase();
  const migrated = await migrateAndLoadCatalog(db.url, resolve(ROOT, 'catalog/namespaces.json'));
  say(
    `migrations: ${migrated.applied.join(', ') || 'none pending'}; catalog ${migrated.catalog.version}: ${migrated.catalog.count} namespaces`,
  );

  const data = await seed(db.url, { domains: settings.domains, accounts: settings.accounts, seed: settings.seed });
  say(
    `seeded ${data.domains.length} domains (${data.labels.length} distinct labels) owned by ${data.accounts} accounts in ${data.ms.toFixed(0)} ms: ` +
      data.namespaces.map((n) => `${n.name} ${n.count}`).join(', '),
  );

  const base = await startApi(db.url);
  say(`API up at ${base}`);
  await sanityCheck(base, data);

  const results: RouteResult[] = [];
  for (const route of routes(data)) {
    if (settings.warmup > 0) await load(base, route, settings.warmup);
    if (cleaning) return 130;
    const r = await load(base, route, settings.duration);
    if (cleaning) return 130;
    const s = summarize(route, r, results[0]?.requests_per_sec);
    results.push(s);
    say(
      `${route.title}: ${s.requests_per_sec.toFixed(0)} req/s, p50 ${s.latency_p50_ms} ms, p99 ${s.latency_p99_ms} ms, ${s.requests} requests, non-2xx ${s.non2xx}, errors ${s.errors}`,
    );
  }

  printTable(results);
  const lookup = results.find((r) => r.key === 'lookup');
  const ratio = lookup?.ratio_to_baseline ?? 0;
  const ratioPass = ratio >= GOAL;
  console.log(
    `lookup/baseline ratio: ${ratio.toFixed(2)} (goal >= ${GOAL.toFixed(2)}): ${ratioPass ? 'PASS' : 'FAIL'}`,
  );
  const failed = results.filter((r) => !r.ok);
  for (const f of failed) {
    console.error(
      `ERROR: ${f.route}: ${f.non2xx} non-2xx and ${f.errors} errors out of ${f.requests} (status codes ${JSON.stringify(f.status_codes)}); above ${MAX_BAD_SHARE * 100}%`,
    );
  }

  const out = resolve(ROOT, 'bench/results/latest.json');
  await mkdir(resolve(out, '..'), { recursive: true });
  await writeFile(
    out,
    JSON.stringify(
      {
        finished_at: new Date().toISOString(),
        commit: gitCommit(),
        node: process.version,
        cores,
        cpu: cpus()[0]?.model ?? null,
        load_average_at_start: loadAtStart,
        load_average_at_end: loadavg()[0] ?? 0,
        database: db.kind,
        settings,
        seed: {
          domains: data.domains.length,
          distinct_labels: data.labels.length,
          accounts: data.accounts,
          per_namespace: Object.fromEntries(data.namespaces.map((n) => [n.name, n.count])),
          ms: Math.round(data.ms),
        },
        routes: results,
        lookup_baseline_ratio: ratio,
        goal: GOAL,
        ratio_pass: ratioPass,
        errors_pass: failed.length === 0,
      },
      null,
      2,
    ) + '\n',
  );
  say(`results written to ${relative(process.cwd(), out) || out}`);
  return failed.length === 0 ? 0 : 1;
}

let code = 1;
try {
  code = await main();
} catch (err) {
  console.error(`[bench] failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  code = 1;
}
await cleanup();
process.exit(code);
