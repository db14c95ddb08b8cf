import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createPublicClient, http, parseAbi, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { payChallenge, readChallenge } from '../../examples/pay-and-register.ts';
import { DomainOrder, PaymentReceipt, Sale } from '../../src/db/entities/index.ts';
import { createListing } from '../helpers/fixtures.ts';
import { eventually } from '../helpers/hosted-checkout.ts';
import { startRegistryStack, type RegistryStack } from '../helpers/registry-stack.ts';

const balanceAbi = parseAbi(['function balanceOf(address) view returns (uint256)']);

// A worker SIGKILLed while a purchase is being completed (after the sale committed, and after the
// payout was mined, each before Temporal heard) is replaced by a fresh one: one sale, one
// purchase order, one receipt, one payout transfer. Each case waits out the lost activity's timeout.
describe('worker crash during a purchase', () => {
  let s: RegistryStack;
  beforeAll(async () => {
    s = await startRegistryStack({}, { worker: false });
  });
  afterAll(() => s?.stop());

  // (Killed before the sale is the registration crash test's case: the same checkout machinery.)
  it.each([
    ['completePurchase', 'after-commit'],
    ['payOutSale', 'after-commit'],
  ] as const)('killed in %s (%s): one sale, one order, one payout', async (activity, mode) => {
    const { died } = await s.spawnCrashingWorker({ mode, activity });

    const payout = privateKeyToAccount(generatePrivateKey()).address;
    const listing = await createListing(s.t.db.orm, {
      priceUsdMinor: 10_000_000n,
      payoutAddress: payout.toLowerCase(),
    });
    const domain = { id: listing.domainId, name: listing.name };

    const buy = (headers: Record<string, string> = {}) =>
      fetch(`${s.baseUrl}/api/v1/domains/buy-secondary`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ domain: domain.name }),
      }).then(async (r) => ({ status: r.status, headers: r.headers, body: await r.json() }));
    const { challenge, required } = readChallenge(await buy());
    const paid = await payChallenge({
      rpcUrl: s.anvil.rpcUrl,
      privateKey: s.payerKeys[2] as Hex,
      challenge,
      required,
    });
    // The buyer keeps waiting on its paid retry while the worker dies under it.
    const answer = buy({ authorization: paid.credential });
    expect(await died).toBe('SIGKILL');

    const worker = await s.startWorker();
    try {
      expect((await answer).status).toBe(200);
      await eventually(
        async () => (await s.t.db.em().findOneOrFail(Sale, { domainId: domain.id })).payoutStatus === 'paid',
      );
      expect(await s.t.db.em().count(Sale, { domainId: domain.id })).toBe(1);
      expect(await s.t.db.em().count(DomainOrder, { domainName: domain.name, kind: 'purchase' })).toBe(1);
      expect(await s.t.db.em().count(PaymentReceipt, { txHash: paid.txHash.toLowerCase() })).toBe(1);
      const sale = await s.t.db.em().findOneOrFail(Sale, { domainId: domain.id });
      expect(await s.t.db.em().count(DomainOrder, { reference: `payout:${sale.id}` })).toBe(1);
      const chain = createPublicClient({ transport: http(s.anvil.rpcUrl) });
      expect(
        await chain.readContract({ address: s.token, abi: balanceAbi, functionName: 'balanceOf', args: [payout] }),
      ).toBe(9_000_000n);
    } finally {
      await worker.stop();
    }
  });
});
