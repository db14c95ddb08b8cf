import { privateKeyToAccount } from 'viem/accounts';
import type { Config } from '../../config/env.ts';
import { BASE_MAINNET_CHAIN_ID } from '../../domain/quote.ts';
import {
  ANVIL_PAYER_KEYS,
  ANVIL_TREASURY_KEY,
  LOCAL_TEMPO_CHAIN_ID,
  setIntervalMining,
  startAnvil,
  TEMPO_PATH_USD,
} from '../../infra/anvil.ts';
import { deployIdentityRegistry } from '../../infra/erc8004.ts';
import { deployUsdc, mintUsdc } from '../../infra/usdc.ts';
import type { StartupStack } from './stack.ts';

/** The machine payments' chain as the API and the worker are to be told of it (unset: not configured). */
export interface TempoChain {
  chainRpcUrl: string | undefined;
  tokenAddress: string | undefined;
  payTo: string | undefined;
  tempoChainId: number;
}

/**
 * The machine payments' chain: a local Tempo chain (`anvil --network tempo`: pathUSD is its precompile,
 * the dev accounts hold it), unless CHAIN_RPC_URL points elsewhere. Stock MPP clients pay it with
 * mppx's own tempo method.
 */
export async function startTempoChain(config: Config, stack: StartupStack): Promise<TempoChain> {
  const chain: TempoChain = {
    chainRpcUrl: config.CHAIN_RPC_URL,
    tokenAddress: config.MPP_TOKEN_ADDRESS,
    payTo: config.MPP_PAY_TO,
    tempoChainId: config.TEMPO_CHAIN_ID,
  };
  if (chain.chainRpcUrl) {
    stack.say('Chain', `${chain.chainRpcUrl} (CHAIN_RPC_URL)`);
    return chain;
  }
  try {
    const anvil = await startAnvil({ port: config.ANVIL_PORT, chainId: LOCAL_TEMPO_CHAIN_ID, network: 'tempo' });
    stack.onStop(() => anvil.stop());
    chain.chainRpcUrl = anvil.rpcUrl;
    chain.tempoChainId = anvil.chainId;
    chain.tokenAddress = TEMPO_PATH_USD;
    chain.payTo ??= privateKeyToAccount(ANVIL_TREASURY_KEY).address;
    stack.say(
      'Chain',
      `${anvil.rpcUrl} (local anvil --network tempo, chain id ${anvil.chainId}); pathUSD at ${chain.tokenAddress}, payments to ${chain.payTo}`,
    );
    stack.say('', `funded test payer key (public anvil key): ${ANVIL_PAYER_KEYS[0]}`);
    stack.say(
      '',
      `pay with a stock client: MPPX_PRIVATE_KEY=<that key> MPPX_RPC_URL=${anvil.rpcUrl} npx --yes -p mppx@0.11.0 -p viem@2.57.13 mppx <url> (README "For agents: the tools they already carry")`,
    );
  } catch (err) {
    await stack.fail(
      'Chain',
      (err as Error).message,
      `  - free port ${config.ANVIL_PORT} or set ANVIL_PORT, or\n  - set CHAIN_RPC_URL, TEMPO_CHAIN_ID, MPP_TOKEN_ADDRESS and MPP_PAY_TO.`,
    );
  }
  return chain;
}

/** The USDC route's chain as the API, the worker and the relay are to be told of it. */
export interface BaseChain {
  baseRpcUrl: string | undefined;
  usdcAddress: string | undefined;
  usdcPayTo: string | undefined;
  /** The ERC-8004 identity registry names are registered in (ERC8004_REGISTRY_ADDRESS, else ours deployed here). */
  erc8004Registry: string | undefined;
}

/**
 * The USDC route's chain: a second anvil with chain id 8453 running Circle's FiatToken V2.2 (what
 * Base's USDC runs), unless BASE_RPC_URL points at a real Base RPC (then USDC_ADDRESS must be set).
 * Payments go to USDC_PAY_TO, else to the machine payments' receiver (`payTo`).
 */
export async function startBaseChain(
  config: Config,
  stack: StartupStack,
  payTo: string | undefined,
): Promise<BaseChain> {
  const chain: BaseChain = {
    baseRpcUrl: config.BASE_RPC_URL,
    usdcAddress: config.USDC_ADDRESS,
    usdcPayTo: config.USDC_PAY_TO ?? payTo,
    erc8004Registry: config.ERC8004_REGISTRY_ADDRESS,
  };
  if (chain.baseRpcUrl) {
    stack.say('Base', `${chain.baseRpcUrl} (BASE_RPC_URL)`);
    return chain;
  }
  try {
    const base = await startAnvil({ port: config.BASE_ANVIL_PORT, chainId: BASE_MAINNET_CHAIN_ID });
    stack.onStop(() => base.stop());
    chain.baseRpcUrl = base.rpcUrl;
    const usdcAddress = (await deployUsdc(base.rpcUrl, base.chainId)).token;
    chain.usdcAddress = usdcAddress;
    for (const key of ANVIL_PAYER_KEYS)
      await mintUsdc(base.rpcUrl, base.chainId, usdcAddress, privateKeyToAccount(key).address, 1_000_000_000n);
    // After USDC, so the token keeps the address it has always had on this chain.
    if (!chain.erc8004Registry)
      chain.erc8004Registry = (await deployIdentityRegistry(base.rpcUrl, base.chainId)).registry;
    // Base mines every two seconds; so does this chain from now on (payers date authorizations by the clock).
    await setIntervalMining(base.rpcUrl, 2);
    stack.say(
      'Base',
      `${base.rpcUrl} (local anvil, chain id ${base.chainId}); USDC (FiatToken V2.2) at ${usdcAddress}; ERC-8004 identity registry at ${chain.erc8004Registry}`,
    );
  } catch (err) {
    await stack.fail(
      'Base',
      (err as Error).message,
      `  - free port ${config.BASE_ANVIL_PORT} or set BASE_ANVIL_PORT, or\n  - set BASE_RPC_URL, USDC_ADDRESS and USDC_PAY_TO.`,
    );
  }
  return chain;
}

/**
 * The USDC route's checkout relay (CHECKOUT_URL, else ours on CHECKOUT_PORT), and whether the route is
 * open. Our own relay on the local chain costs nothing, so the route is open on a dev stack whether or
 * not MPP_BASE_MAINNET_ENABLED says so (an explicit `false` closes it); against a configured relay the
 * operator opens it, never implicitly.
 */
export function usdcRoute(config: Config, env: NodeJS.ProcessEnv): { checkoutUrl: string; open: boolean } {
  const checkoutUrl = config.CHECKOUT_URL ?? `http://127.0.0.1:${config.CHECKOUT_PORT}`;
  const open =
    env.MPP_BASE_MAINNET_ENABLED !== undefined && env.MPP_BASE_MAINNET_ENABLED !== ''
      ? config.MPP_BASE_MAINNET_ENABLED
      : !config.CHECKOUT_URL;
  return { checkoutUrl, open };
}
