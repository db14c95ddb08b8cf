import { setTimeout as sleep } from 'node:timers/promises';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { createPublicClient, createWalletClient, defineChain, http, type Chain } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

// The well-known keys anvil derives from its default mnemonic
// ("test test test test test test test test test test test junk"). They are PUBLIC TEST KEYS,
// printed by every anvil and hardhat node: never send anything of value to their addresses.
export const ANVIL_DEPLOYER_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
/** anvil's account 9: pays the gas of the local checkout relay's settlements. */
export const ANVIL_RELAY_KEY = '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6';
/** Anvil's account 8: the ERC-8004 registrar on the local Base chain (sends names' registrations, holds them). */
export const ANVIL_REGISTRAR_KEY = '0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97';
export const ANVIL_TREASURY_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
export const ANVIL_PAYER_KEYS = [
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
  '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a',
] as const;

/**
 * The local Tempo chain's id: viem's `tempoLocalnet`, the one local chain stock Tempo tools (the `mppx`
 * CLI among them) know by id.
 */
export const LOCAL_TEMPO_CHAIN_ID = 1337;
/** pathUSD on `anvil --network tempo`: Tempo's TIP-20 precompile, 6 decimals, held by the dev accounts. */
export const TEMPO_PATH_USD = '0x20c0000000000000000000000000000000000000' as const;

export interface Anvil {
  rpcUrl: string;
  chainId: number;
  stop(): Promise<void>;
}

/**
 * The anvil binary: ANVIL_PATH when set, else the npm platform package `@foundry-rs/anvil-<os>-<arch>`
 * (an optional dependency; the package registry here carries only linux-amd64), else `anvil` on PATH.
 */
export function anvilBinary(): string {
  if (process.env.ANVIL_PATH) return process.env.ANVIL_PATH;
  const key = `${process.platform}-${process.arch === 'x64' ? 'amd64' : process.arch}`;
  try {
    const pkg = createRequire(import.meta.url).resolve(`@foundry-rs/anvil-${key}/package.json`);
    return `${dirname(pkg)}/bin/anvil${process.platform === 'win32' ? '.exe' : ''}`;
  } catch {
    return 'anvil';
  }
}

export function localChain(chainId: number, rpcUrl: string): Chain {
  return defineChain({
    id: chainId,
    name: `local-${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
}

/**
 * Starts a real anvil on host:port with automining, quiet, and waits until it answers `eth_chainId`.
 * `network: 'tempo'` runs Tempo's own network mode: Tempo (0x76) transactions, the TIP-20 precompiles
 * with pathUSD funded on the dev accounts, fees paid in a stablecoin. Its hardfork is T4: under T0 (the
 * default) anvil drops every expiring-nonce transaction of a sender after the first, and mppx's Tempo
 * client sends nothing else. Blocks also come every second besides the ones transactions cause, so the
 * chain's clock follows the wall clock that expiring nonces and challenges are dated by.
 * It stays in our process group (a Ctrl-C reaches it too) and is killed on stop() and when this process
 * exits, so a failed test or an aborted start never leaves a node behind.
 */
export async function startAnvil(opts: {
  port: number;
  chainId: number;
  host?: string;
  network?: 'tempo';
}): Promise<Anvil> {
  const host = opts.host ?? '127.0.0.1';
  const rpcUrl = `http://${host}:${opts.port}`;
  const child = spawn(
    anvilBinary(),
    [
      '--host',
      host,
      '--port',
      String(opts.port),
      '--chain-id',
      String(opts.chainId),
      '--quiet',
      ...(opts.network === 'tempo'
        ? ['--network', 'tempo', '--hardfork', 't4', '--block-time', '1', '--mixed-mining']
        : []),
    ],
    { stdio: 'ignore' },
  );
  let failure: Error | undefined;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', (err) => {
      failure = err;
      resolve();
    });
  });
  let alive = true;
  void exited.then(() => {
    alive = false;
  });
  const kill = (signal: NodeJS.Signals) => {
    if (alive) child.kill(signal);
  };
  const onExit = () => kill('SIGKILL');
  process.once('exit', onExit);
  child.unref();

  const stop = async () => {
    process.off('exit', onExit);
    kill('SIGTERM');
    const timer = setTimeout(() => kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (!alive) {
      process.off('exit', onExit);
      throw new Error(`anvil exited before answering on ${rpcUrl}: ${failure?.message ?? 'port taken?'}`);
    }
    if ((await rpcChainId(rpcUrl)) === opts.chainId) return { rpcUrl, chainId: opts.chainId, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`anvil did not answer eth_chainId on ${rpcUrl} within 30 s`);
    }
    await sleep(100);
  }
}

/**
 * Mines a block every `seconds` (0: stops mining until asked again), as a real chain does. A chain
 * that mines only on demand keeps the last block's timestamp while time passes, so a payer's
 * authorization "valid from a few seconds ago" would look not yet valid to a simulation there.
 */
export async function setIntervalMining(rpcUrl: string, seconds: number): Promise<void> {
  const res = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'evm_setIntervalMining', params: [seconds] }),
  });
  const body = (await res.json()) as { error?: { message: string } };
  if (body.error) throw new Error(`evm_setIntervalMining: ${body.error.message}`);
}

async function rpcChainId(rpcUrl: string): Promise<number | undefined> {
  try {
    const res = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(1_000),
    });
    const body = (await res.json()) as { result?: string };
    return body.result ? Number(body.result) : undefined;
  } catch {
    return undefined;
  }
}

/** Public and wallet clients of one dev account on a local chain (also used by usdc.ts). */
export function localClients(rpcUrl: string, chainId: number, key: `0x${string}`) {
  const chain = localChain(chainId, rpcUrl);
  const account = privateKeyToAccount(key);
  return {
    account,
    // Anvil mines at once: poll receipts fast, and leave no long polling timer behind.
    public: createPublicClient({ chain, pollingInterval: 50, transport: http(rpcUrl) }),
    wallet: createWalletClient({ chain, account, transport: http(rpcUrl) }),
  };
}
