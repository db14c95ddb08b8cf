// A real worker process that dies (SIGKILL, no cleanup) inside one activity (CRASH_ACTIVITY, default
// activateDomain): either before it does anything (CRASH_MODE=before), or after its effect committed
// but before Temporal heard about it (CRASH_MODE=after-commit). Used by the crash tests only.
import { NativeConnection, Worker } from '@temporalio/worker';
import { createActivities } from '../../activities/index.ts';
import { initORM } from '../../src/db/orm.ts';
import { loadConfig } from '../../src/config/env.ts';
import { payoutServiceFromConfig } from '../../src/market/payouts.ts';
import { paymentVerifierFromConfig } from '../../src/payments/payment-verifier.ts';
import { workflowBundle } from '../../src/entry/workflow-bundle.ts';
import { bundleSinks, workflowsPath } from './workflow-bundle.ts';

const config = loadConfig();
const orm = await initORM({ databaseUrl: config.DATABASE_URL as string, poolMax: 2 });
const payouts = payoutServiceFromConfig(config, orm);
const real = createActivities({
  orm,
  catalogPath: config.CATALOG_PATH,
  payments: paymentVerifierFromConfig(config),
  ...(payouts ? { payouts } : {}),
});
const mode = process.env.CRASH_MODE;
const name = (process.env.CRASH_ACTIVITY ?? 'activateDomain') as keyof typeof real;
const target = real[name] as (...args: unknown[]) => Promise<unknown>;

const activities = {
  ...real,
  async [name](...args: unknown[]) {
    if (mode === 'before') process.kill(process.pid, 'SIGKILL');
    const result = await target(...args);
    process.kill(process.pid, 'SIGKILL');
    return result;
  },
};

const connection = await NativeConnection.connect({ address: config.TEMPORAL_ADDRESS as string });
const worker = await Worker.create({
  connection,
  taskQueue: config.TEMPORAL_TASK_QUEUE,
  workflowBundle: await workflowBundle(workflowsPath),
  activities,
  sinks: bundleSinks(),
});
console.log('crashing worker ready');
await worker.run();
