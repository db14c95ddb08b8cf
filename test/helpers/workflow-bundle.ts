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
import { bundleOptions } from '../../src/entry/workflow-bundle.ts';
import { workflowSpanSink } from '../../src/telemetry/workflow-spans.ts';

/** The same workflows entry the production worker loads (src/entry/worker.ts). */
export const workflowsPath = fileURLToPath(new URL('../../workflows/index.ts', import.meta.url));

let bundle: Promise<WorkflowBundle> | undefined;

/**
 * The workflows bundled by webpack, which takes seconds: done once and shared by every Worker of the
 * test file (jest gives each file its own module registry, so "once per module" is "once per file").
 * Bundled with the production worker's options, so the tests run and replay what production runs.
 */
export function workflowBundle(): Promise<WorkflowBundle> {
  bundle ??= bundleWorkflowCode(bundleOptions(workflowsPath, new DefaultLogger('WARN')));
  return bundle;
}

/**
 * The sinks every Worker over the bundle registers, replay workers too: the bundle's OpenTelemetry
 * interceptors call theirs (src/telemetry/workflow-spans.ts), and a Worker without it logs an error for
 * each span. Tracing is off in-process, so the spans go nowhere.
 */
export const bundleSinks = () => ({ exporter: workflowSpanSink() });

/** A Worker over the shared bundle, polling `taskQueue` with the given (real or fake) activities. */
export async function createWorker(
  connection: NativeConnection,
  taskQueue: string,
  activities: WorkerOptions['activities'],
): Promise<Worker> {
  return Worker.create({
    connection,
    taskQueue,
    workflowBundle: await workflowBundle(),
    activities,
    sinks: bundleSinks(),
  });
}
