import type { Hex } from 'viem';
import type { PaymentVerifier } from '../../activities/deps.ts';
import type { Config } from '../config/env.ts';
import { createChainVerifier, PaymentVerificationError } from './chain-verifier.ts';
import { parseCredential } from './mpp.ts';

/**
 * The worker's payment verifier: reads the receipt in any accepted form, then lets the chain decide
 * (token, receiver, exact amount, memo = the session). Absent when no chain is configured.
 */
export function paymentVerifierFromConfig(config: Config): PaymentVerifier | undefined {
  if (!config.CHAIN_RPC_URL || !config.MPP_TOKEN_ADDRESS || !config.MPP_PAY_TO) return undefined;
  const chain = createChainVerifier({
    rpcUrl: config.CHAIN_RPC_URL,
    chainId: config.TEMPO_CHAIN_ID,
    token: config.MPP_TOKEN_ADDRESS as Hex,
    payTo: config.MPP_PAY_TO as Hex,
  });
  return {
    chainId: config.TEMPO_CHAIN_ID,
    token: config.MPP_TOKEN_ADDRESS.toLowerCase(),
    async verify({ receipt, amountMinor, memo }) {
      const parsed = parseCredential(receipt);
      if (!parsed) throw new PaymentVerificationError('not_a_transfer', 'The receipt is not a payment credential or transaction hash.');
      const v = await chain.verifyTransfer({ txHash: parsed.txHash, amountMinor, memo: memo as Hex });
      return { txHash: v.txHash.toLowerCase(), payer: v.payer.toLowerCase() };
    },
    async findByMemo({ amountMinor, memo }) {
      // From genesis: fine for the local chain; a production RPC would be given a start block.
      const found = await chain.findTransferByMemo({ memo: memo as Hex, amountMinor, fromBlock: 0n });
      return found ? { txHash: found.txHash.toLowerCase(), payer: found.payer.toLowerCase() } : null;
    },
  };
}

/** What the API needs to issue challenges. */
export function paymentSettingsFromConfig(config: Config, secret: string) {
  if (!config.MPP_TOKEN_ADDRESS || !config.MPP_PAY_TO) return undefined;
  return { chainId: config.TEMPO_CHAIN_ID, token: config.MPP_TOKEN_ADDRESS, payTo: config.MPP_PAY_TO, secret };
}

/** Challenge-binding secret: required in production; random per process otherwise. */
export function mppSecretFromConfig(config: Config): string {
  if (config.MPP_SECRET) return config.MPP_SECRET;
  if (config.NODE_ENV === 'production') throw new Error('MPP_SECRET (32+ characters) is required in production.');
  return crypto.randomUUID() + crypto.randomUUID();
}
