// A real worker process that dies (SIGKILL, no cleanup) inside activateDomain: either right after the
// payment was verified and before activation wrote anything (CRASH_MODE=before), or after activation
// committed but before Temporal heard about it (CRASH_MODE=after-commit). Used by the crash test only.
import { NativeConnection, Worker } from '@temporalio/worker';
import { createActivities } from '../../activities/index.ts';
import { initORM } from '../../src/db/orm.ts';
import { loadConfig } from '../../src/config/env.ts';
import { paymentVerifierFromConfig } from '../../src/payments/payment-verifier.ts';
import { workflowsPath } from './workflow-bundle.ts';

const config = loadConfig();
const orm = await initORM({ databaseUrl: config.DATABASE_URL as string, poolMax: 2 });
const real = createActivities({ orm, catalogPath: config.CATALOG_PATH, payments: paymentVerifierFromConfig(config) });
const mode = process.env.CRASH_MODE;

const activities = {
  ...real,
  async activateDomain(args: Parameters<typeof real.activateDomain>[0]) {
    if (mode === 'before') process.kill(process.pid, 'SIGKILL');
    const result = await real.activateDomain(args);
    process.kill(process.pid, 'SIGKILL');
    return result;
  },
};

const connection = await NativeConnection.connect({ address: config.TEMPORAL_ADDRESS as string });
const worker = await Worker.create({ connection, taskQueue: config.TEMPORAL_TASK_QUEUE, workflowsPath, activities });
console.log('crashing worker ready');
await worker.run();
