import { targetOf, type Outcome } from './outcome.ts';
import { OVERLOAD_P99_BOUND } from './overload.ts';
import { SCENARIOS } from './registration-scenarios.ts';
import { f, goal, skipped, type Goal } from './report.ts';
import { settings } from './settings.ts';
import { waitingGoals } from './waiting-report.ts';

// Issue 14's and issue 30's goals, each judged on this run's figures. Route ratios are to the raw
// baseline of the same round; registration's to the empty workflow of the same round.

/** Lookup req/s / the ceiling's (issue 52). */
export const LOOKUP_GOAL = 0.9;
/** Issue 52: the API's resident memory under the whole bench. */
export const MEMORY_LIMIT_MB = 250;
export const GROWTH_GOAL = 0.9;
/** Each registration scenario's throughput / the empty workflow's (issue 30), at every caller count. */
export const REGISTRATION_GOAL = 0.9;
/** Each registration scenario's p50 / the empty workflow's p50 (issue 30), at every caller count. */
export const REGISTRATION_P50_GOAL = 1.3;
/** Two registry workers / one: throughput grows (informational). */
export const TWO_WORKERS_GOAL = 1.0;

/** Lookup req/s with the API's metrics (scraped) / without them, same run, interleaved rounds. */
export const METRICS_RPS_GOAL = 0.95;
/** Lookup p99 with metrics / without them. */
export const METRICS_P99_GOAL = 1.1;

/** BENCH_ONLY: the sections it leaves out, and why, for their goals' SKIP. */
const onlyNote = () => (settings.only ? `BENCH_ONLY=${settings.only}` : null);
const leftOut = (goals: Goal[], why: string): Goal[] =>
  goals.map((g) => ({ ...g, value: null, pass: null, note: why }));

function routeGoals(o: Outcome): Goal[] {
  return [
    // Issue 52: a cached lookup at the framework's ceiling (a constant answer plus one map lookup).
    goal('lookup_rps_ratio', 'lookup req/s / the ceiling', targetOf(o, 'lookup')?.ratio, '>=', LOOKUP_GOAL),
    goal('lookup_p99_ratio', 'lookup p99 / the ceiling', targetOf(o, 'lookup')?.p99_ratio, '<=', 1.5),
    goal(
      'lookup_vs_search',
      'lookup req/s / search req/s',
      (targetOf(o, 'lookup')?.rps ?? NaN) / (targetOf(o, 'search')?.rps ?? NaN),
      '>=',
      1.0,
    ),
    goal('search_rps_ratio', 'search (all namespaces) req/s ratio', targetOf(o, 'search')?.ratio, '>=', 0.7),
    goal('quote_rps_ratio', 'quote req/s ratio', targetOf(o, 'quote')?.ratio, '>=', 0.7),
    goal('me_rps_ratio', 'agents/me (API key) req/s ratio', targetOf(o, 'me')?.ratio, '>=', 0.5),
    ...dashboardGoals(o),
  ];
}

/**
 * The dashboard renders in tens of milliseconds for a person with 1,000 domains: the overview's p50 and
 * p99 (medians over the rounds) at the dashboard group's concurrency, one page load at a time by default.
 */
export const DASHBOARD_P50_MS = 50;
export const DASHBOARD_P99_MS = 100;

function dashboardGoals(o: Outcome): Goal[] {
  const overview = targetOf(o, 'dashboard');
  const c = `-c ${settings.dashboardConnections}`;
  return [
    goal('dashboard_p50', `dashboard overview (1,005 domains) p50 at ${c}`, overview?.p50, '<', DASHBOARD_P50_MS, {
      digits: 1,
      unit: ' ms',
    }),
    goal('dashboard_p99', `dashboard overview (1,005 domains) p99 at ${c}`, overview?.p99, '<', DASHBOARD_P99_MS, {
      digits: 1,
      unit: ' ms',
    }),
  ];
}

