import { readFileSync } from 'node:fs';
import type { Abi, Address, Hex } from 'viem';
import { ANVIL_DEPLOYER_KEY, localClients } from './anvil.ts';

// Our ERC-8004 Identity Registry (src/identity/erc8004/IdentityRegistry.sol) on a local anvil, in place of
// the canonical deployment Base has at 0x8004A169FB4a3325136EB29fA0ceB6D2e539a432. The committed artifact
// (`npm run contracts:compile` writes it) is read as a file, as usdc.ts reads Circle's: src/infra imports
// nothing of the app.
const ARTIFACT = new URL('../identity/erc8004/IdentityRegistry.json', import.meta.url);

/**
 * Deploys the Identity Registry from anvil's first dev account and waits for its receipt, so a deployment
 * made after it from the same account (deployUsdc) takes the next nonce.
 */
export async function deployIdentityRegistry(rpcUrl: string, chainId: number): Promise<{ registry: Address }> {
  const { abi, bytecode } = JSON.parse(readFileSync(ARTIFACT, 'utf8')) as { abi: Abi; bytecode: Hex };
  const c = localClients(rpcUrl, chainId, ANVIL_DEPLOYER_KEY);
  const hash = await c.wallet.deployContract({ abi, bytecode });
  const receipt = await c.public.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') throw new Error(`IdentityRegistry deployment reverted (${hash})`);
  if (!receipt.contractAddress) throw new Error(`IdentityRegistry deployment created no contract (${hash})`);
  return { registry: receipt.contractAddress };
}
