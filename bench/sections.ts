import type { MetricsCostResult } from './metrics-cost.ts';
import type { GrowthResult, Outcome } from './outcome.ts';
import type { OverloadResult } from './overload.ts';
import { f, printGroups } from './report.ts';

// The report's sections after the route table: overload, memory, the metrics cost and growth (with the sweep's plans);
// registration's is registration-report.ts.

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** The classes issue 14 asks about: served, the two refusals, any other 5xx, anything else. */
function statusClasses(counts: Record<string, number>): Record<string, number> {
  const classes: Record<string, number> = { '200': 0, '429': 0, '503': 0, 'other 5xx': 0, other: 0 };
  for (const [code, n] of Object.entries(counts)) {
    const key = code in classes ? code : Number(code) >= 500 ? 'other 5xx' : 'other';
    classes[key] = (classes[key] ?? 0) + n;
  }
  return classes;
}

export function printOverload(o: OverloadResult): void {
  console.log();
  console.log(
    `overload: lookup offered ${o.target_rps} req/s (1.5x the ${o.saturation_rps.toFixed(0)} req/s of the trials) over ${o.connections} connections for ${o.duration_s.toFixed(0)} s`,
  );
  const shares = Object.entries(statusClasses(o.status_counts)).map(
    ([label, n]) => `${label} ${pct(n / Math.max(o.responses, 1))} (${n})`,
  );
  console.log(`  answered ${o.responses} (${o.achieved_rps.toFixed(0)}/s): ${shares.join(', ')}`);
  console.log(
    `  errors ${o.errors} (timeouts ${o.timeouts}); refusals (503/429) ${o.refusals}, without Retry-After ${o.refusals_without_retry_after}; other 5xx ${o.other_5xx}`,
  );
  console.log(
    `  served 200s: p50 ${o.served_p50_ms.toFixed(1)} ms, p99 ${o.served_p99_ms.toFixed(1)} ms; all answers, corrected for coordinated omission: p99 ${o.corrected_p99_ms} ms`,
  );
  if (o.achieved_rps < 0.95 * o.target_rps)
    console.log(
      `  note: ${pct(o.achieved_rps / o.target_rps)} of the offered rate was sent: each connection waits for its answer, so a server that queues holds the load generator back (it shares the cores too; more connections: BENCH_OVERLOAD_CONNECTIONS)`,
    );
}

export function printMemory(m: NonNullable<Outcome['memory']>): void {
  console.log();
  if (m.max_rss_mb === null) return console.log('API resident memory: not sampled (no /proc)');
  console.log(
    `API resident memory: max ${m.max_rss_mb.toFixed(0)} MB under load (${m.samples} samples every 200 ms from the first trial to the end of overload); ${m.idle_rss_mb?.toFixed(0)} MB before the load`,
  );
}

export function printGrowth(g: GrowthResult, caption: string): void {
  printGroups([g.lookup], caption);
  console.log(
    `growth: grew to ${g.domains} domains in ${(g.grow_ms / 1000).toFixed(1)} s; lookup at ${g.domains} / at 10k in this run: ${g.lookup_vs_base.toFixed(2)} with a working set of 10k names (raw baseline: ${g.raw_vs_base.toFixed(2)}); ${g.lookup_all_vs_base.toFixed(2)} with names drawn from all ${g.domains}`,
  );
  if (g.previous_10k)
    console.log(
      `  against the last run without growth (bench/results/latest-10k.json, ${g.previous_10k.finished_at}, ${g.previous_10k.settings}): lookup ${g.previous_10k.lookup_rps.toFixed(0)} req/s there, ratio ${((g.lookup.targets[0]?.rps ?? NaN) / g.previous_10k.lookup_rps).toFixed(2)} (informational: another run, another machine state)`,
    );
  const s = g.sweep;
  console.log();
  console.log(
    `expiry sweep at ${s.domains} domains, ${s.marked_due} (1%) due; EXPLAIN (ANALYZE, BUFFERS) of each step's first page:`,
  );
  for (const p of s.plans) {
    const scan = p.seq_scan_on_domain ? 'SEQ SCAN on domain' : 'no seq scan on domain';
    console.log(
      `  ${p.step} (${p.page} page): ${scan}; ${p.rows} rows, ${p.buffers} pages touched, ${p.execution_ms.toFixed(2)} ms`,
    );
  }
  for (const p of s.plans.filter((x) => x.step === 'start-grace'))
    console.log(`  plan of start-grace, ${p.page} page (the due rows):\n${p.plan.replace(/^/gm, '    ')}`);
  const steps = s.steps.map((st) => `${st.step} ${st.changed} in ${st.pages} pages ${(st.ms / 1000).toFixed(2)} s`);
  console.log(`  sweep run (activities, workflow order): ${steps.join('; ')}`);
  console.log(`  total ${(s.sweep_ms / 1000).toFixed(2)} s; interval ${s.interval_s} s`);
}

export function printMetricsCost(m: MetricsCostResult, caption: string): void {
  printGroups(
    [m.lookup],
    caption,
    'req/s, p50, p99: medians over the rounds; ratio: median of the per-round ratios to the first row of the same round (the order alternates); ratio med: ratio of the medians',
  );
  const on = m.lookup.targets[0];
  console.log(
    `metrics cost: lookup with metrics / without: req/s ${f(on?.ratio ?? NaN, 3)} (per-round ${on?.round_ratios.map((r) => f(r, 3)).join(', ')}), p99 ${f(on?.p99_ratio ?? NaN, 2)} (per-round ${on?.round_p99_ratios.map((r) => f(r, 2)).join(', ')})`,
  );
  const timed = m.scrapes.filter((s) => s.round > 0);
  const ms = timed.map((s) => s.ms);
  const last = m.scrapes.at(-1);
  console.log(
    `  ${timed.length} scrapes of ${m.metrics_url} under load, ${m.failed_scrapes} failed: ${f(Math.min(...ms), 1)}-${f(Math.max(...ms), 1)} ms, ${f((last?.bytes ?? NaN) / 1024, 1)} KiB; lookup counted ${f(last?.lookup_count ?? NaN)} times${m.read_cache_hit_share === null ? '' : `; read cache hits ${pct(m.read_cache_hit_share)} of lookups meanwhile`}`,
  );
  const cpu = m.cpu_us_per_request;
  if (cpu.with_metrics !== null && cpu.without_metrics !== null)
    console.log(
      `  API CPU per request (/proc, over the trials, the scrapes included): ${f(cpu.with_metrics)} us with metrics, ${f(cpu.without_metrics)} us without (${f(cpu.with_metrics / cpu.without_metrics, 3)}x)`,
    );
}
