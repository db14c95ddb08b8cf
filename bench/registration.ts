import { randomUUID } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { register, registerBody } from '../examples/pay-and-register.ts';
import { initORM } from '../src/db/orm.ts';
import { startTemporalDevServer } from '../src/infra/temporal-dev-server.ts';
import { grantGems } from '../src/ledger/gems.ts';
import { isCleaning, onCleanup } from './lifecycle.ts';
import { median } from './load.ts';
import { startNode, waitFor, type Service } from './services.ts';
import { say } from './settings.ts';
import { Interrupted } from './trials.ts';
import type { emptyWorkflow } from './empty-workflow.ts';

// Registration end to end (issue 14, BENCH_REGISTRATION=1): N callers register fresh names paid in gems
// (HTTP → registration workflow → activation → 200 with the domain active), against N callers running an
// empty one-activity workflow (bench/empty-workflow.ts) on the same Temporal server, with a worker of the
// same settings in a process of its own. Rounds alternate empty/registration like the HTTP trials.

export const EMPTY_TASK_QUEUE = 'bench-empty';
const GEMS_PER_AGENT = 1_000_000_000;

export async function startTemporal(): Promise<string> {
  const env: TestWorkflowEnvironment = await startTemporalDevServer({ cliPath: process.env.TEMPORAL_CLI_PATH });
  onCleanup('stop the Temporal dev server', () => env.teardown());
  say(`Temporal: dev server at ${env.address}`);
  return env.address;
}

/** Waits until a worker polls `taskQueue` (its workflow bundle is built and it is taking tasks). */
export async function waitForPoller(worker: Service, client: Client, taskQueue: string): Promise<void> {
  await waitFor(
    worker,
    async () => {
      const res = await client.workflowService.describeTaskQueue({
        namespace: 'default',
        taskQueue: { name: taskQueue },
        taskQueueType: 1, // TASK_QUEUE_TYPE_WORKFLOW
      });
      return (res.pollers?.length ?? 0) > 0;
    },
    120_000,
  );
}

export async function grantEach(databaseUrl: string, accountIds: readonly string[]): Promise<void> {
  const orm = await initORM({ databaseUrl, poolMax: 2 });
  try {
    for (const accountId of accountIds)
      await grantGems(orm.em.fork(), { accountId, amount: GEMS_PER_AGENT, reference: `bench:${randomUUID()}` });
  } finally {
    await orm.close();
  }
}

interface Rate {
  done: number;
  failed: number;
  seconds: number;
  rate: number;
  firstFailure: string | null;
}

/** `callers` loops doing `once` until `seconds` have passed; completions per second of wall time. */
async function closedLoop(callers: number, seconds: number, once: (caller: number) => Promise<void>): Promise<Rate> {
  const started = performance.now();
  const until = started + seconds * 1000;
  let done = 0;
  let failed = 0;
  let firstFailure: string | null = null;
  await Promise.all(
    Array.from({ length: callers }, async (_, caller) => {
      while (performance.now() < until && !isCleaning()) {
        try {
          await once(caller);
          done += 1;
        } catch (err) {
          failed += 1;
          firstFailure ??= err instanceof Error ? err.message : String(err);
        }
      }
    }),
  );
  if (isCleaning()) throw new Interrupted('interrupted');
  const elapsed = (performance.now() - started) / 1000;
  return { done, failed, seconds: elapsed, rate: done / elapsed, firstFailure };
}

function registerOnce(api: string, keys: readonly string[]) {
  let n = 0;
  return async (caller: number) => {
    const label = `r${caller}x${(n++).toString(36)}x${randomUUID().slice(0, 8)}`;
    const res = await register(api, keys[caller % keys.length] as string, {
      ...registerBody(`${label}.agent`),
      payment_method: 'gems',
    });
    const body = res.body as { domain?: { status?: string } };
    if (res.status !== 200 || body.domain?.status !== 'active')
      throw new Error(`register ${label}.agent: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  };
}

function emptyOnce(client: Client) {
  return async () => {
    await client.workflow.execute<typeof emptyWorkflow>('emptyWorkflow', {
      taskQueue: EMPTY_TASK_QUEUE,
      workflowId: `bench-empty-${randomUUID()}`,
    });
  };
}

export interface RegistrationResult {
  callers: number;
  rounds: { empty: Rate; registration: Rate }[];
  empty_rate: number;
  registration_rate: number;
  /** Median of the per-round ratios registration / empty. */
  ratio: number;
}

export async function measureRegistration(opts: {
  api: string;
  temporalAddress: string;
  keys: readonly string[];
  callers: number;
  rounds: number;
  duration: number;
  warmup: number;
}): Promise<RegistrationResult> {
  const connection = await Connection.connect({ address: opts.temporalAddress });
  try {
    const client = new Client({ connection, namespace: 'default' });
    const register = registerOnce(opts.api, opts.keys);
    const empty = emptyOnce(client);
    // One of each by hand first, so a broken path fails loudly; then a warm-up of each.
    await register(0);
    await empty();
    if (opts.warmup > 0) {
      await closedLoop(opts.callers, opts.warmup, empty);
      await closedLoop(opts.callers, opts.warmup, register);
    }
    const rounds: RegistrationResult['rounds'] = [];
    for (let i = 1; i <= opts.rounds; i++) {
      const e = await closedLoop(opts.callers, opts.duration, empty);
      const r = await closedLoop(opts.callers, opts.duration, register);
      rounds.push({ empty: e, registration: r });
      say(
        `registration round ${i}/${opts.rounds}: empty workflow ${e.rate.toFixed(1)}/s, registration ${r.rate.toFixed(1)}/s` +
          (r.failed + e.failed > 0
            ? ` (failed: ${e.failed} empty, ${r.failed} registration: ${r.firstFailure ?? e.firstFailure})`
            : ''),
      );
    }
    return {
      callers: opts.callers,
      rounds,
      empty_rate: median(rounds.map((r) => r.empty.rate)),
      registration_rate: median(rounds.map((r) => r.registration.rate)),
      ratio: median(rounds.map((r) => r.registration.rate / r.empty.rate)),
    };
  } finally {
    await connection.close();
  }
}

/**
 * The registry's worker and the empty workflow's worker, both polling before this returns; the function
 * it returns stops them (the registry's worker would otherwise go on dispatching the outbox: the growth
 * section's sweep writes ten thousand events, whose deliveries must not run during its trials).
 */
export async function startWorkers(env: Record<string, string>, temporalAddress: string): Promise<() => Promise<void>> {
  const worker = startNode('worker', 'src/entry/worker.ts', env);
  const emptyWorker = startNode('empty worker', 'bench/empty-worker.ts', {
    TEMPORAL_ADDRESS: temporalAddress,
    TEMPORAL_TASK_QUEUE: EMPTY_TASK_QUEUE,
  });
  const connection = await Connection.connect({ address: temporalAddress });
  try {
    const client = new Client({ connection, namespace: 'default' });
    await waitForPoller(worker, client, env.TEMPORAL_TASK_QUEUE ?? 'registry');
    await waitForPoller(emptyWorker, client, EMPTY_TASK_QUEUE);
  } finally {
    await connection.close();
  }
  return async () => {
    await Promise.all([worker.stop(), emptyWorker.stop()]);
  };
}
