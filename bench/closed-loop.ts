import { isCleaning } from './lifecycle.ts';
import { percentile } from './load.ts';
import { Interrupted } from './trials.ts';

// A closed loop of callers, each doing one operation after the other (the next starts when its answer
// is in), as agents registering names do; the registration section's load generator.

export interface LoopResult {
  done: number;
  failed: number;
  /** Wall time from the start until the last caller stopped. */
  seconds: number;
  /** Completions per second of wall time. */
  rate: number;
  /** Latency of the completed operations, from the call to its answer. */
  p50_ms: number;
  p99_ms: number;
  first_failure: string | null;
  /** The operations prepared for the round ran out before its time was up (it ended early). */
  ran_out: boolean;
}

/**
 * `callers` loops doing `once` until `seconds` have passed, or until `once` answers false (nothing left
 * to do: that caller stops). A failed operation is counted and the caller goes on.
 */
export async function closedLoop(
  callers: number,
  seconds: number,
  once: (caller: number) => Promise<boolean>,
): Promise<LoopResult> {
  const started = performance.now();
  const until = started + seconds * 1000;
  const latencies: number[] = [];
  let failed = 0;
  let ranOut = false;
  let firstFailure: string | null = null;
  await Promise.all(
    Array.from({ length: callers }, async (_, caller) => {
      while (performance.now() < until && !isCleaning()) {
        const t0 = performance.now();
        try {
          if (!(await once(caller))) {
            ranOut = true;
            return;
          }
          latencies.push(performance.now() - t0);
        } catch (err) {
          failed += 1;
          firstFailure ??= err instanceof Error ? err.message : String(err);
        }
      }
    }),
  );
  if (isCleaning()) throw new Interrupted('interrupted');
  const elapsed = (performance.now() - started) / 1000;
  return {
    done: latencies.length,
    failed,
    seconds: elapsed,
    rate: latencies.length / elapsed,
    p50_ms: percentile(latencies, 50),
    p99_ms: percentile(latencies, 99),
    first_failure: firstFailure,
    ran_out: ranOut,
  };
}
