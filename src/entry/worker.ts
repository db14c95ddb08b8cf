// First, before anything loads pg: tracing patches it as it loads (src/telemetry/worker-tracing.ts).
import { tracing } from '../telemetry/worker-tracing.ts';
import { fileURLToPath } from 'node:url';
import { connectionOptions } from '../temporal/target.ts';
import { listenForMetrics, loadConfigOrExit, requireSetting } from './shared.ts';
import { exitIfTemporalRefuses, temporalTargetOrExit } from './temporal-startup.ts';

export const workflowsPath = fileURLToPath(new URL('../../workflows/index.ts', import.meta.url));

// The settings are checked before the rest of the worker loads, so one that is missing or wrong stops
// it within a second. Loaded first, the whole graph (the SDK, the ORM, viem, the activities) was
// compiled for nothing, and with NODE_COMPILE_CACHE set (`npm start`, the tests) Node then writes the
// code cache of all of it on its way out: on a cold cache, a minute and more on a loaded machine
// between the line naming the setting and the exit.
const config = loadConfigOrExit();
const databaseUrl = requireSetting(config.DATABASE_URL, 'DATABASE_URL', 'worker');
const temporalTarget = temporalTargetOrExit();

const [
  { DefaultLogger, NativeConnection, Runtime, Worker },
  { Client },
  { createActivities },
  { openDatabaseOrExit },
  { dnsSyncFromConfig, ensureNamespaceZones },
  { onchainRegistrarFromConfig },
  { payoutServiceFromConfig },
  { paymentVerifierFromConfig },
  { usdcRouteFromConfig },
  { clientInterceptors },
  { workerDeployment },
  { ensureExpirySweepSchedule },
  { startOutboxDispatcher, webhookActivitySettings },
  { workflowBundle },
  { activitySpanInterceptors },
  { workflowSpanSink },
  { registerBacklogGauges },
  { metricsRegistry },
  { startMetricsServer },
  { coreMetricsReader, freeLoopbackPort },
] = await Promise.all([
  import('@temporalio/worker'),
  import('@temporalio/client'),
  import('../../activities/index.ts'),
  import('./database-startup.ts'),
  import('../dns/from-config.ts'),
  import('../identity/erc8004/registrar.ts'),
  import('../market/payouts.ts'),
  import('../payments/payment-verifier.ts'),
  import('../payments/usdc-route.ts'),
  import('../temporal/connection.ts'),
  import('../temporal/deployment.ts'),
  import('../temporal/expiry-schedule.ts'),
  import('../webhooks/worker-side.ts'),
  import('./workflow-bundle.ts'),
  import('../telemetry/activity-spans.ts'),
  import('../telemetry/workflow-spans.ts'),
  import('../metrics/backlog.ts'),
  import('../metrics/registry.ts'),
  import('../metrics/server.ts'),
  import('../metrics/temporal-core.ts'),
]);

// The SDK's runtime metrics are served by its core on a loopback port of their own and appended to
// ours (src/metrics/temporal-core.ts); none when this worker serves no metrics.
const corePort = config.WORKER_METRICS_ADDRESS && (await freeLoopbackPort());
// The SDK logs every worker state change at INFO; keep the console for warnings unless asked for more.
Runtime.install({
  logger: new DefaultLogger(config.LOG_LEVEL === 'debug' || config.LOG_LEVEL === 'trace' ? 'DEBUG' : 'WARN'),
  ...(corePort && { telemetryOptions: { metrics: { prometheus: { bindAddress: `127.0.0.1:${corePort}` } } } }),
});

// GET /metrics on a port of its own (docs/operations.md "Monitoring"): the activities' counts, the
// backlog gauges (below) and the SDK's runtime metrics. First, so a port already taken is said before
// any connection is opened.
const metrics =
  config.WORKER_METRICS_ADDRESS &&
  (await listenForMetrics(config, 'WORKER_METRICS_ADDRESS', config.WORKER_METRICS_ADDRESS, (at) =>
    startMetricsServer(at, corePort ? coreMetricsReader(corePort) : undefined),
  ));

