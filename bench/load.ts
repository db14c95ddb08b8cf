import autocannon, { type Options, type RequestParams, type Result } from 'autocannon';
import { whileRunning } from './lifecycle.ts';

// One autocannon run against one target. Every request draws its own target (a random name, label or
// key) through `setupRequest`, so no cache sees the same request twice in a row.

export interface Target {
  key: string;
  title: string;
  /** The server it is sent to (the API or the raw baseline). */
  base: string;
  /** A fresh request (path, and method/headers/body when not a plain GET). */
  request: () => RequestParams;
}

export interface LoadOptions {
  duration: number;
  connections: number;
  pipelining?: number;
  /** Requests per second over all connections (open-ended when unset). */
  overallRate?: number;
  onResponse?: (status: number, headers: Record<string, string | string[]>) => void;
  /** Every response with its latency in ms (autocannon's client-side measure). */
  onLatency?: (status: number, ms: number) => void;
}

export function runLoad(target: Target, opts: LoadOptions): Promise<Result> {
  const options: Options = {
    url: target.base,
    connections: opts.connections,
    pipelining: opts.pipelining ?? 1,
    duration: opts.duration,
    title: target.key,
    requests: [
      {
        setupRequest: (req) => ({ ...req, method: 'GET', ...target.request() }),
        ...(opts.onResponse
          ? { onResponse: (status, _body, _ctx, headers) => opts.onResponse?.(status, headers) }
          : {}),
      },
    ],
    ...(opts.overallRate ? { overallRate: opts.overallRate } : {}),
  };
  const run = autocannon(options);
  if (opts.onLatency) {
    const onLatency = opts.onLatency;
    run.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => onLatency(status, ms));
  }
  return whileRunning(() => run.stop(), Promise.resolve(run));
}

/**
 * Warm-up has settled when the rate stops climbing: the mean req/s of the last three seconds is at most
 * 5% above that of the three before. A trend, not a spread: on a busy machine the rate jitters, and
 * jitter must not keep a warm server warming up; a server still warming climbs window after window (a
 * cold read cache takes tens of seconds to fill, its rate rising the whole time).
 */
const SETTLE_WINDOW = 3;
const SETTLE_GAIN = 1.05;

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(xs.length, 1);

function settled(perSecond: number[]): boolean {
  if (perSecond.length < 2 * SETTLE_WINDOW) return false;
  const recent = mean(perSecond.slice(-SETTLE_WINDOW));
  const before = mean(perSecond.slice(-2 * SETTLE_WINDOW, -SETTLE_WINDOW));
  return recent <= SETTLE_GAIN * before;
}

/**
 * Load until the rate stops changing, at least `min` and at most `max` seconds: JIT compilation, pools
 * and any cache the server keeps (lookup's read cache fills over tens of thousands of requests) reach
 * their steady state before anything is timed. Returns the seconds it took.
 */
export async function warmUp(target: Target, opts: { min: number; max: number; connections: number }) {
  const perSecond: number[] = [];
  let count = 0;
  const run = autocannon({
    url: target.base,
    connections: opts.connections,
    duration: opts.max,
    requests: [{ setupRequest: (req) => ({ ...req, method: 'GET', ...target.request() }) }],
  });
  run.on('response', () => (count += 1));
  const timer = setInterval(() => {
    perSecond.push(count);
    count = 0;
    if (perSecond.length >= opts.min && settled(perSecond)) run.stop();
  }, 1000);
  try {
    await whileRunning(() => run.stop(), Promise.resolve(run));
  } finally {
    clearInterval(timer);
  }
  return perSecond.length;
}

/** The figures of one timed run. req/s is autocannon's average over its 1-s samples. */
export interface Trial {
  rps: number;
  p50: number;
  p99: number;
  avg: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  status_codes: Record<string, number>;
}

export function trialOf(r: Result): Trial {
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    avg: r.latency.average,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    status_codes: Object.fromEntries(Object.entries(r.statusCodeStats).map(([code, s]) => [code, Number(s.count)])),
  };
}

export function median(xs: readonly number[]): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

/** The nearest-rank percentile (0 < p <= 100) of unsorted values. */
export function percentile(xs: readonly number[], p: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] as number;
}
