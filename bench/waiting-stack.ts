import { setTimeout as sleep } from 'node:timers/promises';
import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { readdirSync, readFileSync } from 'node:fs';
import type { CpuProbe } from './cpu.ts';
import { onCleanup, trackChild } from './lifecycle.ts';
import { freePort, ROOT } from './services.ts';

// The waiting section's stack: `npm start` (src/entry/start.ts) as a user runs it, on a fresh DATA_DIR and
// free ports, waited for until it prints "Ready"; stopped (SIGTERM: it stops its parts in order) at cleanup.

/** The variables npm start reads for each port it opens (src/config/schema.ts). */
const PORT_SETTINGS = [
  'PORT',
  'TEMPORAL_DEV_PORT',
  'TEMPORAL_UI_PORT',
  'EMBEDDED_PG_PORT',
  'DEV_OIDC_PORT',
  'ANVIL_PORT',
  'BASE_ANVIL_PORT',
  'CHECKOUT_PORT',
  'PDNS_LOCAL_DNS_PORT',
  'PDNS_LOCAL_API_PORT',
  'HANDSHAKE_ROOT_PORT',
] as const;

/** What a user's shell would not hold when running npm start on embedded defaults. */
const UNSET = [
  'NODE_ENV',
  'LOG_LEVEL',
  'PUBLIC_BASE_URL',
  'DATABASE_URL',
  'TEMPORAL_ADDRESS',
  'TEMPORAL_NAMESPACE',
  'OIDC_ISSUER',
  'CHAIN_RPC_URL',
  'BASE_RPC_URL',
  'CHECKOUT_URL',
  'PDNS_API_URL',
  'RELAY_WEBHOOK_URL',
];

export interface WaitingStack {
  api: string;
  temporalAddress: string;
  dataDir: string;
  startSeconds: number;
  /** Temporal (the dev server and its children), the worker, and the rest, for information. */
  probes: CpuProbe[];
}

const READY = 'Ready. Press Ctrl-C to stop.';

/**
 * Starts `npm start` and waits for its Ready line. The settings that differ from a user's: free ports, a
 * temporary DATA_DIR, the expiry sweep at its production interval (npm start's 5 s is for trying `ops
 * expire`; EXPIRY_SWEEP_SECONDS passes through), and limits that a hundred checkouts of one bench trip
 * (provisioning per address, open checkouts per agent), which cost nothing while idle.
 */
export async function startWaitingStack(): Promise<WaitingStack> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-waiting-'));
  await chmod(dataDir, 0o755);
  onCleanup('remove the waiting stack data', () => rm(dataDir, { recursive: true, force: true }));
  const taken = new Set<number>();
  const ports: Record<string, string> = {};
  for (const setting of PORT_SETTINGS) {
    let port = await freePort(45000, 5000);
    while (taken.has(port)) port = await freePort(45000, 5000);
    taken.add(port);
    ports[setting] = String(port);
  }
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...ports,
    DATA_DIR: dataDir,
    API_METRICS_ADDRESS: '127.0.0.1:0',
    WORKER_METRICS_ADDRESS: '127.0.0.1:0',
    EXPIRY_SWEEP_SECONDS: process.env.EXPIRY_SWEEP_SECONDS || '60',
    PROVISION_LIMIT_MAX: '1000000',
    RATE_LIMIT_MAX: '1000000',
    RATE_LIMIT_IP_MAX: '1000000',
    CHECKOUT_MAX_OPEN: '100000',
  };
  for (const name of UNSET) delete env[name];
  const started = performance.now();
  const child = spawn(process.execPath, [resolve(ROOT, 'src/entry/start.ts')], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  if (child.pid === undefined) throw new Error('could not start npm start');
  trackChild(child);
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  const pid = child.pid;
  onCleanup('stop npm start (waiting)', async () => {
    if (exited()) return;
    // Whatever it started (each in its process group), in case it is killed before it could stop them.
    const groups = [pid, ...processesBelow(pid, () => true)];
    child.kill('SIGTERM');
    for (let i = 0; i < 600 && !exited(); i++) await sleep(100);
    if (exited()) return;
    for (const group of groups)
      try {
        process.kill(-group, 'SIGKILL');
      } catch {
        // already gone
      }
  });
  const deadline = Date.now() + 240_000;
  while (!output.includes(READY)) {
    if (exited()) throw new Error(`npm start exited during start-up:\n${output.slice(-4000)}`);
    if (Date.now() > deadline) throw new Error(`npm start was not ready within 240 s:\n${output.slice(-4000)}`);
    await sleep(250);
  }
  const startSeconds = (performance.now() - started) / 1000;
  const under = (pattern: RegExp) => () => processesBelow(pid, (cmd) => pattern.test(cmd));
  const named = (test: (comm: string) => boolean) => () => processesBelow(pid, (_cmd, comm) => test(comm));
  return {
    api: `http://127.0.0.1:${ports.PORT}`,
    temporalAddress: `127.0.0.1:${ports.TEMPORAL_DEV_PORT}`,
    dataDir,
    startSeconds,
    probes: [
      // `temporal server start-dev`, however the CLI was started (a shim, a Python wrapper).
      {
        key: 'temporal',
        pids: () => processesBelow(pid, (cmd) => /\btemporal\b/.test(cmd) && cmd.includes('start-dev')),
      },
      { key: 'worker', pids: under(/src\/entry\/worker\.ts/) },
      { key: 'api', pids: under(/src\/entry\/api\.ts/) },
      { key: 'relay', pids: under(/src\/entry\/relay\.ts/) },
      { key: 'postgres', pids: named((comm) => comm === 'postgres') },
      { key: 'anvil', pids: named((comm) => comm === 'anvil') },
      { key: 'powerdns', pids: named((comm) => comm.startsWith('pdns')) },
      { key: 'stack', pids: () => [pid] },
    ],
  };
}

/**
 * The topmost processes below `root` that match (their descendants are counted with them by readCpu):
 * the stack's own, not those of another section of the same bench (its API, its Temporal).
 */
function processesBelow(root: number, matches: (cmdline: string, comm: string) => boolean): number[] {
  const procs: { pid: number; ppid: number; comm: string }[] = [];
  for (const e of readdirSync('/proc').filter((x) => /^\d+$/.test(x)))
    try {
      const text = readFileSync(`/proc/${e}/stat`, 'utf8');
      const close = text.lastIndexOf(')');
      procs.push({
        pid: Number(e),
        ppid: Number(text.slice(close + 2).split(' ')[1]),
        comm: text.slice(text.indexOf('(') + 1, close),
      });
    } catch {
      // gone meanwhile
    }
  const children = new Map<number, typeof procs>();
  for (const p of procs) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
  const found: number[] = [];
  const walk = (pid: number) => {
    for (const c of children.get(pid) ?? []) {
      let cmd = '';
      try {
        cmd = readFileSync(`/proc/${c.pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      } catch {
        // gone meanwhile
      }
      if (matches(cmd, c.comm)) found.push(c.pid);
      else walk(c.pid);
    }
  };
  walk(root);
  return found;
}
