import { spawn, type ChildProcess } from 'node:child_process';
import { privateKeyToAccount } from 'viem/accounts';
import { createPublicClient, http, parseAbiItem, type Hex } from 'viem';
import {
  ANVIL_PAYER_KEYS,
  ANVIL_RELAY_KEY,
  ANVIL_TREASURY_KEY,
  setIntervalMining,
  startAnvil,
  type Anvil,
} from '../../src/infra/anvil.ts';
import { deployUsdc, mintUsdc, usdcAbi } from '../../src/infra/usdc.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { freePort } from './ports.ts';
import { waitFor } from './wait.ts';

export const BASE_CHAIN = 8453;
const API_KEY = 'usdc-route-test-merchant-secret-0123456789';

/** The checkout relay as its own process (`src/entry/relay.ts`), so a test can kill it and start it again. */
export interface RelayProcess {
  url: string;
  start(env?: Record<string, string>): Promise<void>;
  /** SIGKILL, no cleanup: what a crash is. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

export interface UsdcRoute {
  base: Anvil;
  usdc: Hex;
  payTo: Hex;
  relay: RelayProcess;
  /** The relay's own database (its sessions are in `checkout_relay.session`). */
  relayDb: TestDatabase;
  /** What the registry (API and worker) is configured with to use this route. */
  registryEnv: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * The USDC route's real parts below the registry: an anvil with Base's chain id running Circle's
 * FiatToken V2.2 (the payers funded), and our checkout relay as a separate process with its own
 * database, as an external relay would be.
 */
export async function startUsdcRoute(relayEnv: Record<string, string> = {}): Promise<UsdcRoute> {
  const base = await startAnvil({ port: await freePort(), chainId: BASE_CHAIN });
  const { token: usdc } = await deployUsdc(base.rpcUrl, BASE_CHAIN);
  for (const key of ANVIL_PAYER_KEYS)
    await mintUsdc(base.rpcUrl, BASE_CHAIN, usdc, privateKeyToAccount(key).address, 1_000_000_000n);
  // From here on blocks come every second, as on Base (every two), whether or not anything is sent.
  await setIntervalMining(base.rpcUrl, 1);
  const payTo = privateKeyToAccount(ANVIL_TREASURY_KEY).address;
  const db: TestDatabase = await createTestDatabase({ loadCatalog: false });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: db.url,
    CHECKOUT_URL: url,
    CHECKOUT_PORT: String(port),
    CHECKOUT_API_KEY: API_KEY,
    BASE_RPC_URL: base.rpcUrl,
    USDC_ADDRESS: usdc,
    USDC_PAY_TO: payTo,
    RELAY_SETTLER_KEY: ANVIL_RELAY_KEY,
    ...relayEnv,
  };

  let child: ChildProcess | null = null;
  const exited = (c: ChildProcess) =>
    c.exitCode !== null || c.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((r) => c.once('exit', () => r()));
  const relay: RelayProcess = {
    url,
    async start(extra = {}) {
      const c = spawn(process.execPath, ['src/entry/relay.ts'], {
        env: { ...env, ...extra },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      child = c;
      await waitFor('the relay to answer', async () => (await fetch(`${url}/.well-known/payment-methods`)).ok, {
        hopeless: () => (c.exitCode === null ? undefined : `the relay exited with ${c.exitCode}`),
      });
    },
    async kill() {
      if (!child) return;
      child.kill('SIGKILL');
      await exited(child);
      child = null;
    },
    async stop() {
      if (!child) return;
      child.kill('SIGTERM');
      await exited(child);
      child = null;
    },
  };
  await relay.start();
  return {
    base,
    usdc,
    payTo,
    relay,
    relayDb: db,
    registryEnv: {
      MPP_BASE_MAINNET_ENABLED: 'true',
      CHECKOUT_URL: url,
      CHECKOUT_API_KEY: API_KEY,
      BASE_RPC_URL: base.rpcUrl,
      USDC_ADDRESS: usdc,
      USDC_PAY_TO: payTo,
    },
    async stop() {
      await relay.stop();
      await db.drop();
      await base.stop();
    },
  };
}

const transferEvent = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');
const baseClient = (route: UsdcRoute) => createPublicClient({ transport: http(route.base.rpcUrl) });

/** What `who` holds of the route's USDC, in minor units. */
export function usdcBalance(route: UsdcRoute, who: Hex): Promise<bigint> {
  return baseClient(route).readContract({ address: route.usdc, abi: usdcAbi, functionName: 'balanceOf', args: [who] });
}

/** Every USDC transfer to the route's receiver, on the whole chain. */
export function usdcTransfersToUs(route: UsdcRoute) {
  return baseClient(route).getLogs({
    address: route.usdc,
    event: transferEvent,
    args: { to: route.payTo },
    fromBlock: 0n,
  });
}
