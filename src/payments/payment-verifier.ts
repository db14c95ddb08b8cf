import type { Config } from '../config/env.ts';
import type { PaymentSettings } from './payment-settings.ts';
import { createTempoVerifier } from './tempo-method.ts';
import type { PaymentVerifier } from './verifier.ts';

/**
 * The worker's payment verifier: reads the receipt in any accepted form, then lets the chain decide
 * (token, receiver, exact amount, memo = the session). Absent when no chain is configured.
 */
export function paymentVerifierFromConfig(config: Config): PaymentVerifier | undefined {
  if (!config.CHAIN_RPC_URL || !config.MPP_TOKEN_ADDRESS || !config.MPP_PAY_TO) return undefined;
  // The API issues challenges and the worker verifies them: both must hold the same key.
  if (!config.MPP_SECRET)
    throw new Error('MPP_SECRET is needed to verify payments: the same for the API and the worker.');
  return createTempoVerifier({
    rpcUrl: config.CHAIN_RPC_URL,
    chainId: config.TEMPO_CHAIN_ID,
    payTo: config.MPP_PAY_TO,
    token: config.MPP_TOKEN_ADDRESS,
    secret: config.MPP_SECRET,
    realm: challengeRealm(config),
  });
}

/** What the API needs to issue challenges. */
export function paymentSettingsFromConfig(config: Config): PaymentSettings | undefined {
  if (!config.MPP_TOKEN_ADDRESS || !config.MPP_PAY_TO) return undefined;
  return {
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
