import { setTimeout as sleep } from 'node:timers/promises';

/**
 * How long a test waits for something to happen before it fails: the one limit of every wait in the
 * suite. Generous, since what a test waits for (a process to start, a run to finish, a block, a zone)
 * takes several times longer on a loaded 2-core machine than on a quiet one, and a wait whose condition
 * holds returns at once: the limit costs time only in a run that fails. Below jest's own limit per test
 * (jest.config.js), so a wait that runs out says what it waited for rather than "Exceeded timeout".
 */
export const WAIT_LIMIT_MS = 120_000;

/**
 * Polls `done` until it holds; throws, naming `what`, when it still does not after `limitMs`. A probe
 * that throws counts as not yet (a server still starting refuses connections); the last such error is
 * in the message. `hopeless` says why waiting longer is pointless (the process waited for has exited),
 * and ends the wait at once.
 */
export async function waitFor(
  what: string,
  done: () => boolean | Promise<boolean>,
  {
    limitMs = WAIT_LIMIT_MS,
    everyMs = 100,
    hopeless,
  }: { limitMs?: number; everyMs?: number; hopeless?: () => string | undefined } = {},
): Promise<void> {
  const end = Date.now() + limitMs;
  let failed: unknown;
  for (;;) {
    const why = hopeless?.();
    if (why) throw new Error(`waiting for ${what}: ${why}`);
    const held = await Promise.resolve()
      .then(done)
      .catch((err: unknown) => ((failed = err), false));
    if (held) return;
    if (Date.now() > end)
      throw new Error(
        `waited ${limitMs} ms for ${what}; it did not happen${failed === undefined ? '' : ` (the last check threw: ${failed instanceof Error ? failed.message : JSON.stringify(failed)})`}`,
      );
    await sleep(everyMs);
  }
}
