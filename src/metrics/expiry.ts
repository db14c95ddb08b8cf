import { Counter, Gauge } from 'prom-client';
import { metricsRegistry } from './registry.ts';

/**
 * When the last expiry sweep finished, as unix seconds. Absent until this worker process has finished
 * one; the alert treats a long absence like a stale time (docs/operations.md#alert-expiry-sweep-not-running).
 */
export const expirySweepLastRun = new Gauge({
  name: 'registry_expiry_sweep_last_run_timestamp_seconds',
  help: 'Unix time at which the last expiry sweep finished on this worker.',
  registers: [metricsRegistry],
});

/** What the sweep moved, by transition (expired, released, reminded, renewed, abandoned). */
export const expirySweepRows = new Counter({
  name: 'registry_expiry_sweep_rows_total',
  help: 'Rows the expiry sweep moved, by transition.',
  labelNames: ['transition'] as const,
  registers: [metricsRegistry],
});
