import { createClient, http, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { tempoLocalnet } from 'viem/chains';
import { Actions } from 'viem/tempo';
import { ANVIL_DEPLOYER_KEY, TEMPO_PATH_USD } from '../../src/infra/anvil.ts';

/** A viem client of the local Tempo chain (`anvil --network tempo`, viem's tempoLocalnet) at `rpcUrl`. */
export function tempoClient(rpcUrl: string) {
  return createClient({
    chain: { ...tempoLocalnet, rpcUrls: { default: { http: [rpcUrl] } } },
    pollingInterval: 50,
    transport: http(rpcUrl),
  });
}

/** A fresh account holding `amount` pathUSD (minor units), sent by anvil's first dev account. */
export async function fundedPayer(rpcUrl: string, amount = 100_000_000n) {
  const payer = privateKeyToAccount(generatePrivateKey());
  await Actions.token.transferSync(tempoClient(rpcUrl), {
    account: privateKeyToAccount(ANVIL_DEPLOYER_KEY),
    token: TEMPO_PATH_USD,
    to: payer.address,
    amount,
  });
  return payer;
}

/** What `account` holds of pathUSD, in minor units. */
export async function pathUsdBalance(rpcUrl: string, account: Hex): Promise<bigint> {
  return (await Actions.token.getBalance(tempoClient(rpcUrl), { token: TEMPO_PATH_USD, account })).amount;
}
