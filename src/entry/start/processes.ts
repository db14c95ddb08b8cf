import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, openSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { StartupStack } from './stack.ts';
import { restartDelay, type RestartState } from './restart-policy.ts';

/** The exit code of a part that refuses its configuration (src/entry/shared.ts): restarting cannot help. */
const REFUSED_CONFIGURATION = 2;

/**
 * Starts one of the stack's processes (worker, relay, API) as a child in its own process group, so that
 * Ctrl-C reaches only `npm start`, which stops them in order. Its output (JSON logs, warnings, a crash's
 * stack) goes to its own file, appended across runs.
 *
 * `npm start` supervises it as systemd's `Restart=on-failure` or an orchestrator's restart policy would in
 * production (docs/operations.md "Supervision"): a part that dies is started again after a backoff, and the
 * console says why it died (its log's last lines); the other parts keep serving meanwhile. Only a part that
 * refuses its configuration (exit 2) stops the stack, since it would refuse again every time.
 */
export function launch(
  stack: StartupStack,
  env: NodeJS.ProcessEnv,
  part: string,
  script: URL,
  nodeFlags: readonly string[] = [],
): { current: () => ChildProcess } {
  mkdirSync(stack.logDir, { recursive: true });
  const log = stack.logFile(part);
  const state: RestartState = { failures: 0 };
  let child: ChildProcess;
  let pending: NodeJS.Timeout | undefined;

  const start = () => {
    pending = undefined;
    const out = openSync(log, 'a');
    const startedAt = Date.now();
    child = spawn(process.execPath, [...nodeFlags, fileURLToPath(script)], {
      env,
      stdio: ['ignore', out, out],
      detached: true,
    });
    child.on('exit', (code, signal) => {
      if (stack.isShuttingDown()) return;
      const cause = signal ?? `code ${code}`;
      if (code === REFUSED_CONFIGURATION) {
        console.error(`${part} refused its configuration (${cause}); stopping everything.`);
        console.error(`The end of ${log}:\n${lastLines(log, 20)}`);
        void stack.shutdown(1);
        return;
      }
      const delay = restartDelay(state, Date.now() - startedAt);
      console.error(
        `${part} exited unexpectedly (${cause}); restarting it in ${delay / 1000} s (restart ${state.failures}). The other parts keep running.`,
      );
      console.error(`The end of ${log}:\n${lastLines(log, 20)}`);
      pending = setTimeout(start, delay);
    });
  };
  start();

  stack.onStop(
    () =>
      new Promise<void>((done) => {
        clearTimeout(pending);
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
      }),
  );
  return { current: () => child };
}

function lastLines(file: string, n: number): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-n).join('\n');
  } catch {
    return '(nothing written)';
  }
}
