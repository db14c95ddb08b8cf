// Counters read before and after a side of a round (database-work.ts: statements by text;
// temporal-calls.ts: Temporal requests by operation), and what they come to per operation.

export type Counts = Map<string, number>;

/** after - before, by key; keys that did not move are left out. */
export function countsSpent(before: Counts, after: Counts): Counts {
  const spent: Counts = new Map();
  for (const [key, n] of after) {
    const moved = n - (before.get(key) ?? 0);
    if (moved > 0) spent.set(key, moved);
  }
  return spent;
}

/** Each key's count over all sides / their completions (at least one), busiest first. */
export function countsPerOp(sides: { done: number; counts: Counts }[]): [key: string, perOp: number][] {
  const done = Math.max(
    sides.reduce((a, s) => a + s.done, 0),
    1,
  );
  const sum: Counts = new Map();
  for (const s of sides) for (const [key, n] of s.counts) sum.set(key, (sum.get(key) ?? 0) + n);
  return [...sum].sort((a, b) => b[1] - a[1]).map(([key, n]) => [key, n / done]);
}
