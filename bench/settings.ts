import { resolve } from 'node:path';

// The bench's settings, read once from the environment (bench/README.md "Settings").

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

/** A comma list of integers, e.g. `10,50`. */
function intListEnv(name: string, fallback: readonly number[], min = 1): number[] {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return [...fallback];
  const list = raw.split(',').map((x) => Number(x.trim()));
  if (list.some((n) => !Number.isInteger(n) || n < min)) {
    console.error(`${name} must be a comma list of integers >= ${min} (got "${raw}")`);
    process.exit(2);
  }
  return [...new Set(list)];
}

/** A comma list of some of `allowed`, or null when the variable is unset or empty. */
function choiceListEnv<T extends string>(name: string, allowed: readonly T[]): T[] | null {
  const raw = process.env[name] ?? '';
  if (raw === '') return null;
  const list = raw.split(',').map((x) => x.trim());
  if (list.some((x) => !(allowed as readonly string[]).includes(x))) {
    console.error(`${name} takes a comma list of ${allowed.join(', ')} (got "${raw}")`);
    process.exit(2);
  }
  return list as T[];
}

const SCENARIOS = ['gems', 'renewal', 'receipt'] as const;
const GROUPS = ['lookup', 'search', 'quote', 'me', 'dashboard'] as const;

/** BENCH_ONLY: run one section alone: `registration`, `metrics` (the metrics cost) or `waiting`. */
function onlyEnv(): 'registration' | 'metrics' | 'waiting' | null {
  const raw = process.env.BENCH_ONLY ?? '';
  if (raw === '') return null;
  if (raw === 'registration' || raw === 'metrics' || raw === 'waiting') return raw;
  console.error(`BENCH_ONLY may only be "registration", "metrics" or "waiting" (got "${raw}")`);
  process.exit(2);
}

function flagEnv(name: string): boolean {
  const raw = process.env[name] ?? '';
  return raw === '1' || raw === 'true';
}

/** The registry every run measures first; a larger BENCH_DOMAINS grows it afterwards (growth section). */
export const BASE_DOMAINS = 10_000;

const only = onlyEnv();

export const settings = Object.freeze({
  /**
   * `registration`, `metrics` or `waiting`: skip the route groups, overload, memory and growth; run only
   * that section.
   */
  only,
  duration: intEnv('BENCH_DURATION', 10),
  warmup: intEnv('BENCH_WARMUP', 6, 0),
  warmupMax: intEnv('BENCH_WARMUP_MAX', 40),
  trials: intEnv('BENCH_TRIALS', 3),
  connections: intEnv('BENCH_CONNECTIONS', 100),
  /** The dashboard group's connections: one person's page load, nothing queued ahead of it (README). */
  dashboardConnections: intEnv('BENCH_DASHBOARD_CONNECTIONS', 1),
  pipelining: 1,
  overloadConnections: intEnv('BENCH_OVERLOAD_CONNECTIONS', 300),
  seed: intEnv('BENCH_SEED', 42, 0),
  accounts: 300,
  baseDomains: BASE_DOMAINS,
  domains: intEnv('BENCH_DOMAINS', BASE_DOMAINS, BASE_DOMAINS),
  registration: only === 'registration' || (only === null && flagEnv('BENCH_REGISTRATION')),
  /**
   * BENCH_GROUPS: some of the route groups (a comma list of lookup, search, quote, me, dashboard), for
   * repeated runs of a few (issue 52: lookup five times); then no overload and no metrics cost. All by default.
   */
  groups: choiceListEnv('BENCH_GROUPS', GROUPS),
  /**
   * BENCH_PROFILE: a folder where the measured API, the raw baseline and the first registry worker write
   * their V8 CPU profiles when they stop (`--cpu-prof`; profileFlags below).
   */
  profileDir: process.env.BENCH_PROFILE || null,
  /** The metrics cost: lookup on the API with its metrics and on a second API with API_METRICS_ADDRESS=off. */
  metricsCost: (only === null && process.env.BENCH_GROUPS === undefined) || only === 'metrics',
  /** The registration section runs every scenario at each of these caller counts. */
  registrationCallers: intListEnv('BENCH_REGISTRATION_CALLERS', [10, 50]),
  /**
   * BENCH_BEFORE: a git commit (or branch, tag) whose API runs beside this one, in the same interleaved
   * rounds of every route group, plus a write group (agent provisioning): this build against that one.
   */
  before: process.env.BENCH_BEFORE || null,
  /** The registration scenarios to run (a comma list of gems, renewal, receipt); all by default. */
  registrationScenarios: choiceListEnv('BENCH_SCENARIOS', SCENARIOS) ?? [...SCENARIOS],
  /** What waiting costs (issue 40): npm start idle, then with open checkouts (bench/waiting.ts). */
  waiting: only === 'waiting' || (only === null && flagEnv('BENCH_WAITING')),
  /** Seconds of each of the waiting section's two windows. */
  waitingSeconds: intEnv('BENCH_WAITING_SECONDS', 120, 10),
  /** Seconds of the window with nothing open (default: BENCH_WAITING_SECONDS); a whole-session window needs no longer baseline. */
  waitingIdleSeconds: intEnv('BENCH_WAITING_IDLE_SECONDS', intEnv('BENCH_WAITING_SECONDS', 120, 10), 10),
  /** Unpaid USDC checkouts (relay route) and unpaid mpp checkouts (Tempo route) the second window holds. */
  waitingCheckouts: intEnv('BENCH_WAITING_CHECKOUTS', 100, 0),
  waitingMppCheckouts: intEnv('BENCH_WAITING_MPP_CHECKOUTS', 10, 0),
  /** Seconds between the last checkout opened and the second window. */
  waitingSettle: intEnv('BENCH_WAITING_SETTLE', 10, 0),
});

export type Settings = typeof settings;

export const say = (text: string) => console.log(`[bench] ${text}`);

/** Node's flags that write a process's CPU profile into BENCH_PROFILE's folder when it stops (none without it). */
export const profileFlags = (): string[] =>
  settings.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${resolve(settings.profileDir)}`] : [];
