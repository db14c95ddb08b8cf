import { resolve } from 'node:path';

/**
 * What `npm start` keeps while it brings the parts up: the summary, printed once, last, when the API is
 * ready (issue 38 item 20: nothing a part prints while starting can bury it, and the processes' own logs
 * go to files under DATA_DIR/logs, not here), and how to stop each part it started, in reverse order.
 */
export function startupStack(dataDir: string) {
  const summary: string[] = [];
  const stops: (() => Promise<void>)[] = [];
  const logDir = resolve(dataDir, 'logs');
  let shuttingDown = false;

  async function shutdown(code: number): Promise<never> {
    if (!shuttingDown) {
      shuttingDown = true;
      console.log('\nStopping: API, worker, DNS, Temporal, chain, identity provider, PostgreSQL...');
      for (const stop of stops.reverse()) await stop().catch((e) => console.error(`stop failed: ${e}`));
    }
    process.exit(code);
  }

  return {
    dataDir,
    logDir,
    /** A process's log file under DATA_DIR/logs. */
    logFile: (part: string) => resolve(logDir, `${part.toLowerCase()}.log`),
    /** A line of the summary: the part, then what it is and where it listens. */
    say: (part: string, text: string) => void summary.push(`${part.padEnd(11)} ${text}`),
    printSummary: () => console.log(`\n${summary.join('\n')}`),
    /** How to stop a part that started; stops run in reverse order. */
    onStop: (stop: () => Promise<void>) => void stops.push(stop),
    isShuttingDown: () => shuttingDown,
    shutdown,
    /** A part that could not start: what was said so far, why, how to fix it; then everything stops. */
    fail(part: string, message: string, fix: string): Promise<never> {
      if (summary.length) console.log(summary.join('\n'));
      console.error(`\n${part} could not start: ${message}\nHow to fix:\n${fix}\n`);
      return shutdown(1);
    },
  };
}

export type StartupStack = ReturnType<typeof startupStack>;
