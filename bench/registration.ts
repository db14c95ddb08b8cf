import { randomUUID } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import { initORM } from '../src/db/orm.ts';
import { grantGems } from '../src/ledger/gems.ts';
import { closedLoop, type LoopResult } from './closed-loop.ts';
import { cpuSpent, readCpu, type CpuProbe, type CpuReading } from './cpu.ts';
import { dbWorkPerOp, dbWorkSpent, openDbProbe, type DbProbe, type DbWork, type DbWorkPerOp } from './database-work.ts';
import { median } from './load.ts';
import { scenarios, type Scenario, type ScenarioContext, type ScenarioKey } from './registration-scenarios.ts';
import { EMPTY_TASK_QUEUE } from './registration-workers.ts';
import { readTemporalCalls, temporalCallsPerOp, temporalCallsSpent, type TemporalCalls } from './temporal-calls.ts';
import { say, settings } from './settings.ts';
import { Interrupted } from './trials.ts';
import type { emptyWorkflow } from './empty-workflow.ts';

// Registration end to end (issues 14 and 30, BENCH_REGISTRATION=1): each scenario of
// registration-scenarios.ts against N callers running an empty one-activity workflow
// (bench/empty-workflow.ts) on the same Temporal server, with a worker of the same settings in a process
// of its own. Rounds alternate empty/scenario like the HTTP trials, at each caller count; then the gems
// scenario again with a second registry worker. Each side's CPU is read from /proc (cpu.ts).

const GEMS_PER_AGENT = 1_000_000_000;
/** Operations prepared before a round: 1.5x what the last round did in the same time, at least 50. */
const PREPARE_MARGIN = 1.5;
const PREPARE_AT_LEAST = 50;

export async function grantEach(databaseUrl: string, accountIds: readonly string[]): Promise<void> {
  const orm = await initORM({ databaseUrl, poolMax: 2 });
  try {
    for (const accountId of accountIds)
      await grantGems(orm.em.fork(), { accountId, amount: GEMS_PER_AGENT, reference: `bench:${randomUUID()}` });
  } finally {
    await orm.close();
  }
}

/** One side of a round: the closed loop, and the CPU seconds each process spent during it. */
export interface Side extends LoopResult {
  cpu_s: CpuReading;
  /** What the bench database ran during the side (database-work.ts). */
  db: DbWork;
  /** The Temporal frontend's requests during the side, by operation (temporal-calls.ts). */
  temporal: TemporalCalls | null;
}

export interface ScenarioRun {
  scenario: ScenarioKey;
  title: string;
  callers: number;
  /** Registry worker processes. */
  workers: number;
  rounds: { prepared: string | null; empty: Side; scenario: Side }[];
  empty_rate: number;
  rate: number;
  /** Median of the per-round ratios scenario / empty (completions per second). */
  ratio: number;
  empty_p50_ms: number;
  p50_ms: number;
  p99_ms: number;
  /** Median of the per-round ratios scenario p50 / empty p50. */
  p50_ratio: number;
  /** Per process: CPU ms over all rounds of the side / its completions (null: not read). */
  cpu_ms_per_op: { empty: CpuReading; scenario: CpuReading };
  /** Transactions and statements per operation, and the busiest statements (database-work.ts). */
  db_per_op: { empty: DbWorkPerOp; scenario: DbWorkPerOp };
  /** Temporal frontend requests per operation, by Temporal operation (null: not read). */
  temporal_per_op: { empty: Record<string, number> | null; scenario: Record<string, number> | null };
  /** Answers re-sent because they were busy (receipt scenario). */
  retried: number;
}

export interface RegistrationResult {
  callers: number[];
  runs: ScenarioRun[];
  two_workers: { callers: number; one_worker_rate: number; two_workers_rate: number; factor: number } | null;
  /** A scenario that could not be measured (its check by hand or a round threw). */
  failures: { scenario: ScenarioKey; callers: number | null; message: string }[];
  cpu_processes: string[];
}

