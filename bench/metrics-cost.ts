import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { isDeepStrictEqual } from 'node:util';
import { cpuSpent, readCpu, type CpuReading } from './cpu.ts';
import { isCleaning } from './lifecycle.ts';
import type { Target } from './load.ts';
import { say } from './settings.ts';
import * as targets from './targets.ts';
import { runGroup, type GroupResult, type TrialPlan } from './trials.ts';

// The metrics cost (bench/README.md "What it does", step 8): the API counts every answer in a histogram
// and its read cache's hits and misses, and serves them on a port of its own. Lookup, the read path's
// main route, is measured on the API as it runs (with its metrics) and on a second API process that is
// the same in all but API_METRICS_ADDRESS=off (no metrics server, no request-metrics hook), in interleaved
// rounds; halfway through each trial of the side with metrics its endpoint is scraped once, as Prometheus
// would scrape it, so the cost measured includes serving a scrape under load.

/** The histogram every answer is counted in; a scrape must hold its `_count` for lookup's route. */
export const REQUEST_COUNT = 'registry_http_request_duration_seconds_count';
/** Lookup's route pattern as the histogram labels it (`/api/v1/lookup/:domain_name`). */
const LOOKUP_ROUTE = /^\/api\/v1\/lookup\/:\w+$/;

/**
 * The latest modification time of the code the API runs (src, activities, workflows): the two APIs must
 * load the same code, and others may be editing the tree while the bench starts them.
 */
export function sourceStamp(root: string): number {
  let latest = 0;
  for (const dir of ['src', 'activities', 'workflows'])
    for (const file of readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' }))
      // A file removed between the listing and its stat is a change too, seen at the next stamp.
      latest = Math.max(latest, statSync(join(root, dir, file), { throwIfNoEntry: false })?.mtimeMs ?? 0);
  return latest;
}

export interface ApiProcess {
  base: string;
  pid: number;
}

export interface Scrape {
  /** 0: the check before the trials. */
  round: number;
  ok: boolean;
  status: number | null;
  ms: number;
  bytes: number;
  /** Sample lines that are not `name{labels} value`. */
  bad_lines: number;
  /** registry_http_request_duration_seconds_count of lookup's route, all statuses. */
  lookup_count: number | null;
  /** registry_read_cache_lookups_total by result. */
  cache_hits: number | null;
  cache_misses: number | null;
  error?: string;
}

export interface MetricsCostResult {
  /** `raw` is lookup without metrics (the baseline of this comparison), `targets[0]` lookup with them. */
  lookup: GroupResult;
  metrics_url: string;
  scrapes: Scrape[];
  /** The scrapes during the trials that failed or did not hold lookup's request count (goal: 0). */
  failed_scrapes: number;
  /** Read-cache hits / lookups between the first and the last scrape (informational). */
  read_cache_hit_share: number | null;
  /** Each API's CPU per request over its trials, in microseconds, from /proc (null elsewhere). */
  cpu_us_per_request: { with_metrics: number | null; without_metrics: number | null };
}

const SAMPLE = /^([A-Za-z_:][\w:]*)(\{(.*)\})?\s+(\S+)(\s+-?\d+)?$/;
const LABEL = /([A-Za-z_]\w*)="((?:[^"\\]|\\.)*)"/g;

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Prometheus' text format, sample lines only; lines that do not parse are counted, not thrown. */
export function parseExposition(text: string): { samples: Sample[]; bad: number } {
  const samples: Sample[] = [];
  let bad = 0;
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.startsWith('#')) continue;
    const m = SAMPLE.exec(line.trim());
    const value = m ? Number(m[4] === '+Inf' ? Infinity : m[4] === '-Inf' ? -Infinity : m[4]) : NaN;
    if (!m || (Number.isNaN(value) && m[4] !== 'NaN')) {
      bad += 1;
      continue;
    }
    const labels = Object.fromEntries([...(m[3] ?? '').matchAll(LABEL)].map((l) => [l[1] ?? '', l[2] ?? '']));
    samples.push({ name: m[1] ?? '', labels, value });
  }
  return { samples, bad };
}

const total = (samples: Sample[], name: string, labels: Record<string, string | RegExp>): number | null => {
  const hits = samples.filter(
    (s) =>
      s.name === name &&
      Object.entries(labels).every(([k, v]) => (typeof v === 'string' ? s.labels[k] === v : v.test(s.labels[k] ?? ''))),
  );
  return hits.length === 0 ? null : hits.reduce((a, s) => a + s.value, 0);
};

export async function scrape(url: string, round: number, previousCount: number | null): Promise<Scrape> {
  const started = performance.now();
  const empty = { round, bytes: 0, bad_lines: 0, lookup_count: null, cache_hits: null, cache_misses: null };
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    const text = await res.text();
    const ms = performance.now() - started;
    const { samples, bad } = parseExposition(text);
    const count = total(samples, REQUEST_COUNT, { method: 'GET', route: LOOKUP_ROUTE });
    const cache = (result: string) => total(samples, 'registry_read_cache_lookups_total', { result });
    const problems = [
      res.status === 200 ? null : `status ${res.status}`,
      bad === 0 ? null : `${bad} lines that do not parse`,
      count !== null && count > 0 ? null : `no ${REQUEST_COUNT} of lookup's route`,
      count === null || previousCount === null || count > previousCount
        ? null
        : `lookup's count did not grow (${previousCount} then ${count})`,
    ].filter((p) => p !== null);
    return {
      ...empty,
      ok: problems.length === 0,
      status: res.status,
      ms,
      bytes: Buffer.byteLength(text),
      bad_lines: bad,
      lookup_count: count,
      cache_hits: cache('hit'),
      cache_misses: cache('miss'),
      ...(problems.length > 0 ? { error: problems.join('; ') } : {}),
    };
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    return { ...empty, ok: false, status: null, ms: performance.now() - started, error };
  }
}

