import { Counter, Histogram } from 'prom-client';
import { metricsRegistry } from './registry.ts';

const lookups = new Counter({
  name: 'registry_read_cache_lookups_total',
  help: "Lookups in the API's read cache, by result (hit, miss; a miss includes the cache being off).",
  labelNames: ['result'] as const,
  registers: [metricsRegistry],
});

/** Bound once: the cache is read on every public request, and a bound child skips the label lookup. */
export const readCacheHits = lookups.labels('hit');
export const readCacheMisses = lookups.labels('miss');

/**
 * How long a notification takes through PostgreSQL back to this API: measured by each barrier (sent
 * before a write's answer, heard back on the LISTEN connection), so it is the lag every change sees.
 */
export const notificationLag = new Histogram({
  name: 'registry_read_cache_notification_lag_seconds',
  help: 'Time from a NOTIFY sent by this API to its arrival on the LISTEN connection (read-your-writes barriers).',
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2],
  registers: [metricsRegistry],
});
