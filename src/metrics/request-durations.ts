import type { Registry } from 'prom-client';

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

/** One series of the histogram: its labels and what it has counted. */
export interface RequestSeries {
  readonly labels: Readonly<Record<'method' | 'route' | 'status_code', string>>;
  /** Per bucket (not cumulative; the last is +Inf). */
  readonly counts: Float64Array;
  sum: number;
  count: number;
}

/**
 * `registry_http_request_duration_seconds`, kept by hand. The API observes it on every answer, and
 * prom-client's Histogram rebuilds and validates a label set and hashes it into a string at each
 * observation, even through a bound child: several microseconds, a sixth of a cached lookup's whole CPU.
 * Here a series is found once per (method, status, route) and an observation is two additions and a
 * bucket search; the registry reads it at scrape time through the same interface its own metrics offer
 * (`get()` returning the samples), so the exposition is prom-client's.
 */
export class RequestDurations {
  readonly name = 'registry_http_request_duration_seconds';
  readonly help = 'API requests by method, route pattern (unmatched: no route) and status code, by time to answer.';
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  readonly labelNames = ['method', 'route', 'status_code'] as const;
  private readonly all = new Map<string, RequestSeries>();

  constructor(registry: Registry) {
    registry.registerMetric(this as never);
  }

  /** The series of these labels (the set is bounded: route patterns, HTTP methods, status codes). */
  series(method: string, route: string, statusCode: number): RequestSeries {
    const key = `${method} ${statusCode} ${route}`;
    let s = this.all.get(key);
    if (!s) {
      s = {
        labels: { method, route, status_code: String(statusCode) },
        counts: new Float64Array(BUCKETS.length + 1),
        sum: 0,
        count: 0,
      };
      this.all.set(key, s);
    }
    return s;
  }

  observe(s: RequestSeries, seconds: number): void {
    let i = 0;
    while (i < BUCKETS.length && seconds > (BUCKETS[i] as number)) i += 1;
    s.counts[i] = (s.counts[i] as number) + 1;
    s.sum += seconds;
    s.count += 1;
  }

  /** The samples, as prom-client's registry asks every metric for them. */
  async get() {
    const values: { metricName: string; labels: Record<string, string | number>; value: number }[] = [];
    for (const s of this.all.values()) {
      let cumulative = 0;
      BUCKETS.forEach((le, i) => {
        cumulative += s.counts[i] as number;
        values.push({ metricName: `${this.name}_bucket`, labels: { ...s.labels, le }, value: cumulative });
      });
      values.push({ metricName: `${this.name}_bucket`, labels: { ...s.labels, le: '+Inf' }, value: s.count });
      values.push({ metricName: `${this.name}_sum`, labels: s.labels, value: s.sum });
      values.push({ metricName: `${this.name}_count`, labels: s.labels, value: s.count });
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  reset(): void {
    this.all.clear();
  }
}
