import type { Config } from '../config/env.ts';
import { relayClient, type RelayClient } from './relay-client.ts';
import { usdcTransferVerifier, type UsdcTransferVerifier } from './usdc-transfer.ts';

/**
 * The USDC route's parts a worker needs, from the configuration: the checkout relay and the check of
 * its settlements on the Base chain. Null when they are not configured (the route stays closed).
 */
export function usdcRouteFromConfig(
  config: Config,
): { relay: RelayClient; verifyTransfer: UsdcTransferVerifier } | null {
  const { CHECKOUT_URL, BASE_RPC_URL, USDC_ADDRESS } = config;
  const payTo = config.USDC_PAY_TO ?? config.MPP_PAY_TO;
  if (!CHECKOUT_URL || !BASE_RPC_URL || !USDC_ADDRESS || !payTo) return null;
  return {
    relay: relayClient({ baseUrl: CHECKOUT_URL, apiKey: config.CHECKOUT_API_KEY }),
    verifyTransfer: usdcTransferVerifier({
      rpcUrl: BASE_RPC_URL,
      token: USDC_ADDRESS as `0x${string}`,
      payTo: payTo as `0x${string}`,
    }),
  };
}
