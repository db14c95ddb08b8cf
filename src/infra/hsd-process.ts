import { setTimeout as sleep } from 'node:timers/promises';
import { spawn } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { freePort } from './ports.ts';

// The hsd child process of the local naming root (src/infra/handshake-root.ts): started with its
// reservation switch, watched, waited on and stopped; and the free ports it listens on.

const STOP_GRACE_MS = 5_000;
const OUTPUT_TAIL_LINES = 20;

export type WaitFor = (what: string, timeoutMs: number, check: () => Promise<boolean>) => Promise<void>;

/**
 * hsd reserves ~90k names on every network (ICANN TLDs, and top sites such as boss.az, so `boss`)
 * for their DNS owners to claim with a DNSSEC proof until block 250,000. A private chain can neither
 * produce that proof (even regtest's `sendfakeclaim` fetches the real DNSSEC chain) nor mine that far
 * in seconds, and our namespaces are ours on this chain: the child turns the reservation off before
 * hsd loads its network parameters.
 */
function reservationOff(hsdPackageJson: string): string {
  const source = [
    `import { createRequire } from 'node:module';`,
    `createRequire(${JSON.stringify(hsdPackageJson)})('./lib/protocol/networks.js').regtest.names.noReserved = true;`,
  ].join('\n');
  return `data:text/javascript,${encodeURIComponent(source)}`;
}

export interface HsdProcess {
  waitFor: WaitFor;
  stop(): Promise<void>;
  /** The error to report: an RPC failure caused by hsd dying says so, with hsd's last words. */
  explain(err: unknown): unknown;
}

export function spawnHsd(o: {
  dataDir: string;
  httpPort: number;
  walletPort: number;
  rootPort: number;
  resolverPort: number;
  apiKey: string;
  log: (line: string) => void;
}): HsdProcess {
  const pkg = createRequire(import.meta.url).resolve('hsd/package.json');
  const args = [
    '--network=regtest',
    '--memory=true',
    `--prefix=${o.dataDir}`,
    `--http-port=${o.httpPort}`,
    `--wallet-http-port=${o.walletPort}`,
    `--ns-port=${o.rootPort}`,
    `--rs-port=${o.resolverPort}`,
    `--api-key=${o.apiKey}`,
    '--log-level=info',
    // Worker processes would outlive a SIGKILLed parent; regtest blocks are too small to need them.
    '--workers=false',
  ];
  const child = spawn(process.execPath, ['--import', reservationOff(pkg), join(dirname(pkg), 'bin/hsd'), ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const tail: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => {
      tail.push(line);
      if (tail.length > OUTPUT_TAIL_LINES) tail.shift();
      o.log(line);
    });
  }
  let exit: string | undefined;
  let stopping = false;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exit = signal ?? `code ${code}`;
      resolve();
    });
    child.once('error', (err) => {
      exit = err.message;
      resolve();
    });
  });
  const onExit = () => child.kill('SIGKILL');
  process.once('exit', onExit);

  const stop = async () => {
    process.off('exit', onExit);
    if (exit) return;
    stopping = true;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    await exited;
    clearTimeout(timer);
  };

  const waitFor: WaitFor = async (what, timeoutMs, check) => {
    const deadline = Date.now() + timeoutMs;
    let lastError = '';
    for (;;) {
      if (exit) throw new Error(`gave up waiting for ${what}`);
      try {
        if (await check()) return;
      } catch (err) {
        lastError = `: ${(err as Error).message}`;
      }
      if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${lastError}`);
      await sleep(50);
    }
  };
  const explain = (err: unknown) => {
    if (!exit || (stopping && exit === 'SIGTERM')) return err;
    const message = err instanceof Error ? err.message : String(err);
    return new Error(`hsd exited (${exit}): ${message}; its last output:\n${tail.join('\n')}`, { cause: err });
  };
  return { waitFor, stop, explain };
}

/** Distinct ports free a moment ago for both TCP and UDP, since hsd's DNS servers listen on both. */
export async function freePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) {
    const port = await freePort();
    if (await udpFree(port)) ports.add(port);
  }
  return [...ports];
}

function udpFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createSocket('udp4');
    socket.once('error', () => {
      socket.close();
      resolve(false);
    });
    socket.bind(port, '127.0.0.1', () => socket.close(() => resolve(true)));
  });
}
