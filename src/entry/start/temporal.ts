import { resolve } from 'node:path';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { Config } from '../../config/env.ts';
import { MissingTemporalCliError, startTemporalDevServer } from '../../infra/temporal-dev-server.ts';
import type { StartupStack } from './stack.ts';

/** Temporal: TEMPORAL_ADDRESS's server, else the CLI's dev server with its UI, its history under DATA_DIR. */
export async function startTemporal(config: Config, stack: StartupStack): Promise<string> {
  if (config.TEMPORAL_ADDRESS) {
    stack.say('Temporal', `${config.TEMPORAL_ADDRESS} (TEMPORAL_ADDRESS)`);
    return config.TEMPORAL_ADDRESS;
  }
  let env: TestWorkflowEnvironment | undefined;
  try {
    env = await startTemporalDevServer({
      cliPath: config.TEMPORAL_CLI_PATH,
      dbFilename: resolve(stack.dataDir, 'temporal.db'),
      port: config.TEMPORAL_DEV_PORT,
      uiPort: config.TEMPORAL_UI_PORT,
      namespace: config.TEMPORAL_NAMESPACE,
    });
  } catch (err) {
    if (err instanceof MissingTemporalCliError) await stack.fail('Temporal', 'no Temporal CLI found.', err.message);
    await stack.fail(
      'Temporal',
      (err as Error).message,
      `  - free ports ${config.TEMPORAL_DEV_PORT} and ${config.TEMPORAL_UI_PORT} (or set TEMPORAL_DEV_PORT / TEMPORAL_UI_PORT), or\n  - set TEMPORAL_ADDRESS=host:7233 to use a server you run.`,
    );
  }
  const server = env as TestWorkflowEnvironment;
  stack.onStop(() => server.teardown());
  stack.say('Temporal', `${server.address} (dev server, history in ${resolve(stack.dataDir, 'temporal.db')})`);
  stack.say('Temporal UI', `http://127.0.0.1:${config.TEMPORAL_UI_PORT}`);
  return server.address;
}
