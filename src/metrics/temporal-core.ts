import { createServer } from 'node:net';
import { once } from 'node:events';

/**
 * The Temporal SDK's runtime metrics (workflow and activity task latencies, slots, failures, sticky
 * cache: `temporal_*`) come from its Rust core, which serves them itself on an address given at
 * `Runtime.install`. We bind that exporter to a free loopback port and append its text to the worker's
 * own `/metrics`, so an operator scrapes one port per process. The port is found by binding port 0 and
 * releasing it just before the core takes it.
 */
export async function freeLoopbackPort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** Reads the core exporter's text (served at `/metrics` of its bind address). */
export function coreMetricsReader(port: number): () => Promise<string> {
  return async () => {
    const res = await fetch(`http://127.0.0.1:${port}/metrics`, { signal: AbortSignal.timeout(2000) });
    if (!res.ok) throw new Error(`the Temporal SDK's metrics answered ${res.status}`);
    return res.text();
  };
}