export interface RegistrationPlan {
  api: string;
  databaseUrl: string;
  /** The Temporal server's Prometheus metrics (temporal-calls.ts). */
  temporalMetricsUrl: string;
  temporalAddress: string;
  keys: readonly string[];
  rpcUrl: string;
  callers: readonly number[];
  rounds: number;
  duration: number;
  warmup: number;
  probes: CpuProbe[];
  /** Starts a second registry worker and waits until it polls. */
  addWorker: () => Promise<void>;
}

function emptyOnce(client: Client) {
  return async () => {
    await client.workflow.execute<typeof emptyWorkflow>('emptyWorkflow', {
      taskQueue: EMPTY_TASK_QUEUE,
      workflowId: `bench-empty-${randomUUID()}`,
    });
    return true;
  };
}

function perOp(sides: Side[]): CpuReading {
  const done = sides.reduce((a, s) => a + s.done, 0);
  const out: CpuReading = {};
  for (const key of Object.keys(sides[0]?.cpu_s ?? {})) {
    const spent = sides.map((s) => s.cpu_s[key]);
    out[key] =
      done === 0 || spent.some((x) => x === null || x === undefined)
        ? null
        : (spent.reduce<number>((a, x) => a + (x as number), 0) * 1000) / done;
  }
  return out;
}

const brief = (s: Side) =>
  `${s.rate.toFixed(1)}/s, p50 ${s.p50_ms.toFixed(0)} ms` +
  (s.ran_out ? ` (ran out after ${s.seconds.toFixed(1)} s)` : '') +
  (s.failed > 0 ? ` (${s.failed} failed: ${s.first_failure})` : '');

/** Runs the registration section; a scenario that fails is recorded and the others go on. */
export async function measureRegistration(plan: RegistrationPlan): Promise<RegistrationResult> {
  const connection = await Connection.connect({ address: plan.temporalAddress });
  const db = await openDbProbe(plan.databaseUrl);
  try {
    const client = new Client({ connection, namespace: 'default' });
    const empty = emptyOnce(client);
    const ctx: ScenarioContext = { api: plan.api, keys: plan.keys, rpcUrl: plan.rpcUrl };
    const all = scenarios(ctx).filter((s) => settings.registrationScenarios.includes(s.key));
    const failures: RegistrationResult['failures'] = [];
    const failed = (scenario: ScenarioKey, callers: number | null, err: unknown) => {
      if (err instanceof Interrupted) throw err;
      const message = (err instanceof Error ? err.message : String(err)).split('\n')[0] ?? '';
      console.error(`[bench] registration ${scenario}${callers ? ` at ${callers} callers` : ''} failed: ${message}`);
      failures.push({ scenario, callers, message });
    };

    // One of each by hand first, so that a broken path fails loudly before anything is timed.
    await empty();
    const working: Scenario[] = [];
    for (const s of all) {
      try {
        await s.prepare(1, 1);
        if (!(await s.once(0))) throw new Error('nothing was prepared');
        working.push(s);
      } catch (err) {
        failed(s.key, null, err);
      }
    }

    const lastRate = new Map<ScenarioKey, number>();
    const runs: ScenarioRun[] = [];
    const run = async (s: Scenario, callers: number, workers: number) => {
      try {
        runs.push(await runScenario(plan, db, s, callers, workers, empty, lastRate));
      } catch (err) {
        failed(s.key, callers, err);
      }
    };
    for (const callers of plan.callers) for (const s of working) await run(s, callers, 1);

    // Two registry workers: the gems scenario again at the largest caller count.
    const gems = working.find((s) => s.key === 'gems');
    const most = Math.max(...plan.callers);
    const one = runs.find((r) => r.scenario === 'gems' && r.callers === most);
    let two_workers: RegistrationResult['two_workers'] = null;
    if (gems && one) {
      say('registration: starting a second registry worker...');
      await plan.addWorker();
      await run(gems, most, 2);
      const two = runs.find((r) => r.scenario === 'gems' && r.workers === 2);
      if (two)
        two_workers = {
          callers: most,
          one_worker_rate: one.rate,
          two_workers_rate: two.rate,
          factor: two.rate / one.rate,
        };
    }
    return { callers: [...plan.callers], runs, two_workers, failures, cpu_processes: plan.probes.map((p) => p.key) };
  } finally {
    await db.close();
    await connection.close();
  }
}

