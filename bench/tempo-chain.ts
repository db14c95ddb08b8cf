import { randomBytes } from 'node:crypto';
import { privateKeyToAccount } from 'viem/accounts';
import { ANVIL_TREASURY_KEY, LOCAL_TEMPO_CHAIN_ID, startAnvil, TEMPO_PATH_USD } from '../src/infra/anvil.ts';
import { onCleanup } from './lifecycle.ts';
import { freePort } from './services.ts';
import { say } from './settings.ts';

/**
 * The registration section's chain: a local `anvil --network tempo` as `npm start` runs it (pathUSD is
 * its precompile, anvil's dev accounts hold it), and the environment the API and the worker get for the
 * default route, as `npm start` gives it: the RPC, pathUSD, the treasury as receiver (and payout key),
 * one MPP_SECRET for both (the API binds challenges, the worker verifies them), the RPC advertised to
 * payers. The API and the worker must also share PUBLIC_BASE_URL: the challenge's realm is its host.
 */
export async function startBenchChain(): Promise<{ rpcUrl: string; env: Record<string, string> }> {
  const anvil = await startAnvil({ port: await freePort(46300, 500), chainId: LOCAL_TEMPO_CHAIN_ID, network: 'tempo' });
  onCleanup('stop anvil', () => anvil.stop());
  say(`chain: anvil --network tempo at ${anvil.rpcUrl} (chain id ${anvil.chainId}), pathUSD at ${TEMPO_PATH_USD}`);
  return {
    rpcUrl: anvil.rpcUrl,
    env: {
      CHAIN_RPC_URL: anvil.rpcUrl,
      MPP_PUBLIC_RPC_URL: anvil.rpcUrl,
      TEMPO_CHAIN_ID: String(anvil.chainId),
      MPP_TOKEN_ADDRESS: TEMPO_PATH_USD,
      MPP_PAY_TO: privateKeyToAccount(ANVIL_TREASURY_KEY).address,
      PAYOUT_PRIVATE_KEY: ANVIL_TREASURY_KEY,
      MPP_SECRET: randomBytes(32).toString('hex'),
      // The receipt scenario opens a round's checkouts (hundreds) on ten agents before paying them; the
      // limit of open unpaid checkouts per holder would trip like the rate limits on one load generator.
      CHECKOUT_MAX_OPEN: '1000000',
      // A checkout paid for one round may be submitted in a later one (what a round left over).
      CHECKOUT_TTL_SECONDS: '3600',
    },
  };
}
