import { Counter, Histogram } from 'prom-client';
import { metricsRegistry } from './registry.ts';

/** Every answer of the API: rate, errors (status_code) and latency per route pattern. */
export const httpRequestDuration = new Histogram({
  name: 'registry_http_request_duration_seconds',
  help: 'API requests by method, route pattern (unmatched: no route) and status code, by time to answer.',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

/** Requests refused before their handler: by the rate limits (429) or the overload guard (503). */
export const httpRefusals = new Counter({
  name: 'registry_http_refusals_total',
  help: 'Requests refused before their handler, by reason (rate_limited, overloaded).',
  labelNames: ['reason'] as const,
  registers: [metricsRegistry],
});
