// First, before anything loads Fastify or pg: tracing patches them as they load (src/telemetry/api-tracing.ts).
import { tracing } from '../telemetry/api-tracing.ts';
import { buildApp } from '../http/app.ts';
import { openDatabaseOrExit } from './database-startup.ts';
import { connectTemporal } from '../temporal/connection.ts';
import { appDepsFromConfig } from '../http/deps-from-config.ts';
import {
  createLogger,
  exitIfAddressInUse,
  listenForMetrics,
  loadConfigOrExit,
  onShutdown,
  requireSetting,
} from './shared.ts';
import { startMetricsServer } from '../metrics/server.ts';
import { exitIfTemporalRefuses, temporalTargetOrExit } from './temporal-startup.ts';

const config = loadConfigOrExit();
const databaseUrl = requireSetting(config.DATABASE_URL, 'DATABASE_URL', 'api');
const temporalTarget = temporalTargetOrExit();
const log = createLogger(config, 'api');
// GET /metrics on a port of its own (docs/operations.md "Monitoring"); API_METRICS_ADDRESS=off: none.
// First, so a port already taken is said before any connection is opened.
const metrics =
  config.API_METRICS_ADDRESS &&
  (await listenForMetrics(config, 'API_METRICS_ADDRESS', config.API_METRICS_ADDRESS, (at) => startMetricsServer(at)));
if (metrics) log.info({ metrics: metrics.address }, 'metrics at GET /metrics');

const orm = await openDatabaseOrExit(databaseUrl, config.DB_POOL_MAX);
const temporal = connectTemporal(temporalTarget, { traced: tracing !== undefined });
// A secured cluster that refuses our certificate or key is a configuration error, said now; a server
// that is not up yet is not (the API reports "not ready" until it is).
if (temporalTarget.security !== 'plain') await exitIfTemporalRefuses(temporalTarget, () => temporal.ping(5000));
const app = await buildApp(await appDepsFromConfig(config, { orm, temporal }), log);
onShutdown(async () => {
  await app.close();
  if (metrics) await metrics.close();
  await temporal.close();
  await orm.close();
  // Last, so the spans of everything above leave too.
  await tracing?.shutdown();
});

await app.listen({ host: config.HOST, port: config.PORT }).catch((err: unknown) => {
  exitIfAddressInUse(err, 'PORT', { host: config.HOST, port: config.PORT });
  throw err;
});