function overloadGoals(o: Outcome): Goal[] {
  const ov = o.overload;
  if (!ov)
    return [
      skipped('overload_other_5xx', 'overload: 5xx other than 503', '= 0'),
      skipped('overload_retry_after', 'overload: 503/429 without Retry-After', '= 0'),
      skipped('overload_served_p99', 'overload: p99 of the served 200s', `<= ${OVERLOAD_P99_BOUND}x lookup's p99`),
    ];
  const bound = OVERLOAD_P99_BOUND * (targetOf(o, 'lookup')?.p99 ?? NaN);
  return [
    goal('overload_other_5xx', 'overload: 5xx other than 503', ov.other_5xx, '=', 0, { digits: 0 }),
    goal('overload_retry_after', 'overload: 503/429 without Retry-After', ov.refusals_without_retry_after, '=', 0, {
      digits: 0,
      note: `${ov.refusals} refusals`,
    }),
    goal('overload_served_p99', 'overload: p99 of the served 200s', ov.served_p99_ms, '<=', Math.round(bound), {
      digits: 0,
      unit: ' ms',
      note: `${OVERLOAD_P99_BOUND}x lookup's p99 at saturation (-c ${settings.connections})`,
    }),
  ];
}

/** SKIP when the section was not asked for; FAIL, with the error, when it was and failed. */
function notMeasured(o: Outcome, phase: string, how: string, goals: Goal[]): Goal[] {
  const error = o.errors.find((e) => e.phase === phase);
  return goals.map((g) =>
    error ? { ...g, pass: false, note: `${phase} failed: ${error.message}` } : { ...g, note: how },
  );
}

function growthGoals(o: Outcome): Goal[] {
  const g = o.growth;
  if (!g)
    return notMeasured(o, 'growth', 'set BENCH_DOMAINS=1000000', [
      skipped('growth_lookup', 'lookup at 1M / lookup at 10k', `>= ${GROWTH_GOAL}`),
      skipped('sweep_plan', 'expiry sweep: page queries that scan domain', '= 0'),
      skipped('sweep_time', 'expiry sweep with 1% due', '< interval'),
    ]);
  const scans = g.sweep.plans.filter((p) => p.seq_scan_on_domain).length;
  const all = g.sweep.grace_started === g.sweep.marked_due;
  return [
    goal(
      'growth_lookup',
      `lookup at ${g.domains} (10k-name working set) / lookup at 10k req/s`,
      g.lookup_vs_base,
      '>=',
      GROWTH_GOAL,
    ),
    goal('sweep_plan', 'expiry sweep: page queries with a Seq Scan on domain', scans, '=', 0, { digits: 0 }),
    {
      ...goal('sweep_time', 'expiry sweep with 1% due (all steps)', g.sweep.sweep_ms / 1000, '<', g.sweep.interval_s, {
        digits: 1,
        unit: ' s',
        note: `${g.sweep.grace_started} of ${g.sweep.marked_due} due moved to grace`,
      }),
      ...(all ? {} : { pass: false }),
    },
  ];
}

