import './narrow-chains.ts';
// First, before anything loads Fastify or pg: tracing patches them as they load (src/telemetry/api-tracing.ts).
import { tracing } from '../telemetry/api-tracing.ts';
import {
  closeWithin,
  createLogger,
  exitIfAddressInUse,
  listenForMetrics,
  loadConfigOrExit,
  onShutdown,
  requireSetting,
} from './shared.ts';
import { exitIfTemporalRefuses, temporalTargetOrExit } from './temporal-startup.ts';

// The settings are checked before the rest of the API loads, so one that is missing or wrong stops it
// within a second: loaded first, the whole app was compiled for nothing, and with NODE_COMPILE_CACHE set
// Node writes the code cache of all of it on its way out, a minute and more on a loaded machine when the
// cache is cold (src/entry/worker.ts).
const config = loadConfigOrExit();
const databaseUrl = requireSetting(config.DATABASE_URL, 'DATABASE_URL', 'api');
const temporalTarget = temporalTargetOrExit();
const [{ buildApp }, { openDatabaseOrExit }, { connectTemporal }, { appDepsFromConfig }, { startMetricsServer }] =
  await Promise.all([
    import('../server/app.ts'),
    import('./database-startup.ts'),
    import('../temporal/connection.ts'),
    import('../http/deps-from-config.ts'),
    import('../metrics/server.ts'),
  ]);
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
onShutdown(async (step) => {
  await step('the HTTP server and its onClose hooks', () => closeWithin(app));
  if (metrics) await step('the metrics server', () => metrics.close());
  await step('the Temporal connection', () => temporal.close());
  await step('the database pool', () => orm.close());
  // Last, so the spans of everything above leave too.
  const traces = tracing;
  if (traces) await step('the tracing exporter', () => traces.shutdown());
});

await app.listen({ host: config.HOST, port: config.PORT }).catch((err: unknown) => {
  exitIfAddressInUse(err, 'PORT', { host: config.HOST, port: config.PORT });
  throw err;
});
