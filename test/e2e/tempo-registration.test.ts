import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Challenge } from 'mppx';
import { tempo as tempoPay } from 'mppx/client';
import { createClient, http } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { Actions } from 'viem/tempo';
import { tempo as tempoMainnet } from 'viem/tempo/chains';
import { ANVIL_DEPLOYER_KEY } from '../../src/infra/anvil.ts';
import { Domain, DomainOrder } from '../../src/db/entities/index.ts';
import { provisionKey, register, registerBody } from '../../examples/pay-and-register.ts';
import { startRegistryStack, TEMPO_CHAIN, TEMPO_PATH_USD, type RegistryStack } from '../helpers/registry-stack.ts';
import { randomLabel } from '../helpers/fixtures.ts';

// MPP_METHOD=tempo: the challenge is mppx's own Tempo charge method and mppx's own Tempo client pays
// it, on a real `anvil --network tempo` (pathUSD precompile, Tempo transactions).
describe("registration paid with mppx's Tempo method", () => {
  let s: RegistryStack;
  beforeAll(async () => {
    s = await startRegistryStack({}, { network: 'tempo' });
  }, 120_000);
  afterAll(() => s?.stop());

  const client = () =>
    createClient({
      chain: { ...tempoMainnet, id: TEMPO_CHAIN, rpcUrls: { default: { http: [s.anvil.rpcUrl] } } },
      pollingInterval: 50,
      transport: http(s.anvil.rpcUrl),
    });
  // anvil 1.7.1 mines only one expiring-nonce transaction per sender, so each payment uses a fresh payer.
  const newPayer = async () => {
    const payer = privateKeyToAccount(generatePrivateKey());
    await Actions.token.transferSync(client(), {
      account: privateKeyToAccount(ANVIL_DEPLOYER_KEY),
      token: TEMPO_PATH_USD,
      to: payer.address,
      amount: 100_000_000n,
    });
    return payer;
  };
  const pay = async (header: string) => {
    const method = tempoPay.charge({ account: await newPayer(), mode: 'push', getClient: () => client() });
    const challenge = Challenge.deserialize(header) as Parameters<typeof method.createCredential>[0]['challenge'];
    return method.createCredential({ challenge, context: {} });
  };

  it('402 with a tempo/charge challenge → mppx client pays → registered once; a replay elsewhere is refused', async () => {
    const key = await provisionKey(s.baseUrl);
    const name = `${randomLabel('tempo')}.agent`;
    const first = await register(s.baseUrl, key, registerBody(name));
    expect(first.status).toBe(402);
    const header = first.headers.get('www-authenticate') as string;
    expect(Challenge.deserialize(header)).toMatchObject({ method: 'tempo', intent: 'charge' });
    const credential = await pay(header);
    const done = await register(
      s.baseUrl,
      key,
      registerBody(name),
      credential.startsWith('Payment ') ? credential : `Payment ${credential}`,
    );
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ domain: { name }, order: { payment_method: 'mpp', amount: '15.00' } });

    const other = `${randomLabel('tempo')}.agent`;
    expect((await register(s.baseUrl, key, registerBody(other))).status).toBe(402);
    const replay = await register(
      s.baseUrl,
      key,
      registerBody(other),
      credential.startsWith('Payment ') ? credential : `Payment ${credential}`,
    );
    expect(replay.status).toBe(402);
    expect(replay.body).toMatchObject({ code: 'invalid_receipt' });
    const em = s.t.db.orm.em.fork();
    expect(await em.count(Domain, { name })).toBe(1);
    expect(await em.count(DomainOrder, { domainName: name })).toBe(1);
    expect(await em.count(Domain, { name: other })).toBe(0);
  }, 90_000);
});
