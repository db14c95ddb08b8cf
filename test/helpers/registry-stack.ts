import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { recordHistories } from './histories.ts';
import { NativeConnection } from '@temporalio/worker';
import { privateKeyToAccount } from 'viem/accounts';
import type { Hex } from 'viem';
import { Challenge } from 'mppx';
import { payChallenge, type PaymentRequired } from '../../examples/pay-and-register.ts';
import { createActivities } from '../../activities/index.ts';
import {
  ANVIL_PAYER_KEYS,
  ANVIL_TREASURY_KEY,
  LOCAL_TEMPO_CHAIN_ID,
  startAnvil,
  TEMPO_PATH_USD,
  type Anvil,
} from '../../src/infra/anvil.ts';
import { dnsSyncFromConfig } from '../../src/dns/from-config.ts';
import { paymentVerifierFromConfig } from '../../src/payments/payment-verifier.ts';
import { usdcRouteFromConfig } from '../../src/payments/usdc-route.ts';
import { payoutServiceFromConfig } from '../../src/market/payouts.ts';
import { onchainRegistrarFromConfig } from '../../src/identity/erc8004/registrar.ts';
import { deleteExpirySweepSchedule, ensureExpirySweepSchedule } from '../../src/temporal/expiry-schedule.ts';
import { startOutboxDispatcher, webhookActivitySettings } from '../../src/webhooks/worker-side.ts';
import type { OutboxDispatcher } from '../../src/webhooks/dispatcher.ts';
import { buildTestApp, testTemporalAddress, type TestApp } from './app.ts';
import { CATALOG_PATH } from './db.ts';
import { freePort } from './ports.ts';
import { waitFor } from './wait.ts';
import { createWorker } from './workflow-bundle.ts';

/** The local Tempo chain every stack runs (`anvil --network tempo`), as `npm start` does. */
export const CHAIN_ID = LOCAL_TEMPO_CHAIN_ID;
export { TEMPO_PATH_USD };

export interface StackWorker {
  dispatcher: OutboxDispatcher;
  stop(): Promise<void>;
}

/** A production process (src/entry/*.ts) on the stack, which a test may kill and start again. */
export interface StackProcess {
  /** The API's address (the worker has none). */
  url: string;
  child: ChildProcess;
  /** SIGKILL, no cleanup: what a crash is. */
  kill(): Promise<void>;
  /** SIGTERM: a graceful stop. */
  stop(): Promise<void>;
}

/** A 402 answer as inject gives it. */
export interface PaymentAnswer {
  headers: Record<string, unknown>;
  json(): unknown;
}

export interface CrashingWorker extends StackProcess {
  died: Promise<NodeJS.Signals | null>;
}

export interface RegistryStack {
  t: TestApp;
  anvil: Anvil;
  token: Hex;
  payTo: Hex;
  payerKeys: Hex[];
  /** The challenge-binding key the stack's API and workers share (MPP_SECRET). */
  mppSecret: string;
  taskQueue: string;
  baseUrl: string;
  startWorker(): Promise<StackWorker>;
  /** A production worker process (src/entry/worker.ts) on the stack's task queue. */
  spawnWorker(env?: Record<string, string>): StackProcess;
  /**
   * The crash tests' worker (test/helpers/crashing-worker.ts) on the stack's task queue, once it polls: it
   * kills itself (SIGKILL) inside `activity` (default activateDomain), `before` it does anything or
   * `after-commit`, before Temporal hears. `died` is the signal it died by.
   */
  spawnCrashingWorker(crash: { mode: 'before' | 'after-commit'; activity?: string }): Promise<CrashingWorker>;
  /**
   * A production API process (src/entry/api.ts) on the stack's database and Temporal, configured as the
   * stack's own API; answers once it is listening. Pass `PORT` to start one again where it was.
   */
  spawnApi(env?: Record<string, string>): Promise<StackProcess>;
  /** A production process (`src/entry/<entry>.ts`) expected to refuse to start: its exit code and its output. */
  /** Runs an entry until it exits; one still running after `timeoutMs` is killed and answers code null. */
  runToExit(
    entry: 'api' | 'worker',
    env: Record<string, string>,
    timeoutMs?: number,
  ): Promise<{ code: number | null; output: string }>;
  /**
   * Pays a 402 answer of the stack's API (its challenge in WWW-Authenticate, its terms in the body) on the
   * stack's chain, from the dev payer `payer` (an index into `payerKeys`), as examples/pay-and-register.ts pays.
   */
  pay(answer: PaymentAnswer, payer?: number): ReturnType<typeof payChallenge>;
  /** The worker the stack stops at the end: the one it started (null with `worker: false`), or a test's. */
  worker: StackWorker | null;
  stop(): Promise<void>;
}