/** The USDC route's activity dependencies, when it is configured (docs/payments.md "USDC route"). */
function withUsdcRoute(c: typeof config) {
  const usdc = usdcRouteFromConfig(c);
  return usdc ? { usdc } : {};
}

/** Pays sellers' pathUSD proceeds on chain, when the treasury's key is configured (docs/market.md "Payouts"). */
function withPayouts() {
  const payouts = payoutServiceFromConfig(config, orm);
  return payouts ? { payouts } : {};
}

/** Sends names' ERC-8004 registrations, when the registry and the registrar's key are configured. */
function withOnchainRegistrar() {
  const onchain = onchainRegistrarFromConfig(config, orm);
  return onchain ? { onchain } : {};
}

const orm = await openDatabaseOrExit(databaseUrl, config.DB_POOL_MAX);
const dns = dnsSyncFromConfig(config, orm);
await ensureNamespaceZones(dns, orm, (message) => console.warn(message));
const connected = await exitIfTemporalRefuses(temporalTarget, () =>
  NativeConnection.connect(connectionOptions(temporalTarget)),
);
if (!('ok' in connected)) {
  console.error(`cannot reach Temporal at ${temporalTarget.address}: ${(connected.unreachable as Error).message}`);
  process.exit(1);
}
const connection = connected.ok;
// The worker's own calls (the outbox's signals and starts, the schedule) share its native connection:
// no second gRPC stack in JavaScript beside the SDK's.
const temporal = {
  client: new Client({
    connection,
    namespace: temporalTarget.namespace,
    interceptors: clientInterceptors(tracing !== undefined),
  }),
};
const worker = await Worker.create({
  connection,
  namespace: temporalTarget.namespace,
  taskQueue: config.TEMPORAL_TASK_QUEUE,
  ...workerDeployment(config),
  // Traces (docs/tracing.md): with tracing on, the bundle's workflow spans and their sink, and activity
  // spans; with it off, none (the sink then drops what a traced bundle would send it).
  workflowBundle: await workflowBundle(workflowsPath, { traced: tracing !== undefined }),
  interceptors: { activity: activitySpanInterceptors(tracing) },
  sinks: { exporter: workflowSpanSink(tracing) },
  activities: createActivities({
    orm,
    catalogPath: config.CATALOG_PATH,
    gemUsdRate: config.GEM_USD_RATE,
    payments: paymentVerifierFromConfig(config),
    webhooks: webhookActivitySettings(config),
    ...withUsdcRoute(config),
    ...withPayouts(),
    ...withOnchainRegistrar(),
    dns,
    temporal: temporal.client,
  }),
});

// Unattended expiry: the schedule lives in Temporal, so it survives restarts of this process; creating
// it again here only brings it to the current settings (docs/registration.md "Expiry").
await ensureExpirySweepSchedule(temporal.client, {
  taskQueue: config.TEMPORAL_TASK_QUEUE,
  everySeconds: config.EXPIRY_SWEEP_SECONDS,
  graceDays: config.GRACE_PERIOD_DAYS,
  autoRenewDaysBefore: config.AUTO_RENEW_DAYS_BEFORE,
});

// The backlog gauges, read at each scrape, once there is a database and Temporal to read them from.
if (metrics)
  registerBacklogGauges(
    {
      orm,
      temporal: temporal.client,
      taskQueue: config.TEMPORAL_TASK_QUEUE,
      stalledAfterMs: config.STALLED_RUN_SECONDS * 1000,
    },
    metricsRegistry,
    (message) => console.warn(message),
  );

// Events leave the outbox for their delivery workflows from here (docs/webhooks.md "Delivery"). A
// failed pass leaves the events where they are; the next notification or poll takes them.
const dispatcher = await startOutboxDispatcher({
  config,
  orm,
  client: temporal.client,
  databaseUrl,
  onError: (err) => console.warn(`outbox dispatch: ${err instanceof Error ? err.message : String(err)}`),
});

// Worker.run() returns once SIGINT/SIGTERM has drained in-flight tasks (the SDK installs those handlers).
await worker.run();
await dispatcher.stop();
if (metrics) await metrics.close();
await connection.close();
await orm.close();
await tracing?.shutdown();
