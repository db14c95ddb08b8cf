import type { SeedResult } from './seed.ts';
import { say } from './settings.ts';

// Lookup's read cache (src/http/public-cache.ts) fills as names are asked for. Drawn at random, the
// 10,000 seeded names take about 90,000 requests to be all seen once (a coupon collector), so a side's
// warm-up could end before its cache is full, and two APIs of the same code were measured 5x apart
// (one warmed 7 s, the other 21 s). Every API a group loads is asked for each seeded name once first,
// so each starts its trials with the same, full cache.

const CONCURRENCY = 32;

export async function primeLookups(bases: readonly string[], data: Pick<SeedResult, 'domains'>): Promise<void> {
  for (const base of bases) {
    const started = performance.now();
    let next = 0;
    let failed = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < data.domains.length) {
          const name = data.domains[next++]?.name as string;
          const res = await fetch(`${base}/api/v1/lookup/${encodeURIComponent(name)}`);
          await res.arrayBuffer();
          if (res.status !== 200) failed += 1;
        }
      }),
    );
    if (failed > 0) throw new Error(`priming ${base}: ${failed} lookups did not answer 200`);
    say(
      `primed lookup's read cache at ${base}: ${data.domains.length} names in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
}
