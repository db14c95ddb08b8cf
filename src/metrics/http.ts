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
