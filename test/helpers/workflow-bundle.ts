// Kept free of jest so the crash test's worker process (crashing-worker.ts) can import it too.
import { fileURLToPath } from 'node:url';
import {
  bundleWorkflowCode,
  DefaultLogger,
  Worker,
  type NativeConnection,
  type WorkerOptions,
  type WorkflowBundle,
} from '@temporalio/worker';

/** The same workflows entry the production worker loads (src/entry/worker.ts). */
export const workflowsPath = fileURLToPath(new URL('../../workflows/index.ts', import.meta.url));

let bundle: Promise<WorkflowBundle> | undefined;

/**
 * The workflows bundled by webpack, which takes seconds: done once and shared by every Worker of the
 * test file (jest gives each file its own module registry, so "once per module" is "once per file").
 */
export function workflowBundle(): Promise<WorkflowBundle> {
  bundle ??= bundleWorkflowCode({ workflowsPath, logger: new DefaultLogger('WARN') });
  return bundle;
}

/** A Worker over the shared bundle, polling `taskQueue` with the given (real or fake) activities. */
export async function createWorker(
  connection: NativeConnection,
  taskQueue: string,
  activities: WorkerOptions['activities'],
): Promise<Worker> {
  return Worker.create({ connection, taskQueue, workflowBundle: await workflowBundle(), activities });
}
