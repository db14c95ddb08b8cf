import { CLK_TCK, type CpuReading } from './cpu.ts';
import type { RegistrationResult, ScenarioRun } from './registration.ts';
import { f, table } from './report.ts';
import { settings } from './settings.ts';

// The registration section of the report: each scenario beside the empty workflow at each caller count,
// the two-worker factor, and the CPU each process spent per operation.

const CPU_COLUMNS: [key: string, title: string][] = [
  ['api', 'API'],
  ['worker', 'worker(s)'],
  ['empty_worker', 'empty worker'],
  ['temporal', 'Temporal'],
  ['powerdns', 'PowerDNS'],
  ['chain', 'anvil'],
  ['postgres', 'PostgreSQL*'],
];

const runName = (r: ScenarioRun) =>
  `${r.scenario}, ${r.callers} callers${r.workers > 1 ? `, ${r.workers} workers` : ''}`;

function rateRow(r: ScenarioRun): string[] {
  const failed = r.rounds.reduce((a, x) => a + x.scenario.failed + x.empty.failed, 0);
  const ranOut = r.rounds.filter((x) => x.scenario.ran_out).length;
  return [
    runName(r),
    f(r.rate, 1),
    f(r.p50_ms),
    f(r.p99_ms),
    f(r.empty_rate, 1),
    f(r.empty_p50_ms),
    f(r.ratio, 2),
    f(r.p50_ratio, 2),
    String(failed),
    ranOut > 0 ? `${ranOut}/${r.rounds.length}` : '',
  ];
}

const cpuCells = (c: CpuReading) => CPU_COLUMNS.map(([key]) => f(c[key] ?? NaN, 1));

export function printRegistration(reg: RegistrationResult): void {
  console.log();
  console.log(
    `registration end to end: ${settings.trials} rounds of ${settings.duration} s per side, each interleaved with the empty one-activity workflow (empty/scenario/...), at ${reg.callers.join(' and ')} callers`,
  );
  table(
    ['scenario', 'ops/s', 'p50 ms', 'p99 ms', 'empty/s', 'empty p50', 'ratio', 'p50 ratio', 'failed', 'ran out'],
    reg.runs.map(rateRow),
  );
  console.log(
    'ops/s, p50, p99: medians over the rounds; ratio, p50 ratio: medians of the per-round ratios to the empty workflow run just before; ran out: rounds whose prepared operations were used up early (rate = completions / elapsed)',
  );
  for (const r of reg.runs) {
    const first = r.rounds.map((x) => x.scenario.first_failure ?? x.empty.first_failure).find((m) => m);
    if (first) console.log(`  ${runName(r)}: first failure: ${first}`);
    if (r.retried > 0) console.log(`  ${runName(r)}: ${r.retried} answers were busy and re-sent`);
  }
  for (const x of reg.failures)
    console.log(`  ${x.scenario}${x.callers ? ` at ${x.callers} callers` : ''} not measured: ${x.message}`);
  const two = reg.two_workers;
  if (two)
    console.log(
      `two registry workers / one: gems at ${two.callers} callers ${two.two_workers_rate.toFixed(1)}/s against ${two.one_worker_rate.toFixed(1)}/s: ${two.factor.toFixed(2)}x`,
    );

  console.log();
  console.log(
    `CPU ms per operation (utime+stime of /proc/<pid>/stat and its children, ticks / ${CLK_TCK}; each side's CPU over all its rounds / its completions):`,
  );
  const rows: string[][] = [];
  for (const r of reg.runs) {
    rows.push([runName(r), ...cpuCells(r.cpu_ms_per_op.scenario)]);
    rows.push(['  empty workflow beside it', ...cpuCells(r.cpu_ms_per_op.empty)]);
  }
  table(['side', ...CPU_COLUMNS.map(([, title]) => title)], rows);
  console.log(
    '* every postgres process on the machine (a shared server counts the work of other databases too); - : not read',
  );
  printDatabaseWork(reg);
}

const perOpCell = (n: number | null) => (n === null ? '-' : f(n, 1));

/** Transactions and statements per operation, then the busiest statements of each scenario's first run. */
function printDatabaseWork(reg: RegistrationResult): void {
  console.log();
  console.log(
    'database work per operation (pg_stat_database, pg_stat_statements of the bench database; every client of it, background included):',
  );
  table(
    ['side', 'transactions', 'statements', 'empty beside it: transactions', 'statements'],
    reg.runs.map((r) => [
      runName(r),
      f(r.db_per_op.scenario.transactions, 1),
      perOpCell(r.db_per_op.scenario.statements),
      f(r.db_per_op.empty.transactions, 1),
      perOpCell(r.db_per_op.empty.statements),
    ]),
  );
  const seen = new Set<string>();
  const calls = (c: Record<string, number> | null) =>
    c
      ? Object.entries(c)
          .map(([op, n]) => `${op} ${f(n, 2)}`)
          .join(', ')
      : 'not read';
  for (const r of reg.runs) {
    if (seen.has(r.scenario)) continue;
    seen.add(r.scenario);
    console.log(`  ${runName(r)}: Temporal frontend calls per operation: ${calls(r.temporal_per_op.scenario)}`);
    console.log(`    the empty workflow beside it: ${calls(r.temporal_per_op.empty)}`);
    if (r.db_per_op.scenario.top.length === 0) continue;
    console.log(`  ${runName(r)}: statements per operation, busiest first`);
    for (const t of r.db_per_op.scenario.top) console.log(`    ${f(t.per_op, 2).padStart(6)}  ${t.query}`);
  }
}
