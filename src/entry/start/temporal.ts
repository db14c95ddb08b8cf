import { resolve } from 'node:path';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { Config } from '../../config/env.ts';
import { MissingTemporalCliError, startTemporalDevServer } from '../../infra/temporal-dev-server.ts';
import type { StartupStack } from './stack.ts';
import { configuredAddress, TemporalSettingError, temporalTarget, type TemporalTarget } from '../../temporal/target.ts';

/**
 * Temporal: the server TEMPORAL_ADDRESS (or a temporal.toml profile) names, reached as src/temporal/target.ts
 * reads it (TLS, client certificate, API key); else the CLI's dev server with its UI, its history under
 * DATA_DIR.
 */
export async function startTemporal(config: Config, stack: StartupStack): Promise<string> {
  let configured: TemporalTarget | null = null;
  try {
    configured = configuredAddress(process.env) ? temporalTarget(process.env) : null;
  } catch (err) {
    if (!(err instanceof TemporalSettingError)) throw err;
    await stack.fail(
      'Temporal',
      err.message,
      '  - fix the setting named above, or unset TEMPORAL_ADDRESS for the dev server.',
    );
  }
  if (configured) {
    stack.say('Temporal', `${configured.address} (${configured.security}; namespace "${configured.namespace}")`);
    return configured.address;
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
