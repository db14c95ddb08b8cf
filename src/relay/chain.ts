import { createPublicClient, createWalletClient, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { localChain } from '../infra/anvil.ts';
import type { RelayChain } from './settlement.ts';

/** The relay's clients on the Base RPC (local anvil with chain id 8453 in development and tests). */
export function relayChain(rpcUrl: string, chainId: number, settlerKey: `0x${string}`): RelayChain {
  const chain = localChain(chainId, rpcUrl);
  return {
    publicClient: createPublicClient({ chain, transport: http(rpcUrl) }),
    walletClient: createWalletClient({ chain, transport: http(rpcUrl), account: privateKeyToAccount(settlerKey) }),
  };
}
