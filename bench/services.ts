import { setTimeout as sleep } from 'node:timers/promises';
import { spawn, type ChildProcess } from 'node:child_process';
import { connect, createServer } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { onCleanup, trackChild } from './lifecycle.ts';

// The processes the bench measures: the API, the raw baseline and the worker, each a child `node`
// process started exactly as production starts it, in its own process group (Ctrl-C reaches only the
// bench, which stops them in order).

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

function portIsFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const srv = createServer();
    srv.once('error', () => done(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => done(true)));
  });
}

export async function freePort(base: number, span: number): Promise<number> {
  for (let i = 0; i < 50; i++) {
    const port = base + Math.floor(Math.random() * span);
    if (await portIsFree(port)) return port;
  }
  throw new Error(`no free port found in ${base}-${base + span - 1}`);
}

export async function untilPortClosed(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((done) => {
      const socket = connect({ port, host: '127.0.0.1' });
      socket.once('connect', () => {
        socket.destroy();
        done(true);
      });
      socket.once('error', () => done(false));
    });
    if (!open) return;
    await sleep(200);
  }
}

export interface Service {
  name: string;
  child: ChildProcess;
  pid: number;
  /** The last lines it printed, for error messages. */
  output: () => string;
  exited: () => boolean;
  /** SIGTERM, then SIGKILL after 10 s; also done at cleanup if still running. */
  stop: () => Promise<void>;
}

/**
 * Starts `node [nodeFlags] <script>` with `env` on top of ours, in `root` (this checkout, or another
 * build's: bench/before-build.ts); stopped (SIGTERM, then SIGKILL) at cleanup.
 */
export function startNode(
  name: string,
  script: string,
  env: Record<string, string>,
  nodeFlags: readonly string[] = [],
  root = ROOT,
): Service {
  const child = spawn(process.execPath, [...nodeFlags, resolve(root, script)], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  if (child.pid === undefined) throw new Error(`could not start ${name}`);
  trackChild(child);
  const tail: string[] = [];
  const keep = (chunk: Buffer) => {
    tail.push(chunk.toString());
    if (tail.length > 50) tail.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  const stop = () => stopChild(child, exited);
  onCleanup(`stop ${name}`, stop);
  return { name, child, pid: child.pid, output: () => tail.join(''), exited, stop };
}

function stopChild(child: ChildProcess, exited: () => boolean): Promise<void> {
  return new Promise<void>((done) => {
    if (exited()) return done();
    const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(kill);
      done();
    });
    child.kill('SIGTERM');
  });
}

/** Waits until `ready()` holds, failing early (with its output) if the service exits first. */
export async function waitFor(service: Service, ready: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (service.exited()) {
      const how = service.child.signalCode ?? `code ${service.child.exitCode}`;
      throw new Error(`${service.name} exited during start-up (${how}):\n${service.output()}`);
    }
    if (await ready().catch(() => false)) return;
    await sleep(100);
  }
  throw new Error(`${service.name} was not ready within ${timeoutMs / 1000} s:\n${service.output()}`);
}

/** Starts an HTTP service on a free port and waits until GET `healthPath` answers `okStatus`. */
export async function startHttpService(
  name: string,
  script: string,
  env: Record<string, string>,
  health: { path: string; status?: number },
  nodeFlags: readonly string[] = [],
  root = ROOT,
): Promise<Service & { base: string }> {
  const port = await freePort(41000, 2000);
  const service = startNode(name, script, { ...env, HOST: '127.0.0.1', PORT: String(port) }, nodeFlags, root);
  const base = `http://127.0.0.1:${port}`;
  await waitFor(service, async () => {
    const res = await fetch(base + health.path, { signal: AbortSignal.timeout(1000) });
    await res.arrayBuffer();
    return res.status === (health.status ?? 200);
  });
  return { ...service, base };
}
