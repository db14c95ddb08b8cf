import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Config } from '../../config/env.ts';
import { ANVIL_REGISTRAR_KEY, ANVIL_RELAY_KEY, ANVIL_TREASURY_KEY } from '../../infra/anvil.ts';
import type { BaseChain, TempoChain } from './chains.ts';
import { listenAddress, type MetricsAt } from './metrics-ports.ts';

/** Sweep every few seconds on a dev stack, so `npm run ops -- expire` shows its effect at once. */
const DEV_EXPIRY_SWEEP_SECONDS = 5;

/** What `npm start` found or started, to hand to the processes it launches. */
export interface StartedParts {
  databaseUrl: string;
  temporalAddress: string;
  oidcIssuer: string | undefined;
  tempo: TempoChain;
  base: BaseChain;
  usdc: { checkoutUrl: string; open: boolean };
  /** PDNS_API_URL and PDNS_API_KEY of a PowerDNS started here, else nothing. */
  pdnsEnv: Record<string, string>;
  apiMetrics: MetricsAt;
  workerMetrics: MetricsAt;
}

/**
 * The environment of the worker, the relay and the API: this process's own, with every part it found or
 * started filled in, so that each parses its configuration in full as it would in production.
 */
export function childEnvironment(config: Config, p: StartedParts): NodeJS.ProcessEnv {
  const { chainRpcUrl, tokenAddress, payTo, tempoChainId } = p.tempo;
  const { baseRpcUrl, usdcAddress, usdcPayTo, erc8004Registry } = p.base;
  return {
    ...process.env,
    DATABASE_URL: p.databaseUrl,
    TEMPORAL_ADDRESS: p.temporalAddress,
    OIDC_ISSUER: p.oidcIssuer,
    ...(chainRpcUrl && tokenAddress && payTo
      ? {
          CHAIN_RPC_URL: chainRpcUrl,
          MPP_TOKEN_ADDRESS: tokenAddress,
          MPP_PAY_TO: payTo,
          TEMPO_CHAIN_ID: String(tempoChainId),
        }
      : {}),
    // The local chain is public to local payers; a configured one is advertised only if MPP_PUBLIC_RPC_URL says so.
    ...(!config.CHAIN_RPC_URL && chainRpcUrl && !config.MPP_PUBLIC_RPC_URL ? { MPP_PUBLIC_RPC_URL: chainRpcUrl } : {}),
    MPP_SECRET: config.MPP_SECRET ?? randomBytes(32).toString('hex'),
    // The local chain's receiving account pays sellers' proceeds out; a configured chain brings its own key.
    ...(!config.CHAIN_RPC_URL && !config.PAYOUT_PRIVATE_KEY ? { PAYOUT_PRIVATE_KEY: ANVIL_TREASURY_KEY } : {}),
    CHECKOUT_URL: p.usdc.checkoutUrl,
    MPP_BASE_MAINNET_ENABLED: String(p.usdc.open),
    // The API and the worker judge webhook targets alike, by this process's reading of the default.
    WEBHOOK_ALLOW_INSECURE_LOCAL: String(config.WEBHOOK_ALLOW_INSECURE_LOCAL),
    ...(baseRpcUrl ? { BASE_RPC_URL: baseRpcUrl } : {}),
    ...(usdcAddress ? { USDC_ADDRESS: usdcAddress } : {}),
    ...(usdcPayTo ? { USDC_PAY_TO: usdcPayTo } : {}),
    // Names' ERC-8004 registrations: on the local Base chain from a public anvil account; a real one brings its key.
    ...(erc8004Registry ? { ERC8004_REGISTRY_ADDRESS: erc8004Registry } : {}),
    ...(!config.BASE_RPC_URL && !config.ERC8004_SIGNER_KEY ? { ERC8004_SIGNER_KEY: ANVIL_REGISTRAR_KEY } : {}),
    // The local relay pays gas from a public anvil account; a real relay is given its own key.
    ...(!config.BASE_RPC_URL && !config.RELAY_SETTLER_KEY ? { RELAY_SETTLER_KEY: ANVIL_RELAY_KEY } : {}),
    EXPIRY_SWEEP_SECONDS: process.env.EXPIRY_SWEEP_SECONDS || String(DEV_EXPIRY_SWEEP_SECONDS),
    API_METRICS_ADDRESS: listenAddress(p.apiMetrics),
    WORKER_METRICS_ADDRESS: listenAddress(p.workerMetrics),
    ...p.pdnsEnv,
    // The relay tells the API when a session moves, signed with the secret both are given.
    RELAY_WEBHOOK_URL: process.env.RELAY_WEBHOOK_URL || `${config.publicBaseUrl}/api/v1/checkout/relay/events`,
    RELAY_WEBHOOK_SECRET: config.RELAY_WEBHOOK_SECRET,
    // Node keeps the code it compiled (the sources, type-stripped, and the packages) in this folder, so a
    // second `npm start` starts its three processes on a third less CPU; Node checks each file's hash.
    NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE || join(tmpdir(), 'agent-registry-node-compile-cache'),
  };
}
