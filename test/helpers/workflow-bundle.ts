// Kept free of jest so the crash test's worker process (crashing-worker.ts) can import it too.
import { fileURLToPath } from 'node:url';
import {
  DefaultLogger,
  Worker,
  type NativeConnection,
  type WorkerOptions,
  type WorkflowBundle,
} from '@temporalio/worker';
import { workflowBundle as cachedWorkflowBundle } from '../../src/entry/workflow-bundle.ts';
import { workflowSpanSink } from '../../src/telemetry/workflow-spans.ts';

/** The same workflows entry the production worker loads (src/entry/worker.ts). */
export const workflowsPath = fileURLToPath(new URL('../../workflows/index.ts', import.meta.url));

const bundles = new Map<boolean, Promise<WorkflowBundle>>();

/**
 * The workflows bundled by webpack with the production worker's options and through its cache
 * (src/entry/workflow-bundle.ts), so the tests run and replay what production runs. Bundling takes
 * seconds of CPU: the global setup bundles once for the run (test/helpers/global-setup.ts), every test
 * file and worker process then reads the bundle from the cache, and a file asks only once (jest gives
 * each file its own module registry).
 */
export function workflowBundle(opts: { traced?: boolean } = {}): Promise<WorkflowBundle> {
  const traced = opts.traced ?? false;
  let bundle = bundles.get(traced);
  if (!bundle) {
    bundle = cachedWorkflowBundle(workflowsPath, { traced, logger: new DefaultLogger('WARN') });
    bundles.set(traced, bundle);
  }
  return bundle;
}

/**
 * The sinks every Worker over a traced bundle registers, replay workers too: its OpenTelemetry
 * interceptors call theirs (src/telemetry/workflow-spans.ts), and a Worker without it logs an error for
 * each span. Tracing is off in-process, so the spans go nowhere; over an untraced bundle it is never called.
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
