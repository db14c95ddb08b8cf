import { isCleaning } from './lifecycle.ts';
import { percentile, runLoad, type Target } from './load.ts';
import { Interrupted } from './trials.ts';

// Overload (issue 14): lookup offered 1.5x the rate the API saturated at in the trials. The API may refuse
// what it cannot serve, but only with 503 or 429 carrying Retry-After, never another 5xx; and the
// requests it does serve must stay fast. Latencies are the client's own per response (not corrected for
// coordinated omission) so that the p99 of the served 200s can be told apart from the refusals'.

export const OVERLOAD_FACTOR = 1.5;
/**
 * "Bounded": the served p99 may be at most this many times lookup's p99 at its saturation (the -c 100
 * trials). A server that sheds what it cannot serve keeps its served requests about as fast as at
 * saturation; one that queues everything makes them wait for the whole queue (three times as long with
 * 300 connections, and longer still with more).
 */
export const OVERLOAD_P99_BOUND = 2;

export interface OverloadResult {
  saturation_rps: number;
  target_rps: number;
  connections: number;
  duration_s: number;
  responses: number;
  achieved_rps: number;
  errors: number;
  timeouts: number;
  status_share: Record<string, number>;
  status_counts: Record<string, number>;
  refusals: number;
  refusals_without_retry_after: number;
  other_5xx: number;
  served_p50_ms: number;
  served_p99_ms: number;
  /** autocannon's p99 over all responses, corrected for coordinated omission. */
  corrected_p99_ms: number;
}

const isRefusal = (status: number) => status === 503 || status === 429;

function hasRetryAfter(headers: Record<string, string | string[]>): boolean {
  return Object.keys(headers).some((h) => h.toLowerCase() === 'retry-after');
}

export async function runOverload(
  lookup: Target,
  opts: { saturationRps: number; connections: number; duration: number },
): Promise<OverloadResult> {
  const targetRps = Math.max(1, Math.round(opts.saturationRps * OVERLOAD_FACTOR));
  const counts = new Map<number, number>();
  const served: number[] = [];
  let refusalsWithoutRetryAfter = 0;
  const r = await runLoad(lookup, {
    duration: opts.duration,
    connections: opts.connections,
    overallRate: targetRps,
    onResponse: (status, headers) => {
      counts.set(status, (counts.get(status) ?? 0) + 1);
      if (isRefusal(status) && !hasRetryAfter(headers)) refusalsWithoutRetryAfter += 1;
    },
    onLatency: (status, ms) => {
      if (status === 200) served.push(ms);
    },
  });
  if (isCleaning()) throw new Interrupted('interrupted');
  const responses = [...counts.values()].reduce((a, b) => a + b, 0);
  const byStatus = [...counts.entries()].sort(([a], [b]) => a - b);
  return {
    saturation_rps: opts.saturationRps,
    target_rps: targetRps,
    connections: opts.connections,
    duration_s: r.duration,
    responses,
    achieved_rps: responses / Math.max(r.duration, 1e-9),
    errors: r.errors,
    timeouts: r.timeouts,
    status_counts: Object.fromEntries(byStatus.map(([s, n]) => [String(s), n])),
    status_share: Object.fromEntries(byStatus.map(([s, n]) => [String(s), n / Math.max(responses, 1)])),
    refusals: byStatus.filter(([s]) => isRefusal(s)).reduce((a, [, n]) => a + n, 0),
    refusals_without_retry_after: refusalsWithoutRetryAfter,
    other_5xx: byStatus.filter(([s]) => s >= 500 && s !== 503).reduce((a, [, n]) => a + n, 0),
    served_p50_ms: percentile(served, 50),
    served_p99_ms: percentile(served, 99),
    corrected_p99_ms: r.latency.p99,
  };
}
