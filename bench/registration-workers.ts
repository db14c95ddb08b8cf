import { Client, Connection } from '@temporalio/client';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { startTemporalDevServer } from '../src/infra/temporal-dev-server.ts';
import { ourProcesses, processesNamed, type CpuProbe } from './cpu.ts';
import { onCleanup } from './lifecycle.ts';
import { freePort, startNode, waitFor, type Service } from './services.ts';
import { profileFlags, say } from './settings.ts';

// The registration section's processes besides the API: the Temporal dev server, the registry's worker
// (src/entry/worker.ts; a second one on request) and the empty workflow's worker; and the CPU probes of
// every process a registration runs through.

export const EMPTY_TASK_QUEUE = 'bench-empty';

/** The dev server, with its metrics on a port of ours (temporal-calls.ts reads them). */
export async function startTemporal(): Promise<{ address: string; metricsUrl: string }> {
  const metricsPort = await freePort(45000, 2000);
  const env: TestWorkflowEnvironment = await startTemporalDevServer({
    cliPath: process.env.TEMPORAL_CLI_PATH,
    metricsPort,
  });
  onCleanup('stop the Temporal dev server', () => env.teardown());
  say(`Temporal: dev server at ${env.address}`);
  return { address: env.address, metricsUrl: `http://127.0.0.1:${metricsPort}/metrics` };
}

/** Waits until `count` workers poll `taskQueue` (their workflow bundle is built and they take tasks). */
async function waitForPollers(worker: Service, client: Client, taskQueue: string, count = 1): Promise<void> {
  await waitFor(
    worker,
    async () => {
      const res = await client.workflowService.describeTaskQueue({
        namespace: 'default',
        taskQueue: { name: taskQueue },
        taskQueueType: 1, // TASK_QUEUE_TYPE_WORKFLOW
      });
      return new Set((res.pollers ?? []).map((p) => p.identity)).size >= count;
    },
    120_000,
  );
}

export interface Workers {
  /** A second registry worker (same environment), polling before this returns. */
  addWorker(): Promise<void>;
  registryWorkers(): number;
  /** API, registry workers, empty worker, Temporal server, PowerDNS, the chain, PostgreSQL. */
  cpuProbes(apiPid: number): CpuProbe[];
  /** Stops every worker (the registry's would otherwise dispatch the growth section's outbox events). */
  stop(): Promise<void>;
}

/** The registry's worker and the empty workflow's worker, both polling before this returns. */
export async function startWorkers(env: Record<string, string>, temporalAddress: string): Promise<Workers> {
  const taskQueue = env.TEMPORAL_TASK_QUEUE ?? 'registry';
  // BENCH_PROFILE: the first registry worker's CPU profile too, written when it stops.
  const workers = [startNode('worker', 'src/entry/worker.ts', env, profileFlags())];
  const emptyWorker = startNode('empty worker', 'bench/empty-worker.ts', {
    TEMPORAL_ADDRESS: temporalAddress,
    TEMPORAL_TASK_QUEUE: EMPTY_TASK_QUEUE,
  });
  const withClient = async (run: (client: Client) => Promise<void>) => {
    const connection = await Connection.connect({ address: temporalAddress });
    try {
      await run(new Client({ connection, namespace: 'default' }));
    } finally {
      await connection.close();
    }
  };
  await withClient(async (client) => {
    await waitForPollers(workers[0] as Service, client, taskQueue);
    await waitForPollers(emptyWorker, client, EMPTY_TASK_QUEUE);
  });
  return {
    async addWorker() {
      const worker = startNode(`worker ${workers.length + 1}`, 'src/entry/worker.ts', env);
      workers.push(worker);
      await withClient((client) => waitForPollers(worker, client, taskQueue, workers.length));
    },
    registryWorkers: () => workers.length,
    cpuProbes: (apiPid) => [
      { key: 'api', pids: () => [apiPid] },
      { key: 'worker', pids: () => workers.map((w) => w.pid) },
      { key: 'empty_worker', pids: () => [emptyWorker.pid] },
      // `temporal server start-dev`, however the CLI was started (a shim, a Python wrapper).
      { key: 'temporal', pids: () => ourProcesses((cmd) => /\btemporal\b/.test(cmd) && cmd.includes('start-dev')) },
      { key: 'powerdns', pids: () => ourProcesses((_, comm) => comm === 'pdns_server') },
      { key: 'chain', pids: () => ourProcesses((_, comm) => comm === 'anvil') },
      { key: 'postgres', pids: () => processesNamed('postgres'), flat: true },
    ],
    async stop() {
      await Promise.all([...workers, emptyWorker].map((w) => w.stop()));
    },
  };
}
