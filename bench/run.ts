// `npm run bench` (issue 14): the API's routes against a raw baseline (bench/raw-baseline.ts: Fastify
// without plugins and one prepared SELECT), in interleaved rounds; then overload, memory, and on request
// growth (BENCH_DOMAINS) and registration end to end (BENCH_REGISTRATION=1, issue 30; BENCH_ONLY=registration
// runs it alone); the cost of the API's metrics (BENCH_ONLY=metrics runs it alone); what waiting costs on
// npm start (BENCH_WAITING=1, issue 40; BENCH_ONLY=waiting runs it alone). See bench/README.md.
import { availableParallelism, cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { configSchema } from '../src/config/schema.ts';
import { API_NODE_FLAGS } from '../src/entry/node-flags.ts';
import { migrateAndLoadCatalog } from '../src/entry/migrate.ts';
import { getDatabase } from './database.ts';
import { checkoutBefore } from './before-build.ts';
import { beforeGoals, beforePairs, onBefore, printBefore } from './before.ts';
import { buildGoals } from './goals.ts';
import { grow, namePool, workingSetPool } from './grow.ts';
import { cleanup, takeOverSignals } from './lifecycle.ts';
import { sampleRss } from './memory.ts';
import { primeLookups } from './prime.ts';
import { measureMetricsCost, sourceStamp, type MetricsCostResult } from './metrics-cost.ts';
import { runOverload } from './overload.ts';
import { grantEach, measureRegistration, type RegistrationResult } from './registration.ts';
import { printRegistration } from './registration-report.ts';
import { startTemporal, startWorkers } from './registration-workers.ts';
import type { Target } from './load.ts';
import type { GrowthResult, Outcome } from './outcome.ts';
import { gitCommit, previous10k, writeResults } from './results.ts';
import { startBenchPowerDns } from './powerdns.ts';
import { printGoals, printGroups, type Goal } from './report.ts';
import { printMemory, printMetricsCost, printOverload, printGrowth } from './sections.ts';
import { seedPerson, type BenchPerson } from './person.ts';
import { seed, type SeedResult } from './seed.ts';
import { freePort, ROOT, startHttpService } from './services.ts';
import { profileFlags, say, settings } from './settings.ts';
import { sweepCheck } from './sweep.ts';
import * as targets from './targets.ts';
import { startBenchChain } from './tempo-chain.ts';
import { measureWaiting } from './waiting.ts';
import { printWaiting } from './waiting-report.ts';
import { Interrupted, runGroup, type Group, type GroupResult, type SideSummary, type TrialPlan } from './trials.ts';

const MAX_BAD_SHARE = 0.001;
const AGENTS = 10;
/** The API connects to Temporal lazily, and none of the HTTP trials uses it. */
const DUMMY_TEMPORAL = '127.0.0.1:1';
const loadText = (l: number[]) => l.map((x) => x.toFixed(2)).join(' ');

takeOverSignals();

const SESSION_SECRET = 'bench-only-session-secret-0123456789';

/**
 * The environment of the API and the worker: production mode, silent, limits that never trip; metrics on
 * any free port of the loopback (several benches, or a bench beside tests, can run at once), unless the
 * caller sets an address (the API the metrics section scrapes gets a port chosen here).
 */
function serviceEnv(databaseUrl: string, temporalAddress: string): Record<string, string> {
  return {
    API_METRICS_ADDRESS: '127.0.0.1:0',
    WORKER_METRICS_ADDRESS: '127.0.0.1:0',
    METRICS_ON_API_PORT: 'false',
    DATABASE_URL: databaseUrl,
    TEMPORAL_ADDRESS: temporalAddress,
    TEMPORAL_TASK_QUEUE: 'registry',
    LOG_LEVEL: 'silent',
    BENCH_ROUTES: 'true',
    NODE_ENV: 'production',
    SESSION_SECRET,
    GFAVIP_WEBHOOK_SECRET: 'bench-only-checkout-secret-0123456789',
    // Production requires a card signing key of its own (not the published development one).
    CARD_SIGNING_KEY:
      '{"kty":"EC","crv":"P-256","x":"Uo20cuvXIhd4IHy7h_2gqvdG1473E0ffCKsv6HF7OGk","y":"eZOehxGgUmHRETmoL35nVs4Tzyc19W2gE50diVPFNSg","d":"kumrNJbH2SSeLz0PDqu2hb5ObHrH2LGmwYyD48poxYw"}',
    // One load generator on one address: the limiters still run on every request, but never trip.
    RATE_LIMIT_MAX: '1000000000',
    RATE_LIMIT_IP_MAX: '1000000000',
    PROVISION_LIMIT_MAX: '1000000000',
  };
}

const plan: TrialPlan = {
  rounds: settings.trials,
  duration: settings.duration,
  warmup: settings.warmup,
  warmupMax: Math.max(settings.warmup, settings.warmupMax),
  connections: settings.connections,
  pipelining: settings.pipelining,
};

function groups(
  servers: targets.Servers,
  data: SeedResult,
  keys: string[],
  person: BenchPerson,
  before: string | null,
): Group[] {
  const names = namePool(data, data.domains.length);
  const raw = targets.rawLookup(servers, names);
  const all: Group[] = [
    // Lookup against the ceiling of a cached read (issue 52); the other routes against the raw database read.
    { key: 'lookup', raw: targets.ceilingLookup(servers, names), targets: [targets.lookup(servers, names)] },
    { key: 'search', raw, targets: [targets.searchAll(servers, data)] },
    { key: 'quote', raw, targets: [targets.quote(servers, data)] },
    { key: 'me', raw, targets: [targets.agentsMe(servers, keys), targets.ormBaseline(servers, data)] },
    {
      // One person's page at a time (BENCH_DASHBOARD_CONNECTIONS), the raw baseline alike: the time to
      // render a page, not to wait behind a hundred others (bench/README.md).
      key: 'dashboard',
      raw: { ...raw, title: `${raw.title} (-c ${settings.dashboardConnections})` },
      targets: [targets.dashboardOverview(servers, person), targets.dashboardDomain(servers, person)].map((t) => ({
        ...t,
        title: `${t.title} (-c ${settings.dashboardConnections})`,
      })),
      connections: settings.dashboardConnections,
    },
  ];
  const chosen = settings.groups;
  if (chosen) return all.filter((g) => (chosen as string[]).includes(g.key));
  if (!before) return all;
  // Against another build: each route also on its API, in the same rounds; and one write, on both.
  const written = { key: 'write', raw, targets: [targets.provision(servers)] };
  // Even rounds swap each pair (this build's, the other's), the raw side first: each build runs in each
  // place equally often.
  return [...all, written].map((g) => ({
    ...g,
    targets: g.targets.flatMap((t) => [t, onBefore(t, servers, before)]),
    swapPairs: true,
  }));
}

/** Sides whose errors or non-2xx answers exceed MAX_BAD_SHARE: every request sent there should be a 200. */
function badSides(results: GroupResult[]): SideSummary[] {
  return results
    .flatMap((g) => [g.raw, ...g.targets])
    .filter((s) => s.requests === 0 || (s.errors + s.non2xx) / Math.max(s.requests + s.errors, 1) > MAX_BAD_SHARE);
}

/** The headers of a lookup answer but those of the answer itself (its tag, type, length) and the connection's. */
async function lookupHeaders(base: string, name: string): Promise<Record<string, string>> {
  const res = await fetch(`${base}/api/v1/lookup/${encodeURIComponent(name)}`);
  await res.arrayBuffer();
  const own = new Set(['etag', 'cache-control', 'content-type', 'content-length', 'date', 'connection', 'keep-alive']);
  return Object.fromEntries([...res.headers].filter(([k]) => !own.has(k)));
}

/**
 * The API (with the chain's environment when the registration section runs; its metrics on a free port
 * chosen here, so the metrics section can scrape them), the metrics section's API without metrics (the
 * same environment but API_METRICS_ADDRESS=off) and the raw baseline.
 */
async function startServices(
  dbUrl: string,
  temporalAddress: string,
  chainEnv: Record<string, string>,
  /** A seeded name, whose lookup answer's headers the ceiling sends. */
  firstName: string,
) {
  const apiEnv = { ...serviceEnv(dbUrl, temporalAddress), ...chainEnv };
  const startApi = (name: string, env: Record<string, string>, flags: readonly string[] = []) =>
    startHttpService(name, 'src/entry/api.ts', { ...apiEnv, ...env }, { path: '/healthz' }, [
      ...API_NODE_FLAGS,
      ...flags,
    ]);
  const metricsPort = await freePort(43000, 2000);
  const stamp = sourceStamp(ROOT);
  // BENCH_PROFILE: the measured API's CPU profile, written when it stops (bench/profile-top.ts reads it).
  const profile = profileFlags();
  const first = await startApi('API', { API_METRICS_ADDRESS: `127.0.0.1:${metricsPort}` }, profile);
  const api = { ...first, metricsUrl: `http://127.0.0.1:${metricsPort}/metrics` };
  // The metrics section's API without metrics starts now, so that both load the same code (it idles
  // until its section); its public base URL is the first one's, so that both send the same bytes.
  const publicBase = apiEnv.PUBLIC_BASE_URL ?? process.env.PUBLIC_BASE_URL ?? api.base;
  const withoutMetrics = settings.metricsCost
    ? await startApi('API without metrics', { PUBLIC_BASE_URL: publicBase, API_METRICS_ADDRESS: 'off' })
    : null;
  if (sourceStamp(ROOT) !== stamp)
    throw new Error('the code under src, activities or workflows changed while the APIs started: run again');
  if (settings.only) {
    say(`API at ${api.base} (pid ${api.pid}); no raw baseline (BENCH_ONLY=${settings.only})`);
    return { api, withoutMetrics, servers: { api: api.base, raw: '' }, before: null, measuredPid: api.pid };
  }
  // The raw baseline gets the API's pool size and base URL: same connections, same document; its ceiling
  // the headers of the API's lookup answers: the same bytes.
  const poolMax = configSchema.shape.DB_POOL_MAX.parse(process.env.DB_POOL_MAX);
  const raw = await startHttpService(
    'raw baseline',
    'bench/raw-baseline.ts',
    {
      DATABASE_URL: dbUrl,
      POOL_MAX: String(poolMax),
      PUBLIC_BASE_URL: api.base,
      CEILING_HEADERS: JSON.stringify(await lookupHeaders(api.base, firstName)),
    },
    { path: '/raw/lookup/none.invalid', status: 404 },
    profile,
  );
  say(`API at ${api.base} (pid ${api.pid}); raw baseline at ${raw.base} (pool of ${poolMax}, as the API's)`);
  if (!settings.before)
    return { api, withoutMetrics, servers: { api: api.base, raw: raw.base }, before: null, measuredPid: api.pid };
  // Against another build, both builds' APIs start together, after every other process, with the same
  // environment and public base URL (same database, same documents), and the route groups load those two
  // only. The first API keeps its other jobs (provisioning, the metrics and registration sections): a
  // control run with BENCH_BEFORE=HEAD measured it at 0.62-0.81 of an identical fresh twin on reads, a
  // bias larger than the 5 % the comparison looks for (bench/README.md "Against another build").
  const build = checkoutBefore(settings.before);
  const twinEnv = { ...apiEnv, PUBLIC_BASE_URL: publicBase };
  const [now, other] = await Promise.all([
    startHttpService('API now', 'src/entry/api.ts', twinEnv, { path: '/healthz' }, API_NODE_FLAGS),
    startHttpService('API before', 'src/entry/api.ts', twinEnv, { path: '/healthz' }, API_NODE_FLAGS, build.dir),
  ]);
  if (sourceStamp(ROOT) !== stamp)
    throw new Error('the code under src, activities or workflows changed while the APIs started: run again');
  say(
    `this build's twin at ${now.base} (pid ${now.pid}); ${build.commit.slice(0, 12)} at ${other.base} (pid ${other.pid})`,
  );
  return {
    api,
    withoutMetrics,
    servers: { api: now.base, raw: raw.base, before: other.base },
    before: build.commit,
    measuredPid: now.pid,
  };
}

/** BENCH_DOMAINS above 10k: grow the registry, lookup again against the raw baseline, then the sweep. */
async function measureGrowth(
  dbUrl: string,
  data: SeedResult,
  servers: targets.Servers,
  base: GroupResult,
  /** A 10k group measured against the raw baseline (lookup's is measured against the ceiling). */
  rawBase: GroupResult | undefined,
): Promise<GrowthResult> {
  say(`growing the registry to ${settings.domains} domains...`);
  const growMs = await grow(dbUrl, data, settings.domains);
  say(`grown in ${(growMs / 1000).toFixed(1)} s`);
  const workingSet = workingSetPool(data, settings.domains, settings.baseDomains, settings.seed);
  const everyName = namePool(data, settings.domains);
  const lookup = await runGroup(
    {
      key: `lookup@${settings.domains}`,
      raw: targets.rawLookup(servers, workingSet),
      targets: [
        targets.lookup(servers, workingSet),
        {
          ...targets.lookup(servers, everyName),
          key: 'lookup_all',
          title: `GET /api/v1/lookup/:name over all ${settings.domains} names`,
        },
      ],
    },
    plan,
  );
  const sweep = await sweepCheck(dbUrl);
  return {
    domains: settings.domains,
    grow_ms: growMs,
    lookup,
    lookup_vs_base: (lookup.targets[0]?.rps ?? NaN) / (base.targets[0]?.rps ?? NaN),
    lookup_all_vs_base: (lookup.targets[1]?.rps ?? NaN) / (base.targets[0]?.rps ?? NaN),
    raw_vs_base: lookup.raw.rps / (rawBase?.raw.rps ?? NaN),
    previous_10k: await previous10k(),
    sweep,
  };
}

/** The 10k groups in interleaved rounds, then overload; the API's memory sampled throughout. */
async function measureRoutes(plan10k: Group[], apiPid: number) {
  const rss = sampleRss(apiPid);
  const groupResults: GroupResult[] = [];
  for (const g of plan10k) groupResults.push(await runGroup(g, plan));
  const lookup = groupResults[0]?.targets[0];
  // Overload is measured against the whole plan's first target, lookup (not with BENCH_GROUPS).
  say(settings.groups ? 'no overload (BENCH_GROUPS)' : 'overload...');
  const overload = settings.groups
    ? null
    : await runOverload(plan10k[0]?.targets[0] as Target, {
        saturationRps: lookup?.rps ?? NaN,
        connections: settings.overloadConnections,
        duration: settings.duration,
      });
  rss.stop();
  const memory = { max_rss_mb: rss.maxMb(), idle_rss_mb: rss.firstMb(), samples: rss.samples() };
  return { groupResults, overload, memory };
}

/** BENCH_REGISTRATION=1: the workers, gems for the agents, then the alternating rounds. */
async function measureRegistrationPhase(
  dbUrl: string,
  temporalMetricsUrl: string,
  temporalAddress: string,
  chain: { rpcUrl: string; env: Record<string, string> },
  api: { base: string; pid: number },
  agents: { key: string; accountId: string }[],
): Promise<RegistrationResult> {
  say('registration: starting the workers, granting gems...');
  const dns = await startBenchPowerDns();
  // The worker verifies the challenges the API issued: same secret, same realm (the API's public host).
  const workerEnv = { ...serviceEnv(dbUrl, temporalAddress), ...chain.env, PUBLIC_BASE_URL: api.base, ...dns };
  const workers = await startWorkers(workerEnv, temporalAddress);
  try {
    await grantEach(
      dbUrl,
      agents.map((a) => a.accountId),
    );
    return await measureRegistration({
      api: api.base,
      databaseUrl: dbUrl,
      temporalMetricsUrl,
      temporalAddress,
      keys: agents.map((a) => a.key),
      rpcUrl: chain.rpcUrl,
      callers: settings.registrationCallers,
      rounds: settings.trials,
      duration: settings.duration,
      warmup: settings.warmup,
      probes: workers.cpuProbes(api.pid),
      addWorker: workers.addWorker,
    });
  } finally {
    await workers.stop();
  }
}

/**
 * An opt-in section that fails reports its error and lets the rest of the report print (the goals it
 * judges FAIL, and the exit code is 1). An interruption still ends the run.
 */
async function optional<T>(phase: string, errors: Outcome['errors'], run: () => Promise<T>): Promise<T | null> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof Interrupted) throw err;
    const message = err instanceof Error ? err.message : String(err);
    console.error(`[bench] ${phase} failed: ${err instanceof Error ? (err.stack ?? message) : message}`);
    errors.push({ phase, message: message.split('\n')[0] ?? message });
    return null;
  }
}

