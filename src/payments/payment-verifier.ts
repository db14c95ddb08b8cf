import type { Hex } from 'viem';
import type { Config } from '../config/env.ts';
import { createChainVerifier, PaymentVerificationError } from './chain-verifier.ts';
import { parseCredential } from './mpp.ts';
import type { PaymentSettings } from './payment-settings.ts';
import { createTempoVerifier } from './tempo-method.ts';
import type { PaymentVerifier } from './verifier.ts';

/**
 * The worker's payment verifier: reads the receipt in any accepted form, then lets the chain decide
 * (token, receiver, exact amount, memo = the session). Absent when no chain is configured.
 */
export function paymentVerifierFromConfig(config: Config): PaymentVerifier | undefined {
  if (!config.CHAIN_RPC_URL || !config.MPP_TOKEN_ADDRESS || !config.MPP_PAY_TO) return undefined;
  if (config.MPP_METHOD === 'tempo') {
    if (!config.MPP_SECRET) throw new Error('MPP_METHOD=tempo needs MPP_SECRET, the same for the API and the worker.');
    return createTempoVerifier({
      rpcUrl: config.CHAIN_RPC_URL,
      chainId: config.TEMPO_CHAIN_ID,
      payTo: config.MPP_PAY_TO,
      token: config.MPP_TOKEN_ADDRESS,
      secret: config.MPP_SECRET,
      realm: challengeRealm(config),
    });
  }
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
      if (!parsed)
        throw new PaymentVerificationError(
          'not_a_transfer',
          'The receipt is not a payment credential or transaction hash.',
        );
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
export function paymentSettingsFromConfig(config: Config): PaymentSettings | undefined {
  if (!config.MPP_TOKEN_ADDRESS || !config.MPP_PAY_TO) return undefined;
  return {
    method: config.MPP_METHOD,
    realm: challengeRealm(config),
    chainId: config.TEMPO_CHAIN_ID,
    token: config.MPP_TOKEN_ADDRESS,
    payTo: config.MPP_PAY_TO,
    secret: mppSecretFromConfig(config),
    ...(config.MPP_PUBLIC_RPC_URL ? { rpcUrl: config.MPP_PUBLIC_RPC_URL } : {}),
  };
}

/** The realm challenges name, and that Tempo attribution memos commit to: the public host. */
export function challengeRealm(config: Config): string {
  return new URL(config.publicBaseUrl).host;
}

/** Challenge-binding secret: required in production; random per process otherwise. */
export function mppSecretFromConfig(config: Config): string {
  if (config.MPP_SECRET) return config.MPP_SECRET;
  if (config.NODE_ENV === 'production') throw new Error('MPP_SECRET (32+ characters) is required in production.');
  return crypto.randomUUID() + crypto.randomUUID();
}
