import { describe, expect, it } from '@jest/globals';
import { Registry } from 'prom-client';
import { RequestDurations } from '../../src/metrics/request-durations.ts';
import { parseMetrics, total } from '../helpers/metrics.ts';

// The API's request histogram is kept by hand (src/metrics/request-durations.ts); what Prometheus reads
// of it must be a histogram as prom-client would write it: cumulative buckets, +Inf, sum and count.
describe('the request histogram', () => {
  it('exposes cumulative buckets, +Inf, sum and count per series', async () => {
    const registry = new Registry();
    const h = new RequestDurations(registry);
    const lookup = h.series('GET', '/api/v1/lookup/:domain_name', 200);
    for (const s of [0.001, 0.005, 0.02, 0.3, 12]) h.observe(lookup, s);
    h.observe(h.series('GET', 'unmatched', 404), 0.002);
    expect(h.series('GET', '/api/v1/lookup/:domain_name', 200)).toBe(lookup);

    const text = await registry.metrics();
    expect(text).toContain('# TYPE registry_http_request_duration_seconds histogram');
    const samples = parseMetrics(text);
    const of = { route: '/api/v1/lookup/:domain_name', status_code: '200', method: 'GET' };
    const bucket = (le: string) => total(samples, 'registry_http_request_duration_seconds_bucket', { ...of, le });
    // 0.005 is inside the 0.005 bucket (le: less than or equal), 12 only in +Inf.
    expect([bucket('0.005'), bucket('0.01'), bucket('0.025'), bucket('0.25'), bucket('0.5'), bucket('10')]).toEqual([
      2, 2, 3, 3, 4, 4,
    ]);
    expect(bucket('+Inf')).toBe(5);
    expect(total(samples, 'registry_http_request_duration_seconds_count', of)).toBe(5);
    expect(total(samples, 'registry_http_request_duration_seconds_sum', of)).toBeCloseTo(12.326);
    expect(total(samples, 'registry_http_request_duration_seconds_count', { route: 'unmatched' })).toBe(1);
  });
});