function registrationGoals(o: Outcome): Goal[] {
  const r = o.registration;
  const callers = r?.callers ?? settings.registrationCallers;
  const most = Math.max(...callers);
  const twoLabel = `two registry workers / one, gems at ${most} callers`;
  const pairs = callers.flatMap((c) => SCENARIOS.map((s) => [s, c] as const));
  if (!r)
    return notMeasured(o, 'registration', 'set BENCH_REGISTRATION=1 or BENCH_ONLY=registration', [
      ...pairs.flatMap(([s, c]) => [
        skipped(
          `registration_ratio_${s}_${c}`,
          `registration ${s} / empty workflow, ${c} callers`,
          `>= ${REGISTRATION_GOAL}`,
        ),
        skipped(
          `registration_p50_${s}_${c}`,
          `registration ${s} p50 / empty p50, ${c} callers`,
          `<= ${REGISTRATION_P50_GOAL}`,
        ),
      ]),
      skipped('registration_two_workers', twoLabel, `> ${TWO_WORKERS_GOAL}`),
    ]);
  const goals = pairs.flatMap(([s, c]) => {
    const run = r.runs.find((x) => x.scenario === s && x.callers === c && x.workers === 1);
    const failure = r.failures.find((x) => x.scenario === s && (x.callers === null || x.callers === c));
    const failed = failure ? { pass: false, note: `not measured: ${failure.message}` } : {};
    return [
      {
        ...goal(
          `registration_ratio_${s}_${c}`,
          `registration ${s} / empty workflow throughput, ${c} callers`,
          run?.ratio,
          '>=',
          REGISTRATION_GOAL,
          {
            note: run ? `${run.rate.toFixed(1)}/s against ${run.empty_rate.toFixed(1)}/s` : 'not measured',
          },
        ),
        ...failed,
      },
      {
        ...goal(
          `registration_p50_${s}_${c}`,
          `registration ${s} p50 / empty workflow p50, ${c} callers`,
          run?.p50_ratio,
          '<=',
          REGISTRATION_P50_GOAL,
          {
            note: run ? `${run.p50_ms.toFixed(0)} ms against ${run.empty_p50_ms.toFixed(0)} ms` : 'not measured',
          },
        ),
        ...failed,
      },
    ];
  });
  const two = r.two_workers;
  return [
    ...goals,
    goal('registration_two_workers', twoLabel, two?.factor, '>', TWO_WORKERS_GOAL, {
      note: two
        ? `${two.two_workers_rate.toFixed(1)}/s against ${two.one_worker_rate.toFixed(1)}/s; informational`
        : 'not measured',
    }),
  ];
}

function metricsGoals(o: Outcome): Goal[] {
  const m = o.metrics;
  const labels = {
    rps: 'lookup req/s with metrics / without',
    p99: 'lookup p99 with metrics / without',
    scrape: 'metrics scrapes under load that failed or lacked the request count',
  };
  if (!m) {
    const goals = [
      skipped('metrics_rps_ratio', labels.rps, `>= ${METRICS_RPS_GOAL}`),
      skipped('metrics_p99_ratio', labels.p99, `<= ${METRICS_P99_GOAL}`),
      skipped('metrics_scrapes', labels.scrape, '= 0'),
    ];
    return settings.metricsCost
      ? notMeasured(o, 'metrics cost', 'not measured', goals)
      : leftOut(goals, settings.only ? `BENCH_ONLY=${settings.only}` : `BENCH_GROUPS=${settings.groups?.join(',')}`);
  }
  const on = m.lookup.targets[0];
  return [
    goal('metrics_rps_ratio', labels.rps, on?.ratio, '>=', METRICS_RPS_GOAL, {
      digits: 3,
      note: `${f(on?.rps ?? NaN)} against ${f(m.lookup.raw.rps)} req/s`,
    }),
    goal('metrics_p99_ratio', labels.p99, on?.p99_ratio, '<=', METRICS_P99_GOAL, {
      digits: 3,
      note: `${f(on?.p99 ?? NaN, 1)} against ${f(m.lookup.raw.p99, 1)} ms`,
    }),
    goal('metrics_scrapes', labels.scrape, m.failed_scrapes, '=', 0, {
      digits: 0,
      note: `${m.scrapes.length - 1} scrapes`,
    }),
  ];
}

export function buildGoals(o: Outcome): Goal[] {
  const memory = goal('api_max_rss', 'API max resident memory under load', o.memory?.max_rss_mb, '<', MEMORY_LIMIT_MB, {
    digits: 0,
    unit: ' MB',
  });
  const only = onlyNote();
  const http = [...routeGoals(o), ...overloadGoals(o), memory];
  return [
    ...(only ? leftOut(http, only) : http),
    ...(only ? leftOut(growthGoals(o), only) : growthGoals(o)),
    ...metricsGoals(o),
    ...registrationGoals(o),
    ...waitingGoals(o),
  ];
}
