import { Counter } from 'prom-client';
import { RequestDurations } from './request-durations.ts';
import { metricsRegistry } from './registry.ts';

/** Every answer of the API: rate, errors (status_code) and latency per route pattern. */
export const httpRequestDuration = new RequestDurations(metricsRegistry);

/** Requests refused before their handler: by the rate limits (429) or the overload guard (503). */
export const httpRefusals = new Counter({
  name: 'registry_http_refusals_total',
  help: 'Requests refused before their handler, by reason (rate_limited, overloaded).',
  labelNames: ['reason'] as const,
  registers: [metricsRegistry],
});

// Lookups answered by the fast read, before the app's pipeline (src/http/plugins/fast-read.ts): a plain
// number handed to the counter at scrape time, as the read cache's tallies are (metrics/read-cache.ts).
let fastReadCount = 0;
export const fastReads = { inc: () => void (fastReadCount += 1) };
new Counter({
  name: 'registry_http_fast_reads_total',
  help: "Lookups the read cache answered before the app's pipeline (also counted in the request durations).",
  registers: [metricsRegistry],
  collect() {
    this.reset();
    this.inc(fastReadCount);
  },
});
