import type { MetricsCostResult } from './metrics-cost.ts';
import type { OverloadResult } from './overload.ts';
import type { RegistrationResult } from './registration.ts';
import type { SweepResult } from './sweep.ts';
import type { GroupResult, TargetSummary } from './trials.ts';
import type { WaitingResult } from './waiting.ts';

// Everything one run measured: what the report prints, the goals judge and latest.json keeps.

export interface GrowthResult {
  domains: number;
  grow_ms: number;
  lookup: GroupResult;
  /** lookup req/s at `domains` (a 10k-name working set) / lookup req/s at 10k, both medians of this run. */
  lookup_vs_base: number;
  /** The same with names drawn from all `domains` names (informational). */
  lookup_all_vs_base: number;
  raw_vs_base: number;
  /** Lookup of the last default run (bench/results/latest-10k.json), if there is one. */
  previous_10k: { finished_at: string; settings: string; lookup_rps: number } | null;
  sweep: SweepResult;
}

export interface Outcome {
  /** Empty, and overload and memory null, when BENCH_ONLY leaves them out. */
  groups: GroupResult[];
  overload: OverloadResult | null;
  memory: { max_rss_mb: number | null; idle_rss_mb: number | null; samples: number } | null;
  growth: GrowthResult | null;
  /** Lookup with and without the API's metrics (null when BENCH_ONLY=registration, or if it failed). */
  metrics: MetricsCostResult | null;
  registration: RegistrationResult | null;
  /** What waiting costs (BENCH_WAITING=1 or BENCH_ONLY=waiting; null otherwise, or if it failed). */
  waiting: WaitingResult | null;
  /** Opt-in sections that failed (their goals FAIL). */
  errors: { phase: string; message: string }[];
}

/** A target of the 10k groups by key (lookup, orm_baseline, search, quote, me, dashboard, dashboard_domain). */
export function targetOf(o: Pick<Outcome, 'groups'>, key: string): TargetSummary | undefined {
  return o.groups.flatMap((g) => g.targets).find((t) => t.key === key);
}
