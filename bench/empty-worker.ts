import { fileURLToPath } from 'node:url';
import { DefaultLogger, NativeConnection, Runtime, Worker } from '@temporalio/worker';
import type { EmptyActivities } from './empty-workflow.ts';

// The worker of bench/empty-workflow.ts, run as its own process as src/entry/worker.ts runs the real
// one: same SDK defaults (no tuning options), its own task queue. TEMPORAL_ADDRESS, TEMPORAL_TASK_QUEUE.
const address = process.env.TEMPORAL_ADDRESS;
const taskQueue = process.env.TEMPORAL_TASK_QUEUE;
if (!address || !taskQueue) throw new Error('empty-worker: TEMPORAL_ADDRESS and TEMPORAL_TASK_QUEUE are required');

Runtime.install({ logger: new DefaultLogger('WARN') });
const activities: EmptyActivities = { noop: async () => {} };
const connection = await NativeConnection.connect({ address });
const worker = await Worker.create({
  connection,
  namespace: process.env.TEMPORAL_NAMESPACE ?? 'default',
  taskQueue,
  workflowsPath: fileURLToPath(new URL('./empty-workflow.ts', import.meta.url)),
  activities,
});
// Worker.run() returns once SIGINT/SIGTERM has drained in-flight tasks (the SDK installs those handlers).
await worker.run();
await connection.close();