/**
 * The whole registration path for one test file: a real `anvil --network tempo` (pathUSD funded on the
 * dev accounts, mppx's tempo charge method as the default route's challenge), the API listening
 * on a free port, and a worker running the production activities on the suite's Temporal server, with
 * the expiry sweep scheduled as the production worker schedules it (every 2 s unless the test sets
 * EXPIRY_SWEEP_SECONDS); stopping the stack deletes its schedule.
 */
export async function startRegistryStack(
  env: Record<string, string> = {},
  opts: { worker?: boolean } = {},
): Promise<RegistryStack> {
  const chainId = CHAIN_ID;
  const anvil = await startAnvil({ port: await freePort(), chainId, network: 'tempo' });
  // A stack that fails to start (a test run on the wrong Node, a port taken) leaves no chain behind.
  return stackOn(anvil, chainId, env, opts).catch(async (err: unknown) => {
    await anvil.stop();
    throw err;
  });
}

async function stackOn(
  anvil: Anvil,
  chainId: number,
  env: Record<string, string>,
  opts: { worker?: boolean },
): Promise<RegistryStack> {
  const payTo = privateKeyToAccount(ANVIL_TREASURY_KEY).address;
  const payerKeys = ANVIL_PAYER_KEYS as unknown as Hex[];
  const token: Hex = TEMPO_PATH_USD;
  const taskQueue = `registry-${randomUUID()}`;
  const port = await freePort();
  const secret = 'test-mpp-secret-0123456789abcdef0123456789';
  const appEnv: Record<string, string> = {
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    TEMPORAL_TASK_QUEUE: taskQueue,
    CHAIN_RPC_URL: anvil.rpcUrl,
    MPP_TOKEN_ADDRESS: token,
    MPP_PAY_TO: payTo,
    TEMPO_CHAIN_ID: String(chainId),
    MPP_SECRET: secret,
    MPP_PUBLIC_RPC_URL: anvil.rpcUrl,
    PAYOUT_PRIVATE_KEY: ANVIL_TREASURY_KEY,
    EXPIRY_SWEEP_SECONDS: '2',
    ...env,
  };
  const payments = {
    realm: `127.0.0.1:${port}`,
    chainId,
    token,
    payTo,
    secret,
    rpcUrl: anvil.rpcUrl,
  };
  const t = await buildTestApp(appEnv, testTemporalAddress(), { payments });
  await t.app.listen({ host: '127.0.0.1', port });

  const startWorker = async () => {
    const connection = await NativeConnection.connect({ address: testTemporalAddress() });
    const usdc = usdcRouteFromConfig(t.config);
    const payouts = payoutServiceFromConfig(t.config, t.db.orm);
    const onchain = onchainRegistrarFromConfig(t.config, t.db.orm);
    const worker = await createWorker(
      connection,
      taskQueue,
      createActivities({
        orm: t.db.orm,
        catalogPath: CATALOG_PATH,
        gemUsdRate: t.config.GEM_USD_RATE,
        payments: paymentVerifierFromConfig(t.config),
        webhooks: webhookActivitySettings(t.config),
        ...(usdc ? { usdc } : {}),
        ...(payouts ? { payouts } : {}),
        ...(onchain ? { onchain } : {}),
        dns: dnsSyncFromConfig(t.config, t.db.orm),
      }),
    );
    const running = worker.run();
    const dispatcher = await startOutboxDispatcher({
      config: t.config,
      orm: t.db.orm,
      client: t.temporal.client,
      databaseUrl: t.db.url,
    });
    await ensureExpirySweepSchedule(t.temporal.client, {
      taskQueue,
      everySeconds: t.config.EXPIRY_SWEEP_SECONDS,
      graceDays: t.config.GRACE_PERIOD_DAYS,
      autoRenewDaysBefore: t.config.AUTO_RENEW_DAYS_BEFORE,
    });
    return {
      dispatcher,
      async stop() {
        await dispatcher.stop();
        if (worker.getState() !== 'RUNNING') return running;
        worker.shutdown();
        await running;
        await connection.close();
      },
    };
  };
  // Processes a test spawns; whatever is still running when the stack stops is stopped with it.
  const spawned = new Set<StackProcess>();
  /** How a child process ended, or undefined while it runs. */
  const exitedWith = (c: ChildProcess) =>
    c.exitCode !== null || c.signalCode !== null ? `it exited (${c.exitCode ?? c.signalCode})` : undefined;
  const exited = (c: ChildProcess) =>
    c.exitCode !== null || c.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((r) => c.once('exit', () => r()));
  const spawnEntry = (
    entry: string,
    env: Record<string, string>,
    url = '',
    stdout: 'inherit' | 'pipe' = 'inherit',
    stderr: 'inherit' | 'pipe' = 'inherit',
  ): StackProcess => {
    const child = spawn(process.execPath, [entry], {
      env: {
        ...process.env,
        ...appEnv,
        NODE_ENV: 'test',
        LOG_LEVEL: 'error',
        DATABASE_URL: t.db.url,
        TEMPORAL_ADDRESS: testTemporalAddress(),
        RATE_LIMIT_MAX: '100000',
        RATE_LIMIT_IP_MAX: '100000',
        PROVISION_LIMIT_MAX: '100000',
        MAX_EVENT_LOOP_DELAY_MS: '0',
        // Metrics on a port of their own for each process, any free one (a test that scrapes names its own).
        API_METRICS_ADDRESS: '127.0.0.1:0',
        WORKER_METRICS_ADDRESS: '127.0.0.1:0',
        ...env,
      },
      // Their error lines (LOG_LEVEL error: a 500's cause, a crash) reach the test's output.
      stdio: ['ignore', stdout, stderr],
    });
    const handle: StackProcess = {
      url,
      child,
      async kill() {
        child.kill('SIGKILL');
        await exited(child);
      },
      async stop() {
        child.kill('SIGTERM');
        await exited(child);
      },
    };
    spawned.add(handle);
    void exited(child).then(() => spawned.delete(handle));
    return handle;
  };
  const spawnApi = async (env: Record<string, string> = {}, attempt = 1): Promise<StackProcess> => {
    const apiPort = env.PORT ?? String(await freePort());
    const api = spawnEntry(
      'src/entry/api.ts',
      { HOST: '127.0.0.1', ...env, PORT: apiPort },
      `http://127.0.0.1:${apiPort}`,
      'inherit',
      'pipe',
    );
    // Its error lines reach the test's output as before; kept too, to tell a port taken meanwhile from a real failure.
    let said = '';
    api.child.stderr?.on('data', (d: Buffer) => {
      said += String(d);
      process.stderr.write(d);
    });
    try {
      await waitFor('the API process to answer /healthz', async () => (await fetch(`${api.url}/healthz`)).ok, {
        hopeless: () => exitedWith(api.child),
      });
    } catch (err) {
      await api.kill();
      // The free port is chosen before the API listens, seconds later on a loaded machine: another process
      // (an outgoing connection's ephemeral port) can take it in between. The API then stops saying so (exit 2);
      // a port of the test's own choosing is taken again, one given by the caller is not.
      if (env.PORT === undefined && attempt < 3 && api.child.exitCode === 2 && /PORT: .* already in use/.test(said))
        return spawnApi(env, attempt + 1);
      throw err;
    }
    return api;
  };

  const spawnCrashingWorker = async (crash: { mode: string; activity?: string }): Promise<CrashingWorker> => {
    const env = {
      CRASH_MODE: crash.mode,
      ...(crash.activity ? { CRASH_ACTIVITY: crash.activity } : {}),
      LOG_LEVEL: 'warn',
    };
    const p = spawnEntry('test/helpers/crashing-worker.ts', env, '', 'pipe');
    const died = new Promise<NodeJS.Signals | null>((r) => p.child.once('exit', (_code, signal) => r(signal)));
    await new Promise<void>((r) => p.child.stdout?.on('data', (d) => String(d).includes('ready') && r()));
    return { ...p, died };
  };

  const worker = opts.worker === false ? null : await startWorker();
  const stack: RegistryStack = {
    t,
    anvil,
    token,
    payTo,
    payerKeys,
    mppSecret: secret,
    taskQueue,
    baseUrl: `http://127.0.0.1:${port}`,
    startWorker,
    spawnWorker: (env = {}) => spawnEntry('src/entry/worker.ts', env),
    spawnCrashingWorker,
    pay: (answer, payer = 0) =>
      payChallenge({
        rpcUrl: anvil.rpcUrl,
        privateKey: payerKeys[payer] as Hex,
        challenge: Challenge.deserialize(answer.headers['www-authenticate'] as string),
        required: answer.json() as PaymentRequired,
      }),
    spawnApi,
    async runToExit(entry, env, timeoutMs = 120_000) {
      const p = spawnEntry(
        `src/entry/${entry}.ts`,
        { HOST: '127.0.0.1', PORT: String(await freePort()), ...env },
        '',
        'pipe',
        'pipe',
      );
      let output = '';
      p.child.stdout?.on('data', (d) => (output += String(d)));
      p.child.stderr?.on('data', (d) => (output += String(d)));
      const code = await new Promise<number | null>((r) => {
        const timer = setTimeout(() => {
          output += `\n[still running after ${timeoutMs} ms: killed]`;
          p.child.kill('SIGKILL');
        }, timeoutMs);
        p.child.once('exit', (c) => {
          clearTimeout(timer);
          r(c);
        });
      });
      return { code, output };
    },
    worker,
    async stop() {
      try {
        await recordHistories(t.temporal.client, taskQueue, testTemporalAddress());
      } finally {
        // A recording that fails still leaves nothing running.
        await deleteExpirySweepSchedule(t.temporal.client, taskQueue);
        await Promise.all([...spawned].map((p) => p.stop()));
        await stack.worker?.stop();
        await t.close();
        await anvil.stop();
      }
    },
  };
  return stack;
}
