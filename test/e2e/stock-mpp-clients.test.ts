import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Receipt } from 'mppx';
import { Mppx, tempo } from 'mppx/client';
import type { Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { Domain, DomainOrder, PaymentReceipt } from '../../src/db/entities/index.ts';
import { provisionKey } from '../../examples/pay-and-register.ts';
import { startRegistryStack, type RegistryStack } from '../helpers/registry-stack.ts';
import { randomLabel } from '../helpers/fixtures.ts';
import { pathUsdBalance, tempoClient } from '../helpers/tempo-chain.ts';

// Clients nobody here wrote pay the default route unmodified: mppx's own fetch wrapper (pull and push
// modes) and the `mppx` CLI, configured with nothing but a local account and the chain's RPC. The chain
// is `anvil --network tempo` (chain id 1337, viem's tempoLocalnet), as under `npm start`.
describe('stock MPP clients on the default route', () => {
  let s: RegistryStack;
  let home: string;
  beforeAll(async () => {
    s = await startRegistryStack();
    home = await mkdtemp(join(tmpdir(), 'mppx-home-'));
  });
  afterAll(async () => {
    await s?.stop();
    if (home) await rm(home, { recursive: true, force: true });
  });

  const chainClient = () => tempoClient(s.anvil.rpcUrl);
  const balance = (address: Hex) => pathUsdBalance(s.anvil.rpcUrl, address);
  const stockFetch = (key: Hex, mode?: 'push' | 'pull') =>
    Mppx.create({
      polyfill: false,
      methods: [
        tempo({ account: privateKeyToAccount(key), ...(mode ? { mode } : {}), getClient: () => chainClient() }),
      ],
    }).fetch;
  const registerWith = async (pay: typeof fetch, apiKey: string, name: string) => {
    const [domain, namespace] = name.split('.') as [string, string];
    return pay(`${s.baseUrl}/api/v1/domains/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
      body: JSON.stringify({ domain, namespace, years: 1, agreed_to_terms: true }),
    });
  };
  const expectRegisteredOnce = async (name: string) => {
    const em = s.t.db.orm.em.fork();
    expect(await em.count(Domain, { name })).toBe(1);
    const orders = await em.find(DomainOrder, { domainName: name });
    expect(orders).toHaveLength(1);
    return orders[0]!;
  };

  for (const mode of [undefined, 'push'] as const) {
    it(`Mppx.create({ methods: [tempo(...)] }).fetch registers a name in one call (${mode ?? 'pull, its default'})`, async () => {
      const apiKey = await provisionKey(s.baseUrl);
      const name = `${randomLabel(mode ?? 'pull')}.agent`;
      const before = await balance(s.payTo);
      const res = await registerWith(stockFetch(s.payerKeys[0]!, mode), apiKey, name);
      const body = (await res.json()) as {
        domain: { name: string };
        order: { payment_method: string; amount: string };
      };
      expect(res.status).toBe(200);
      expect(body).toMatchObject({ domain: { name }, order: { payment_method: 'mpp', amount: '15.00' } });
      const receipt = Receipt.deserialize(res.headers.get('payment-receipt') as string);
      expect(receipt).toMatchObject({ method: 'tempo', status: 'success' });
      expect(await balance(s.payTo)).toBe(before + 15_000_000n);
      await expectRegisteredOnce(name);
      const stored = await s.t.db.orm.em
        .fork()
        .findOneOrFail(PaymentReceipt, { txHash: receipt.reference.toLowerCase() });
      expect(stored.payer).toBe(privateKeyToAccount(s.payerKeys[0]!).address.toLowerCase());
    });
  }

  it('the stock fetch renews a name with no key: the payment is the identity', async () => {
    const apiKey = await provisionKey(s.baseUrl);
    const name = `${randomLabel('renew')}.agent`;
    expect((await registerWith(stockFetch(s.payerKeys[1]!), apiKey, name)).status).toBe(200);
    const res = await stockFetch(s.payerKeys[1]!)(`${s.baseUrl}/api/v1/renew`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ domain: name, years: 1, payment_method: 'mpp' }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ domain: { name } });
    expect(res.headers.get('payment-receipt')).toBeTruthy();
  });

  it('the `mppx` CLI registers a name from a shell, configured with a local account and the RPC only', async () => {
    const apiKey = await provisionKey(s.baseUrl);
    const name = `${randomLabel('cli')}.agent`;
    const [domain, namespace] = name.split('.') as [string, string];
    const { stdout, stderr } = await promisify(execFile)(
      'node_modules/.bin/mppx',
      [
        `${s.baseUrl}/api/v1/domains/register`,
        '-J',
        JSON.stringify({ domain, namespace, years: 1, agreed_to_terms: true }),
        '-H',
        `X-API-Key: ${apiKey}`,
        '-i',
      ],
      {
        env: {
          PATH: `${process.cwd()}/node_modules/.bin:${process.env.PATH}`,
          HOME: home,
          MPPX_PRIVATE_KEY: s.payerKeys[2]!,
          MPPX_RPC_URL: s.anvil.rpcUrl,
          NO_COLOR: '1',
        },
        timeout: 60_000,
      },
    );
    const out = `${stdout}\n${stderr}`;
    expect(out).toMatch(/HTTP\/1\.1 200|\b200\b/);
    expect(stdout).toContain(`"name":"${name}"`.replace(/"/g, '"'));
    const order = await expectRegisteredOnce(name);
    expect(order.paymentMethod).toBe('mpp');
  });
});
