import { buildApp } from '../http/app.ts';
import { initORM } from '../db/orm.ts';
import { connectTemporal } from '../temporal/connection.ts';
import { appDepsFromConfig } from '../http/deps-from-config.ts';
import { createLogger, loadConfigOrExit, onShutdown, requireSetting } from './shared.ts';

const config = loadConfigOrExit();
const databaseUrl = requireSetting(config.DATABASE_URL, 'DATABASE_URL', 'api');
const temporalAddress = requireSetting(config.TEMPORAL_ADDRESS, 'TEMPORAL_ADDRESS', 'api');
const log = createLogger(config, 'api');

const orm = await initORM({ databaseUrl, poolMax: config.DB_POOL_MAX });
const temporal = connectTemporal(temporalAddress, config.TEMPORAL_NAMESPACE);
const app = await buildApp(await appDepsFromConfig(config, { orm, temporal }), log);

onShutdown(async () => {
  await app.close();
  await temporal.close();
  await orm.close();
});

await app.listen({ host: config.HOST, port: config.PORT });
