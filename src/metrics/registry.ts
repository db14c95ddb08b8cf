import { collectDefaultMetrics, Registry } from 'prom-client';

/**
 * The one metrics registry of this process (API or worker), served on its metrics port
 * (src/metrics/server.ts). Counters and histograms are declared once, at module scope, beside the code
 * that moves them (prom-client's own idiom): a count is taken where the event happens, without threading
 * a metrics object through every dependency. Module scope is once per process, and once per test file
 * under jest, so nothing is registered twice. Gauges that read the database or Temporal are built by the
 * worker's factory over its dependencies instead (backlog.ts).
 */
export const metricsRegistry = new Registry();

// The runtime's own: CPU, memory, event-loop lag, handles (no prefix, as every Node exporter names them).
collectDefaultMetrics({ register: metricsRegistry });

/** The registry's text exposition, in Prometheus' format. */
export const metricsText = (): Promise<string> => metricsRegistry.metrics();