async function measure(): Promise<{ outcome: Outcome; dbKind: string; bad: SideSummary[]; before: string | null }> {
  if (settings.only === 'waiting') {
    // npm start brings its own PostgreSQL: nothing of the bench's own is started.
    const errors: Outcome['errors'] = [];
    const waiting = await optional('waiting', errors, measureWaiting);
    const none = { groups: [], overload: null, memory: null, growth: null, metrics: null, registration: null };
    return { outcome: { ...none, waiting, errors }, dbKind: 'npm start (embedded)', bad: [], before: null };
  }
  const db = await getDatabase();
  const migrated = await migrateAndLoadCatalog(db.url, resolve(ROOT, 'catalog/namespaces.json'));
  say(
    `migrations: ${migrated.applied.length} applied; catalog ${migrated.catalog.version}, ${migrated.catalog.count} namespaces`,
  );
  const data = await seed(db.url, { domains: settings.baseDomains, accounts: settings.accounts, seed: settings.seed });
  say(`seeded ${data.domains.length} domains, ${data.accounts} accounts in ${data.ms.toFixed(0)} ms`);
  // BENCH_ONLY=registration: no route groups, so no dashboard person either.
  const person = settings.only
    ? null
    : await seedPerson(db.url, {
        sessionSecret: SESSION_SECRET,
        seed: settings.seed,
        namespace: data.namespaces[0]?.name ?? 'agent',
      });
  if (person)
    say(
      `dashboard person: ${person.domains.length} domains and a claimed agent with ${person.agentDomains.length}, signed in`,
    );

  const temporal = settings.registration ? await startTemporal() : null;
  const temporalAddress = temporal?.address ?? DUMMY_TEMPORAL;
  const chain = settings.registration ? await startBenchChain() : null;
  const { api, withoutMetrics, servers, before, measuredPid } = await startServices(
    db.url,
    temporalAddress,
    chain?.env ?? {},
    data.domains[0]?.name ?? '',
  );
  // The agents' keys serve agents/me and registration; the metrics section alone needs none.
  const agents = person || chain ? await targets.provisionAgents(api.base, AGENTS) : [];

  let routes: Awaited<ReturnType<typeof measureRoutes>> | null = null;
  if (person) {
    const plan10k = groups(
      servers,
      data,
      agents.map((a) => a.key),
      person,
      before,
    );
    await targets.sanityCheck(servers, data, person, [...new Set(plan10k.flatMap((g) => [g.raw, ...g.targets]))]);
    await primeLookups(
      [
        ...new Set(
          plan10k
            .flatMap((g) => g.targets)
            .filter((t) => t.key.startsWith('lookup'))
            .map((t) => t.base),
        ),
      ],
      data,
    );
    routes = await measureRoutes(plan10k, measuredPid);
  }
  const errors: Outcome['errors'] = [];
  // After overload and memory, before registration and growth; the second API idled until now.
  const metrics: MetricsCostResult | null = withoutMetrics
    ? await optional('metrics cost', errors, async () => {
        await primeLookups([api.base, withoutMetrics.base], data);
        return measureMetricsCost({
          withMetrics: api,
          without: withoutMetrics,
          names: namePool(data, data.domains.length),
          firstName: data.domains[0]?.name ?? '',
          plan,
        });
      })
    : null;
  // Registration before growth: its workers must be gone before the sweep writes its outbox events.
  const registration = chain
    ? await optional('registration', errors, () =>
        measureRegistrationPhase(db.url, temporal?.metricsUrl ?? '', temporalAddress, chain, api, agents),
      )
    : null;
  for (const f of registration?.failures ?? [])
    errors.push({ phase: `registration ${f.scenario}`, message: f.message });
  const growth =
    routes && settings.domains > settings.baseDomains
      ? await optional('growth', errors, () =>
          measureGrowth(
            db.url,
            data,
            servers,
            routes.groupResults[0] as GroupResult,
            routes.groupResults.find((g) => g.raw.key === 'raw'),
          ),
        )
      : null;
  // Last: its own stack (npm start) beside the bench's processes, which idle by now.
  const waiting = settings.waiting ? await optional('waiting', errors, measureWaiting) : null;
  const groupResults = routes?.groupResults ?? [];
  const bad = badSides([...groupResults, ...(metrics ? [metrics.lookup] : []), ...(growth ? [growth.lookup] : [])]);
  const outcome = {
    groups: groupResults,
    overload: routes?.overload ?? null,
    memory: routes?.memory ?? null,
    growth,
    metrics,
    registration,
    waiting,
    errors,
  };
  return { outcome, dbKind: db.kind, bad, before };
}

