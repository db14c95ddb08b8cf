import { countsPerOp, countsSpent, type Counts } from './counts.ts';

// What a registration asks of Temporal (issue 52: count the Temporal calls): the dev server's frontend
// requests by operation (`service_requests{service_name="frontend"}` of its Prometheus metrics), read
// before and after a side of a round as the CPU is. The empty workflow's side beside it shows what one
// run with one activity costs in the same units.

export type TemporalCalls = Counts;

/** The frontend's request counts by operation, for the default namespace (null: the metrics did not answer). */
export async function readTemporalCalls(metricsUrl: string): Promise<TemporalCalls | null> {
  const text = await fetch(metricsUrl)
    .then((r) => (r.ok ? r.text() : null))
    .catch(() => null);
  if (text === null) return null;
  const calls: TemporalCalls = new Map();
  for (const line of text.split('\n')) {
    if (!line.startsWith('service_requests{') || !line.includes('service_name="frontend"')) continue;
    if (!line.includes('namespace="default"')) continue;
    const operation = /operation="([^"]+)"/.exec(line)?.[1];
    const value = Number(line.slice(line.lastIndexOf(' ') + 1));
    if (operation && Number.isFinite(value)) calls.set(operation, (calls.get(operation) ?? 0) + value);
  }
  return calls;
}

/** after - before, by operation; operations that did not move are left out. */
export function temporalCallsSpent(before: TemporalCalls | null, after: TemporalCalls | null): TemporalCalls | null {
  return before && after ? countsSpent(before, after) : null;
}

/** Calls per operation over several sides, by Temporal operation, busiest first (null: not read). */
export function temporalCallsPerOp(
  sides: { done: number; temporal: TemporalCalls | null }[],
): Record<string, number> | null {
  if (sides.some((s) => !s.temporal)) return null;
  return Object.fromEntries(countsPerOp(sides.map((s) => ({ done: s.done, counts: s.temporal ?? new Map() }))));
}
