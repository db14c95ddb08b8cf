import { median, type Target } from './load.ts';
import type { Outcome } from './outcome.ts';
import { f, goal, table, type Goal } from './report.ts';
import type { Servers } from './targets.ts';
import type { TargetSummary } from './trials.ts';

// BENCH_BEFORE (bench/README.md "Against another build"): every route of a group also runs on the API of
// another commit, in the same rounds, so "this build against that one" is read off one run: per round,
// this build's req/s over the other's, and the median of those ratios (as for the raw baseline).

/** Within 5 % of the other build (issue 39): reads and writes alike. */
export const BEFORE_GOAL = 0.95;

const SUFFIX = '_before';

/** The same target, sent to the other build's API. */
export const onBefore = (t: Target, servers: Servers, commit: string): Target => ({
  ...t,
  key: `${t.key}${SUFFIX}`,
  title: `${t.title} [${commit.slice(0, 8)}]`,
  base: servers.before ?? t.base,
});

export interface BeforePair {
  key: string;
  title: string;
  now: TargetSummary;
  before: TargetSummary;
  /** Median over rounds of this build's req/s / the other's in the same round. */
  rpsRatio: number;
  /** Median over rounds of this build's p99 / the other's. */
  p99Ratio: number;
}

export function beforePairs(o: Pick<Outcome, 'groups'>): BeforePair[] {
  const targets = o.groups.flatMap((g) => g.targets);
  return targets.flatMap((now) => {
    const before = targets.find((t) => t.key === `${now.key}${SUFFIX}`);
    if (!before) return [];
    const perRound = (m: (t: { rps: number; p99: number }) => number) =>
      median(now.trials.map((t, i) => m(t) / m(before.trials[i] ?? { rps: NaN, p99: NaN })));
    return [
      {
        key: now.key,
        title: now.title,
        now,
        before,
        rpsRatio: perRound((t) => t.rps),
        p99Ratio: perRound((t) => t.p99),
      },
    ];
  });
}

export function printBefore(pairs: BeforePair[], commit: string): void {
  console.log();
  console.log(`this build against ${commit.slice(0, 12)} (BENCH_BEFORE), same rounds:`);
  table(
    ['route', 'req/s', 'req/s before', 'ratio', 'p99 ms', 'p99 ms before', 'p99 ratio'],
    pairs.map((p) => [
      p.title,
      f(p.now.rps),
      f(p.before.rps),
      f(p.rpsRatio, 3),
      f(p.now.p99, 1),
      f(p.before.p99, 1),
      f(p.p99Ratio, 2),
    ]),
  );
  console.log('ratio: median over rounds of req/s here / req/s of the other build in the same round.');
}

export function beforeGoals(pairs: BeforePair[]): Goal[] {
  return pairs.map((p) =>
    goal(`before_${p.key}_rps_ratio`, `${p.key} req/s against BENCH_BEFORE`, p.rpsRatio, '>=', BEFORE_GOAL, {
      digits: 3,
    }),
  );
}
