import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, openSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { StartupStack } from './stack.ts';

/**
 * Starts one of the stack's processes (worker, relay, API) as a child in its own process group, so that
 * Ctrl-C reaches only `npm start`, which stops them in order. Its output (JSON logs, warnings, a crash's
 * stack) goes to its own file, appended across runs; if it dies, everything stops, its log's end shown.
 */
export function launch(
  stack: StartupStack,
  env: NodeJS.ProcessEnv,
  part: string,
  script: URL,
  nodeFlags: readonly string[] = [],
): ChildProcess {
  mkdirSync(stack.logDir, { recursive: true });
  const log = stack.logFile(part);
  const out = openSync(log, 'a');
  const child = spawn(process.execPath, [...nodeFlags, fileURLToPath(script)], {
    env,
    stdio: ['ignore', out, out],
    detached: true,
  });
  child.on('exit', (code, signal) => {
    if (stack.isShuttingDown()) return;
    console.error(`${part} exited unexpectedly (${signal ?? `code ${code}`}); stopping everything.`);
    console.error(`The end of ${log}:\n${lastLines(log, 20)}`);
    void stack.shutdown(1);
  });
  stack.onStop(
    () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
      }),
  );
  return child;
}

function lastLines(file: string, n: number): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-n).join('\n');
  } catch {
    return '(nothing written)';
  }
}
