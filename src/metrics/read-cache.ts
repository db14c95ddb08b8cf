import { Counter, Histogram } from 'prom-client';
import { metricsRegistry } from './registry.ts';

// Tallied in plain numbers and handed to the counter at scrape time: the cache is read several times on
// every public request, and prom-client hashes and validates the labels at each increment.
const tally = { hit: 0, miss: 0 };
export const readCacheHits = { inc: () => void (tally.hit += 1) };
export const readCacheMisses = { inc: () => void (tally.miss += 1) };

new Counter({
  name: 'registry_read_cache_lookups_total',
  help: "Lookups in the API's read cache, by result (hit, miss; a miss includes the cache being off).",
  labelNames: ['result'] as const,
  registers: [metricsRegistry],
  collect() {
    this.reset();
    this.inc({ result: 'hit' }, tally.hit);
    this.inc({ result: 'miss' }, tally.miss);
  },
});

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
