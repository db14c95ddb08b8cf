import { randomUUID } from 'node:crypto';
import { recordHistories } from './histories.ts';
import { NativeConnection } from '@temporalio/worker';
import { privateKeyToAccount } from 'viem/accounts';
import type { Hex } from 'viem';
import { createActivities } from '../../activities/index.ts';
import {
  ANVIL_PAYER_KEYS,
  ANVIL_TREASURY_KEY,
  deployPathUsd,
  fundAccount,
  startAnvil,
  type Anvil,
} from '../../src/infra/anvil.ts';
import { dnsSyncFromConfig } from '../../src/dns/from-config.ts';
import { paymentVerifierFromConfig } from '../../src/payments/payment-verifier.ts';
import { usdcRouteFromConfig } from '../../src/payments/usdc-route.ts';
import { payoutServiceFromConfig } from '../../src/market/payouts.ts';
import { deleteExpirySweepSchedule, ensureExpirySweepSchedule } from '../../src/temporal/expiry-schedule.ts';
import { startOutboxDispatcher, webhookActivitySettings } from '../../src/webhooks/worker-side.ts';
import type { OutboxDispatcher } from '../../src/webhooks/dispatcher.ts';
import { buildTestApp, testTemporalAddress, type TestApp } from './app.ts';
import { CATALOG_PATH } from './db.ts';
import { freePort } from './ports.ts';
import { createWorker } from './workflow-bundle.ts';

export const CHAIN_ID = 4217;
/** anvil's default chain id, used for its Tempo network mode. */
export const TEMPO_CHAIN = 31337;

export interface StackWorker {
  dispatcher: OutboxDispatcher;
  stop(): Promise<void>;
}

export interface RegistryStack {
  t: TestApp;
  anvil: Anvil;
  token: Hex;
  payTo: Hex;
  payerKeys: Hex[];
  taskQueue: string;
  baseUrl: string;
  startWorker(): Promise<StackWorker>;
  /** A second API on the stack's database (the caller closes it, before the stack stops). */
  startApi(): Promise<TestApp>;
  /** The worker the stack stops at the end: the one it started (null with `worker: false`), or a test's. */
  worker: StackWorker | null;
  stop(): Promise<void>;
}

/** pathUSD on `anvil --network tempo`: Tempo's TIP-20 precompile, funded on the dev accounts. */
export const TEMPO_PATH_USD: Hex = '0x20c0000000000000000000000000000000000000';

/**
 * The whole registration path for one test file: a real anvil chain with the token, the API listening
 * on a free port, and a worker running the production activities on the suite's Temporal server, with
 * the expiry sweep scheduled as the production worker schedules it (every 2 s unless the test sets
 * EXPIRY_SWEEP_SECONDS); stopping the stack deletes its schedule.
 */
export async function startRegistryStack(
  env: Record<string, string> = {},
  opts: { worker?: boolean; network?: 'tempo' } = {},
): Promise<RegistryStack> {
  const chainId = opts.network === 'tempo' ? TEMPO_CHAIN : CHAIN_ID;
  const anvil = await startAnvil({
    port: await freePort(),
    chainId,
    ...(opts.network ? { network: opts.network } : {}),
  });
  const payTo = privateKeyToAccount(ANVIL_TREASURY_KEY).address;
  const payerKeys = ANVIL_PAYER_KEYS as unknown as Hex[];
  let token = TEMPO_PATH_USD;
  if (opts.network !== 'tempo') {
    token = (await deployPathUsd(anvil.rpcUrl, CHAIN_ID)).token;
    for (const key of payerKeys)
      await fundAccount(anvil.rpcUrl, CHAIN_ID, token, privateKeyToAccount(key).address, 1_000_000_000n);
  }
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
    ...(opts.network === 'tempo' ? { MPP_METHOD: 'tempo' } : {}),
    ...env,
  };
  const payments = {
    method: opts.network === 'tempo' ? ('tempo' as const) : ('tip20' as const),
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
    const worker = await createWorker(
      connection,
      taskQueue,
      createActivities({
        orm: t.db.orm,
        catalogPath: CATALOG_PATH,
        payments: paymentVerifierFromConfig(t.config),
        webhooks: webhookActivitySettings(t.config),
        ...(usdc ? { usdc } : {}),
        ...(payouts ? { payouts } : {}),
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
  const worker = opts.worker === false ? null : await startWorker();
  const stack: RegistryStack = {
    t,
    anvil,
    token,
    payTo,
    payerKeys,
    taskQueue,
    baseUrl: `http://127.0.0.1:${port}`,
    startWorker,
    // Another API process over the same database, Temporal and chain, configured exactly as the first.
    startApi: () => buildTestApp(appEnv, testTemporalAddress(), { payments, db: t.db }),
    worker,
    async stop() {
      try {
        await recordHistories(t.temporal.client, taskQueue, testTemporalAddress());
      } finally {
        // A recording that fails still leaves nothing running.
        await deleteExpirySweepSchedule(t.temporal.client, taskQueue);
        await stack.worker?.stop();
        await t.close();
        await anvil.stop();
      }
    },
  };
  return stack;
}
