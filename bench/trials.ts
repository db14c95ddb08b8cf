import { isCleaning } from './lifecycle.ts';
import { median, runLoad, trialOf, warmUp, type Target, type Trial } from './load.ts';
import { say } from './settings.ts';

// Interleaved trials (issue 14): a route is never compared with a baseline measured minutes apart.
// Each round runs the raw baseline, then every target of the group, back to back (A/B/A/B/A/B), so a
// background hiccup hits both sides of a round; a target's ratio is the median of its per-round ratios
// (robust to one disturbed round), and the ratio of the medians is kept beside it.

export interface Group {
  key: string;
  raw: Target;
  targets: Target[];
  /** Connections of this group's warm-up and trials (every side alike), when not the plan's. */
  connections?: number;
  /** Even rounds run the sides in reverse order (B/A), so that neither side always runs first. */
  alternate?: boolean;
  /**
   * Against another build: targets come in pairs (this build's, then the other's), and even rounds swap
   * each pair, the raw side still first, so that each build runs in each place equally often.
   */
  swapPairs?: boolean;
  /**
   * Called as each timed trial starts (`round` from 1); the function it returns is awaited when the trial
   * has ended. Something to do beside the load (a scrape halfway through, CPU readings); it must not throw.
   */
  onTrial?: (target: Target, round: number, seconds: number) => () => Promise<void>;
}

export interface TrialPlan {
  rounds: number;
  duration: number;
  /** Warm-up per side: at least `warmup` seconds, until the req/s settles, at most `warmupMax`. */
  warmup: number;
  warmupMax: number;
  connections: number;
  pipelining: number;
}

/** A side's medians over its trials. */
export interface SideSummary {
  key: string;
  title: string;
  trials: Trial[];
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

export interface TargetSummary extends SideSummary {
  /** Per round: target req/s / raw req/s of the same round; `ratio` is their median. */
  round_ratios: number[];
  ratio: number;
  ratio_of_medians: number;
  round_p99_ratios: number[];
  p99_ratio: number;
}

export interface GroupResult {
  key: string;
  raw: SideSummary;
  targets: TargetSummary[];
}

function side(target: Target, trials: Trial[]): SideSummary {
  const sum = (f: (t: Trial) => number) => trials.reduce((a, t) => a + f(t), 0);
  return {
    key: target.key,
    title: target.title,
    trials,
    rps: median(trials.map((t) => t.rps)),
    p50: median(trials.map((t) => t.p50)),
    p99: median(trials.map((t) => t.p99)),
    requests: sum((t) => t.requests),
    non2xx: sum((t) => t.non2xx),
    errors: sum((t) => t.errors),
    timeouts: sum((t) => t.timeouts),
  };
}

function compared(target: Target, trials: Trial[], raw: Trial[]): TargetSummary {
  const s = side(target, trials);
  const rawSide = side(target, raw);
  const roundRatios = trials.map((t, i) => t.rps / (raw[i]?.rps ?? NaN));
  const roundP99Ratios = trials.map((t, i) => t.p99 / (raw[i]?.p99 ?? NaN));
  return {
    ...s,
    round_ratios: roundRatios,
    ratio: median(roundRatios),
    ratio_of_medians: s.rps / rawSide.rps,
    round_p99_ratios: roundP99Ratios,
    p99_ratio: median(roundP99Ratios),
  };
}

export class Interrupted extends Error {}

async function timed(target: Target, plan: TrialPlan): Promise<Trial> {
  const r = await runLoad(target, {
    duration: plan.duration,
    connections: plan.connections,
    pipelining: plan.pipelining,
  });
  if (isCleaning()) throw new Interrupted('interrupted');
  return trialOf(r);
}

const brief = (t: Trial) =>
  `${t.rps.toFixed(0)} req/s, p99 ${t.p99} ms${t.non2xx + t.errors > 0 ? `, non-2xx ${t.non2xx}, errors ${t.errors}` : ''}`;

export async function runGroup(group: Group, groupPlan: TrialPlan): Promise<GroupResult> {
  const plan = group.connections ? { ...groupPlan, connections: group.connections } : groupPlan;
  const sides = [group.raw, ...group.targets];
  if (plan.warmup > 0) {
    const took: string[] = [];
    for (const t of sides) {
      const seconds = await warmUp(t, { min: plan.warmup, max: plan.warmupMax, connections: plan.connections });
      if (isCleaning()) throw new Interrupted('interrupted');
      took.push(`${t.key} ${seconds} s${seconds >= plan.warmupMax ? ' (not settled)' : ''}`);
    }
    say(`${group.key} warm-up until req/s settles: ${took.join(', ')}`);
  }
  const trials = new Map<string, Trial[]>(sides.map((t) => [t.key, []]));
  for (let round = 1; round <= plan.rounds; round++) {
    const line: string[] = [];
    for (const t of orderOf(group, sides, round)) {
      const ended = group.onTrial?.(t, round, plan.duration);
      const trial = await timed(t, plan);
      await ended?.();
      trials.get(t.key)?.push(trial);
      line.push(`${t.key} ${brief(trial)}`);
    }
    say(`${group.key} round ${round}/${plan.rounds}: ${line.join('; ')}`);
  }
  const raw = trials.get(group.raw.key) ?? [];
  return {
    key: group.key,
    raw: side(group.raw, raw),
    targets: group.targets.map((t) => compared(t, trials.get(t.key) ?? [], raw)),
  };
}

/** The sides of one round, in the order the group asks for (see `alternate` and `swapPairs`). */
function orderOf(group: Group, sides: Target[], round: number): Target[] {
  if (round % 2 === 1) return sides;
  if (group.swapPairs) {
    const [raw, ...targets] = sides;
    const swapped = targets.flatMap((t, i, all) => (i % 2 === 0 ? [all[i + 1], t] : [])).filter((t) => t !== undefined);
    return [raw as Target, ...swapped];
  }
  return group.alternate ? [...sides].reverse() : sides;
}