/**
 * Lookup with and without metrics, `plan.rounds` interleaved rounds (the order alternating), each side
 * warmed up first; the API without metrics (started with the other, so both run the same code) is
 * stopped at the end.
 */
export async function measureMetricsCost(opts: {
  withMetrics: ApiProcess & { metricsUrl: string };
  without: ApiProcess & { stop: () => Promise<void> };
  names: targets.NamePool;
  firstName: string;
  plan: TrialPlan;
}): Promise<MetricsCostResult> {
  const { withMetrics, plan } = opts;
  const { without } = opts;
  try {
    say(
      `metrics cost: API with metrics at ${withMetrics.base} (pid ${withMetrics.pid}, ${withMetrics.metricsUrl}); without at ${without.base} (pid ${without.pid})`,
    );
    const off: Target = {
      ...targets.lookup({ api: without.base, raw: '' }, opts.names),
      key: 'lookup_no_metrics',
      title: 'GET /api/v1/lookup/:name, API_METRICS_ADDRESS=off',
    };
    const on: Target = {
      ...targets.lookup({ api: withMetrics.base, raw: '' }, opts.names),
      key: 'lookup_metrics',
      title: 'GET /api/v1/lookup/:name, with metrics (scraped)',
    };
    // Both answer the same name with the same document, and the endpoint serves lookup's count.
    const one: targets.NamePool = { pickName: () => opts.firstName };
    const [a, b] = await Promise.all(
      [off, on].map((t) => targets.send({ ...t, request: targets.lookup({ api: '', raw: '' }, one).request })),
    );
    if (!isDeepStrictEqual(a?.json, b?.json))
      throw new Error(
        `lookup differs between the two APIs:\n  without ${JSON.stringify(a?.json)}\n  with    ${JSON.stringify(b?.json)}`,
      );
    // The answer can reach us before its onResponse hook has counted it: a few tries.
    let first = await scrape(withMetrics.metricsUrl, 0, null);
    for (let i = 0; i < 20 && !first.ok; i++) {
      await sleep(100);
      first = await scrape(withMetrics.metricsUrl, 0, null);
    }
    if (!first.ok) throw new Error(`GET ${withMetrics.metricsUrl}: ${first.error}`);
    const scrapes: Scrape[] = [first];

    const pids: Record<string, number> = { [on.key]: withMetrics.pid, [off.key]: without.pid };
    const cpu: Record<string, number[]> = { [on.key]: [], [off.key]: [] };
    const probe = (key: string) => [{ key, pids: () => [pids[key] as number] }];
    const onTrial = (t: Target, round: number, seconds: number) => {
      const before: CpuReading = readCpu(probe(t.key));
      const scraped =
        t.key === on.key
          ? sleep((seconds * 1000) / 2).then(async () => {
              if (isCleaning()) return;
              scrapes.push(await scrape(withMetrics.metricsUrl, round, scrapes.at(-1)?.lookup_count ?? null));
            })
          : Promise.resolve();
      return async () => {
        await scraped;
        const spent = cpuSpent(before, readCpu(probe(t.key)))[t.key];
        if (spent !== null && spent !== undefined) cpu[t.key]?.push(spent);
      };
    };
    const lookup = await runGroup({ key: 'metrics cost', raw: off, targets: [on], alternate: true, onTrial }, plan);

    const timed = scrapes.filter((s) => s.round > 0);
    for (const s of timed.filter((x) => !x.ok)) say(`metrics cost: scrape in round ${s.round} failed: ${s.error}`);
    const last = scrapes.at(-1);
    const hits = (last?.cache_hits ?? NaN) - (first.cache_hits ?? 0);
    const misses = (last?.cache_misses ?? NaN) - (first.cache_misses ?? 0);
    const perRequest = (key: string, requests: number) => {
      const spent = cpu[key] ?? [];
      return spent.length === lookup.raw.trials.length && requests > 0
        ? (spent.reduce((x, y) => x + y, 0) * 1e6) / requests
        : null;
    };
    return {
      lookup,
      metrics_url: withMetrics.metricsUrl,
      scrapes,
      failed_scrapes: timed.filter((s) => !s.ok).length + Math.max(0, plan.rounds - timed.length),
      read_cache_hit_share: Number.isFinite(hits + misses) && hits + misses > 0 ? hits / (hits + misses) : null,
      cpu_us_per_request: {
        with_metrics: perRequest(on.key, lookup.targets[0]?.requests ?? 0),
        without_metrics: perRequest(off.key, lookup.raw.requests),
      },
    };
  } finally {
    await without.stop();
  }
}
