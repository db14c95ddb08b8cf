import pino from 'pino';
import { ConfigError, loadConfig, type Config } from '../config/env.ts';
import type { LoadOptions } from '../config/problems.ts';
import type { MetricsServer } from '../metrics/server.ts';

/** The configuration, or exit 2 listing every problem. */
export function loadConfigOrExit(options: LoadOptions = {}): Config {
  try {
    return loadConfig(process.env, options);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
}

export function requireSetting(value: string | undefined, name: string, entry: string): string {
  if (value) return value;
  console.error(
    `${name} is required for \`npm run ${entry}\`. Use \`npm start\` to bring up the whole stack on embedded defaults.`,
  );
  process.exit(2);
}

export function createLogger(config: Config, name: string) {
  return pino({ name, level: config.LOG_LEVEL });
}

/** Beyond CLOSE_GRACE_MS, the time a stop has for its pools and clients before the process ends anyway. */
const STOP_DEADLINE_MS = 30_000;

/** Runs one named part of a stop, so a stop that overruns says which part it waits on. */
export type StopStep = (part: string, run: () => Promise<unknown>) => Promise<void>;

/**
 * Runs `stop` once on SIGINT/SIGTERM, then exits (within STOP_DEADLINE_MS, whatever `stop` waits on). Each
 * part of the stop goes through `step`, so the line of an overrun names the part still waiting.
 */
export function onShutdown(stop: (step: StopStep) => Promise<void>): void {
  let stopping = false;
  let part = 'nothing yet';
  const step: StopStep = async (name, run) => {
    part = name;
    await run();
  };
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    // A stop that never finishes must not keep the process: after this long it ends anyway, saying so.
    setTimeout(() => {
      console.error(
        `shutdown after ${signal} did not finish within ${STOP_DEADLINE_MS / 1000} s (still stopping: ${part}): exiting`,
      );
      process.exit(1);
    }, STOP_DEADLINE_MS).unref();
    stop(step)
      .then(() => process.exit(0))
      .catch((err) => {
        console.error(`shutdown after ${signal} failed (stopping: ${part}):`, err);
        process.exit(1);
      });
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}

/** How long a stopping server lets its requests finish before it cuts the connections still open. */
export const CLOSE_GRACE_MS = 10_000;

/**
 * Closes a Fastify app as a stopping process must: the requests in progress may finish, then, after
 * CLOSE_GRACE_MS, every connection still open is cut. Without the cut one client that never closes its
 * side (the server answered, the client keeps the connection and its unread bytes) kept the process
 * from exiting on SIGTERM for ever: found by the byte-level fuzzer (docs/reliability.md).
 */
export async function closeWithin(app: { close(): Promise<void>; server: { closeAllConnections(): void } }) {
  const cut = setTimeout(() => app.server.closeAllConnections(), CLOSE_GRACE_MS);
  try {
    await app.close();
  } finally {
    clearTimeout(cut);
  }
}

const inUse = (err: unknown) => (err as NodeJS.ErrnoException | null)?.code === 'EADDRINUSE';
const hostPort = (at: { host: string; port: number }) =>
  `${at.host.includes(':') ? `[${at.host}]` : at.host}:${at.port}`;

/**
 * Listens where `setting` says, for a process's metrics (docs/operations.md "Monitoring"). The port is
 * taken (a second API or worker beside `npm start`): in development it serves them on a free port
 * instead and says where, in one line; elsewhere it stops with one line naming the setting, never a
 * stack trace, since a scrape target that moved silently is a monitoring gap.
 */
export async function listenForMetrics(
  config: Pick<Config, 'NODE_ENV'>,
  setting: 'API_METRICS_ADDRESS' | 'WORKER_METRICS_ADDRESS',
  at: { host: string; port: number },
  listen: (at: { host: string; port: number }) => Promise<MetricsServer>,
): Promise<MetricsServer> {
  try {
    return await listen(at);
  } catch (err) {
    if (!inUse(err)) throw err;
    if (config.NODE_ENV === 'development') {
      const moved = await listen({ host: at.host, port: 0 });
      console.warn(
        `${setting}: ${hostPort(at)} is in use (another process serves metrics there); this one serves them at http://${hostPort(moved.address)}/metrics (set ${setting} to choose, or off).`,
      );
      return moved;
    }
    console.error(`${setting}: ${hostPort(at)} is already in use; set ${setting} to a free host:port, or to off.`);
    process.exit(2);
  }
}

/** Stops with one line naming the setting when the API's own port is taken (a second API beside `npm start`). */
export function exitIfAddressInUse(err: unknown, setting: string, at: { host: string; port: number }): void {
  if (!inUse(err)) return;
  console.error(`${setting}: ${hostPort(at)} is already in use; set ${setting} to a free port.`);
  process.exit(2);
}