async function runScenario(
  plan: RegistrationPlan,
  db: DbProbe,
  s: Scenario,
  callers: number,
  workers: number,
  empty: () => Promise<boolean>,
  lastRate: Map<ScenarioKey, number>,
): Promise<ScenarioRun> {
  // What a round may do: 1.5x the best of this scenario's last rate and the empty workflow's (the rate
  // it aims at), for the time it runs; a pool that runs out still ends the round early.
  const want = (emptyRate: number, seconds: number) =>
    Math.max(PREPARE_AT_LEAST, Math.ceil(PREPARE_MARGIN * Math.max(lastRate.get(s.key) ?? 0, emptyRate) * seconds));
  const side = async (once: (caller: number) => Promise<boolean>, seconds: number): Promise<Side> => {
    const before = readCpu(plan.probes);
    const dbBefore = await db.read();
    const temporalBefore = await readTemporalCalls(plan.temporalMetricsUrl);
    const loop = await closedLoop(callers, seconds, once);
    const cpu_s = cpuSpent(before, readCpu(plan.probes));
    return {
      ...loop,
      cpu_s,
      db: dbWorkSpent(dbBefore, await db.read()),
      temporal: temporalCallsSpent(temporalBefore, await readTemporalCalls(plan.temporalMetricsUrl)),
    };
  };
  const label = `${s.key} at ${callers} callers${workers > 1 ? ` with ${workers} workers` : ''}`;
  const retriedBefore = s.retried();
  const emptyWarm = plan.warmup > 0 ? await closedLoop(callers, plan.warmup, empty) : null;
  // A scenario that prepares ahead does it once for the warm-up and every round (what it prepares has
  // after-effects, such as a registration's DNS run, that must not fall into a timed round).
  const ahead = s.prepareAhead ? plan.warmup + plan.rounds * plan.duration : plan.warmup;
  if (ahead > 0) {
    const prepared = await s.prepare(want(emptyWarm?.rate ?? 0, ahead), callers);
    if (prepared) say(`${label}: ${prepared}`);
  }
  if (plan.warmup > 0) {
    const w = await closedLoop(callers, plan.warmup, (c) => s.once(c));
    lastRate.set(s.key, w.rate);
  }
  const rounds: ScenarioRun['rounds'] = [];
  for (let i = 1; i <= plan.rounds; i++) {
    const e = await side(empty, plan.duration);
    // Untimed, just before the timed side: what its operations need (names to renew, paid checkouts).
    const prepared = await s.prepare(want(e.rate, plan.duration), callers);
    const r = await side((c) => s.once(c), plan.duration);
    lastRate.set(s.key, r.rate);
    rounds.push({ prepared, empty: e, scenario: r });
    say(
      `${label} round ${i}/${plan.rounds}${prepared ? ` (${prepared})` : ''}: empty workflow ${brief(e)}; ${s.key} ${brief(r)}`,
    );
  }
  const sides = (pick: (r: ScenarioRun['rounds'][number]) => Side) => rounds.map(pick);
  return {
    scenario: s.key,
    title: s.title,
    callers,
    workers,
    rounds,
    empty_rate: median(rounds.map((r) => r.empty.rate)),
    rate: median(rounds.map((r) => r.scenario.rate)),
    ratio: median(rounds.map((r) => r.scenario.rate / r.empty.rate)),
    empty_p50_ms: median(rounds.map((r) => r.empty.p50_ms)),
    p50_ms: median(rounds.map((r) => r.scenario.p50_ms)),
    p99_ms: median(rounds.map((r) => r.scenario.p99_ms)),
    p50_ratio: median(rounds.map((r) => r.scenario.p50_ms / r.empty.p50_ms)),
    cpu_ms_per_op: { empty: perOp(sides((r) => r.empty)), scenario: perOp(sides((r) => r.scenario)) },
    db_per_op: { empty: dbWorkPerOp(sides((r) => r.empty)), scenario: dbWorkPerOp(sides((r) => r.scenario)) },
    temporal_per_op: {
      empty: temporalCallsPerOp(sides((r) => r.empty)),
      scenario: temporalCallsPerOp(sides((r) => r.scenario)),
    },
    retried: s.retried() - retriedBefore,
  };
}
