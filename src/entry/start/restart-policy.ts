/** A supervised part's consecutive failures: reset once a run has lasted long enough to count as up. */
export interface RestartState {
  failures: number;
}

/** A run this long was up, not crash-looping: the next failure starts the backoff again from its first step. */
export const STABLE_RUN_MS = 30_000;
const FIRST_DELAY_MS = 1_000;
const MAX_DELAY_MS = 30_000;

/**
 * How long to wait before starting a part that just died: 1 s, 2 s, 4 s … at most 30 s while it keeps
 * dying soon after each start (a crash loop must not spin a core), back to 1 s after a run that lasted.
 */
export function restartDelay(state: RestartState, ranForMs: number): number {
  if (ranForMs >= STABLE_RUN_MS) state.failures = 0;
  state.failures += 1;
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (state.failures - 1));
}
