// What a registration asks of Temporal (issue 52: count the Temporal calls): the dev server's frontend
// requests by operation (`service_requests{service_name="frontend"}` of its Prometheus metrics), read
// before and after a side of a round as the CPU is. The empty workflow's side beside it shows what one
// run with one activity costs in the same units.

export type TemporalCalls = Map<string, number>;

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
  if (!before || !after) return null;
  const spent: TemporalCalls = new Map();
  for (const [op, n] of after) if (n - (before.get(op) ?? 0) > 0) spent.set(op, n - (before.get(op) ?? 0));
  return spent;
}

/** Calls per operation over several sides, by Temporal operation, busiest first (null: not read). */
export function temporalCallsPerOp(
  sides: { done: number; temporal: TemporalCalls | null }[],
): Record<string, number> | null {
  if (sides.some((s) => !s.temporal)) return null;
  const done = Math.max(
    sides.reduce((a, s) => a + s.done, 0),
    1,
  );
  const sum = new Map<string, number>();
  for (const s of sides) for (const [op, n] of s.temporal ?? []) sum.set(op, (sum.get(op) ?? 0) + n);
  return Object.fromEntries([...sum].sort((a, b) => b[1] - a[1]).map(([op, n]) => [op, n / done]));
}
