import pino from 'pino';
import { ConfigError, loadConfig, type Config } from '../config/env.ts';

export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
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

/** Runs `stop` once on SIGINT/SIGTERM, then exits. */
export function onShutdown(stop: () => Promise<void>): void {
  let stopping = false;
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    stop()
      .then(() => process.exit(0))
      .catch((err) => {
        console.error(`shutdown after ${signal} failed:`, err);
        process.exit(1);
      });
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}
