import type { Config } from '../config/env.ts';
import { BASE_MAINNET_CHAIN_ID } from '../domain/quote.ts';
import { relayClient, type RelayClient } from './relay-client.ts';
import { usdcTransferVerifier, type UsdcTransferVerifier } from './usdc-transfer.ts';

/** CAIP-2 network of the USDC route (spec 4.6: Base, chain id 8453). */
export const BASE_NETWORK = `eip155:${BASE_MAINNET_CHAIN_ID}`;

/** What the API needs of the USDC route: the relay, and the terms every challenge it hands out must carry. */
export interface UsdcCheckoutSettings {
  relay: RelayClient;
  network: string;
  asset: `0x${string}`;
  payTo: `0x${string}`;
  /** The settlement run's fallback looks at the relay: first wait and longest, in ms. */
  looks: { firstMs: number; maxMs: number };
}

const payToOf = (config: Config) => (config.USDC_PAY_TO ?? config.MPP_PAY_TO) as `0x${string}` | undefined;
const relayOf = (config: Config, url: string) => relayClient({ baseUrl: url, apiKey: config.CHECKOUT_API_KEY });

/**
 * The API's side of the USDC route, when the operator enabled it (MPP_BASE_MAINNET_ENABLED; the
 * configuration refuses the flag without a relay, token and receiver). Null: the route is closed.
 */
export function usdcCheckoutFromConfig(config: Config): UsdcCheckoutSettings | null {
  const payTo = payToOf(config);
  if (!config.MPP_BASE_MAINNET_ENABLED || !config.CHECKOUT_URL || !config.USDC_ADDRESS || !payTo) return null;
  return {
    relay: relayOf(config, config.CHECKOUT_URL),
    network: BASE_NETWORK,
    asset: config.USDC_ADDRESS as `0x${string}`,
    payTo,
    looks: { firstMs: config.RELAY_LOOK_FIRST_SECONDS * 1000, maxMs: config.RELAY_LOOK_MAX_SECONDS * 1000 },
  };
}

/**
 * The USDC route's parts a worker needs, from the configuration: the checkout relay and the check of
 * its settlements on the Base chain. Null when they are not configured (the route stays closed).
 */
export function usdcRouteFromConfig(
  config: Config,
): { relay: RelayClient; verifyTransfer: UsdcTransferVerifier } | null {
  const { CHECKOUT_URL, BASE_RPC_URL, USDC_ADDRESS } = config;
  const payTo = payToOf(config);
  if (!CHECKOUT_URL || !BASE_RPC_URL || !USDC_ADDRESS || !payTo) return null;
  return {
    relay: relayOf(config, CHECKOUT_URL),
    verifyTransfer: usdcTransferVerifier({ rpcUrl: BASE_RPC_URL, token: USDC_ADDRESS as `0x${string}`, payTo }),
  };
}