function report(o: Outcome, before: string | null): Goal[] {
  if (o.groups.length > 0)
    printGroups(
      o.groups,
      `routes at ${settings.baseDomains} domains: ${settings.trials} interleaved rounds of ${settings.duration} s, -c ${settings.connections} -p ${settings.pipelining}`,
    );
  if (o.overload) printOverload(o.overload);
  if (o.memory) printMemory(o.memory);
  if (o.metrics)
    printMetricsCost(
      o.metrics,
      `metrics cost at ${settings.baseDomains} domains: lookup on a second API with API_METRICS_ADDRESS=off (first row, the baseline) and on the API with its metrics, scraped once per round; ${settings.trials} interleaved rounds of ${settings.duration} s, -c ${settings.connections} -p ${settings.pipelining}`,
    );
  if (o.growth) printGrowth(o.growth, `lookup at ${o.growth.domains} domains:`);
  if (o.registration) printRegistration(o.registration);
  if (o.waiting) printWaiting(o.waiting);
  const pairs = before ? beforePairs(o) : [];
  if (before) printBefore(pairs, before);
  const goals = [...buildGoals(o), ...beforeGoals(pairs)];
  printGoals(goals);
  return goals;
}

async function main(): Promise<number> {
  const cores = availableParallelism();
  const loadAtStart = loadavg();
  say(
    `node ${process.version}, ${cores} cores (${cpus()[0]?.model ?? 'unknown cpu'}); load average at start ${loadText(loadAtStart)}`,
  );
  say(
    settings.only === 'waiting'
      ? `BENCH_ONLY=waiting: npm start alone, ${settings.waitingIdleSeconds} s with nothing open, then ${settings.waitingSeconds} s with ${settings.waitingCheckouts} USDC and ${settings.waitingMppCheckouts} mpp checkouts open`
      : settings.only === 'registration'
        ? `BENCH_ONLY=${settings.only}: no route groups, overload or memory; ${settings.trials} interleaved rounds of ${settings.duration} s per side at ${settings.registrationCallers.join(', ')} callers, after ${settings.warmup} s of warm-up`
        : `${settings.only ? `BENCH_ONLY=${settings.only}: the metrics cost alone; ` : ''}${settings.trials} interleaved rounds of ${settings.duration} s per route, each side warmed up first (${plan.warmup}-${plan.warmupMax} s, until its req/s settles); -c ${settings.connections} -p ${settings.pipelining}`,
  );
  if ((loadAtStart[0] ?? 0) > 1)
    say(`note: load average ${loadAtStart[0]?.toFixed(2)} at the start: other processes are busy, expect noise`);

  const { outcome, dbKind, bad, before } = await measure();
  const goals = report(outcome, before);
  const loadAtEnd = loadavg();
  console.log();
  console.log(
    `load average: start ${loadText(loadAtStart)}, end ${loadText(loadAtEnd)} (1, 5, 15 min; ${cores} cores)`,
  );
  for (const s of bad)
    console.error(
      `ERROR: ${s.title}: ${s.non2xx} non-2xx and ${s.errors} errors out of ${s.requests} requests; above ${MAX_BAD_SHARE * 100}%`,
    );
  await writeResults(outcome, goals, {
    commit: gitCommit(),
    node: process.version,
    cores,
    cpu: cpus()[0]?.model ?? null,
    load_average_at_start: loadAtStart,
    load_average_at_end: loadAtEnd,
    database: dbKind,
    errors_pass: bad.length === 0 && outcome.errors.length === 0,
  });
  return bad.length === 0 && outcome.errors.length === 0 ? 0 : 1;
}

let code = 1;
try {
  code = await main();
} catch (err) {
  if (err instanceof Interrupted) code = 130;
  else {
    console.error(`[bench] failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    code = 1;
  }
}
await cleanup();
process.exit(code);
