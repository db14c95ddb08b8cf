import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';

/**
 * Fills Node's compile cache (NODE_COMPILE_CACHE, already set in this process's environment) with the API's
 * and the worker's code, once, before any test starts one of them. A process that starts on a cold cache
 * writes the code cache of everything it loaded on its way out, about twenty megabytes: seconds of CPU on
 * a quiet machine, tens of seconds on a loaded one, and the first files' processes all start at once.
 *
 * Each entry is run on settings that pass its checks, with its metrics address on a port held here:
 * it loads all its code, says the port is taken and exits 2 (src/entry/shared.ts listenForMetrics), writing
 * the cache. A warm-up that goes otherwise is said in one line and costs nothing else: the processes of
 * the run then fill the cache themselves, as before.
 */
export async function warmCompileCache(): Promise<void> {
  const held = createServer();
  held.listen(0, '127.0.0.1');
  await once(held, 'listening');
  const taken = `127.0.0.1:${(held.address() as AddressInfo).port}`;
  try {
    await Promise.all(['src/entry/api.ts', 'src/entry/worker.ts'].map((entry) => runEntry(entry, taken)));
  } finally {
    held.close();
  }
}

async function runEntry(entry: string, taken: string): Promise<void> {
  const child = spawn(process.execPath, [entry], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      // Never reached: the metrics port is taken before either connects.
      DATABASE_URL: 'postgres://warm-up@127.0.0.1:1/warm-up',
      TEMPORAL_ADDRESS: '127.0.0.1:1',
      API_METRICS_ADDRESS: taken,
      WORKER_METRICS_ADDRESS: taken,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += String(d)));
  child.stderr.on('data', (d) => (output += String(d)));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 2 || !output.includes('already in use'))
    console.warn(`warming the compile cache with ${entry}: exited ${code}, not as expected:\n${output.slice(-2000)}`);
}
