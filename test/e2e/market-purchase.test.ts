import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createPublicClient, http, parseAbi, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { payChallenge, provisionKey, readChallenge, type HttpResult } from '../../examples/pay-and-register.ts';
import { Account, Domain, DomainOrder, Listing, OutboxEvent, Sale } from '../../src/db/entities/index.ts';
import { grantGems } from '../../src/ledger/gems.ts';
import { bookBalance } from '../../src/ledger/journal.ts';
import { createAccount, createDomain, createListing, randomLabel } from '../helpers/fixtures.ts';
import { eventually } from '../helpers/hosted-checkout.ts';
import { provision } from '../helpers/identities.ts';
import { startRegistryStack, type RegistryStack } from '../helpers/registry-stack.ts';

const balanceAbi = parseAbi(['function balanceOf(address) view returns (uint256)']);

// Buying a listed name end to end: the real API over HTTP, the purchase workflow on a real worker,
// PostgreSQL, and the local chain for the buyer's payment and the seller's payout.
describe('secondary market: purchase', () => {
  let s: RegistryStack;
  beforeAll(async () => {
    s = await startRegistryStack();
  });
  afterAll(() => s?.stop());

  const buy = async (body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<HttpResult> => {
    const res = await fetch(`${s.baseUrl}/api/v1/domains/buy-secondary`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { status: res.status, headers: res.headers, body: await res.json() };
  };
  /** A name owned by a fresh seller, listed at these prices; the seller's payout address when given. */
  const listed = (price: { gems?: number; usdMinor?: bigint }, payoutAddress: Hex | null = null) =>
    createListing(s.t.db.orm, { priceGems: price.gems ?? null, priceUsdMinor: price.usdMinor ?? null, payoutAddress });
  /** Every currency of the ledger sums to zero. */
  const ledgerSums = async () =>
    s.t.db.em().execute<{ currency: string; total: string }[]>(
      `select case when book like 'pathusd:%' then 'pathusd' else 'gems' end as currency, sum(amount)::text as total
       from ledger_line group by 1 order by 1`,
    );

  it('mpp: 402 for the USD price → pay on chain → the name moves, the sale splits 90/10, the seller is paid out on chain', async () => {
    const payout = privateKeyToAccount(generatePrivateKey()).address;
    const { seller, name, domainId } = await listed({ usdMinor: 20_000_000n, gems: 2000 }, payout);
    const first = await buy({ domain: name });
    const { challenge, required } = readChallenge(first);
    expect(required).toMatchObject({ amount: 20, amount_minor: '20000000' });
    const paid = await payChallenge({ rpcUrl: s.anvil.rpcUrl, privateKey: s.payerKeys[0] as Hex, challenge, required });
    const res = await buy({ domain: name }, { authorization: paid.credential });
    expect(res.status).toBe(200);
    const buyer = await s.t.db.em().findOneOrFail(Account, { walletAddress: paid.payer.toLowerCase() });
    expect(res.body).toMatchObject({
      status: 'success',
      sale: {
        domain: name,
        buyer_id: buyer.id,
        seller_id: seller.id,
        currency: 'pathusd',
        price: 20,
        seller_amount: 18,
        referrer_amount: 0,
        platform_amount: 2,
      },
    });
    expect((await s.t.db.em().findOneOrFail(Domain, { id: domainId })).owner.id).toBe(buyer.id);
    expect(await s.t.db.em().count(Listing, { domainId })).toBe(0);
    expect(await s.t.db.em().count(DomainOrder, { domainName: name, kind: { $in: ['purchase', 'sale'] } })).toBe(2);

    // The payout: 18 pathUSD to the seller's address, once; the seller's book goes back to zero.
    const chain = createPublicClient({ transport: http(s.anvil.rpcUrl) });
    await eventually(async () => (await s.t.db.em().findOneOrFail(Sale, { domainId })).payoutStatus === 'paid');
    expect(
      await chain.readContract({ address: s.token, abi: balanceAbi, functionName: 'balanceOf', args: [payout] }),
    ).toBe(18_000_000n);
    expect(await bookBalance(s.t.db.em(), 'pathusd', `user:${seller.id}`)).toBe(0n);
    expect(await bookBalance(s.t.db.em(), 'pathusd', 'system:platform')).toBeGreaterThanOrEqual(2_000_000n);
    expect(
      await s.t.db
        .em()
        .count(DomainOrder, { reference: `payout:${(await s.t.db.em().findOneOrFail(Sale, { domainId })).id}` }),
    ).toBe(1);
    expect((await ledgerSums()).every((r) => r.total === '0')).toBe(true);

    // The same receipt again answers the same sale, and moves nothing more.
    const again = await buy({ domain: name }, { authorization: paid.credential });
    expect(again.status).toBe(200);
    expect(await s.t.db.em().count(Sale, { domainId })).toBe(1);
  });

  it('over HTTP: list, see it for sale, withdrawn during a checkout, pay the challenged price, sold, events', async () => {
    const sellerKey = await provision(s.t.app);
    const seller = await s.t.db.em().findOneOrFail(Account, { id: sellerKey.account_id });
    const domain = await createDomain(s.t.db.orm, { label: randomLabel('http'), namespace: 'agent', owner: seller });
    const api = (method: string, path: string, body?: unknown) =>
      fetch(`${s.baseUrl}${path}`, {
        method,
        headers: { 'x-api-key': sellerKey.api_key, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, any> }));
    const payout = privateKeyToAccount(generatePrivateKey()).address;
    expect((await api('PUT', '/api/v1/agents/me/payout-address', { address: payout })).status).toBe(200);
    expect((await api('PUT', `/api/v1/domains/${domain.name}/listing`, { price: { usd: 20 } })).status).toBe(200);
    const forSale = await api('GET', '/api/v1/domains/for-sale?currency=usd&limit=100');
    expect(forSale.body.data.map((d: { domain: string }) => d.domain)).toContain(domain.name);
    expect((await api('GET', `/api/v1/lookup/${domain.name}`)).body.for_sale).toMatchObject({ usd: 20 });

    const { challenge, required } = readChallenge(await buy({ domain: domain.name }));
    // While the buyer's checkout is open the listing cannot be changed, but it can be withdrawn: the
    // challenge stands, and a payment that lands completes at its price.
    expect((await api('PUT', `/api/v1/domains/${domain.name}/listing`, { price: { usd: 30 } })).status).toBe(409);
    expect((await api('DELETE', `/api/v1/domains/${domain.name}/listing`)).status).toBe(200);
    const paid = await payChallenge({ rpcUrl: s.anvil.rpcUrl, privateKey: s.payerKeys[2] as Hex, challenge, required });
    const res = await buy({ domain: domain.name }, { authorization: paid.credential });
    expect(res).toMatchObject({ status: 200, body: { sale: { price: 20, seller_amount: 18 } } });

    const sold = await api('GET', '/api/v1/domains/sold?limit=100');
    expect(sold.body.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ domain: domain.name, currency: 'pathusd', price: 20 })]),
    );
    expect((await api('GET', `/api/v1/lookup/${domain.name}`)).body.for_sale).toBeNull();
    const events = (
      await s.t.db.em().find(OutboxEvent, { eventType: { $in: ['domain.sold', 'domain.transferred'] } })
    ).filter((e) => e.payload.domain === domain.name);
    expect(events.map((e) => e.eventType).sort()).toEqual(['domain.sold', 'domain.transferred']);
    expect(events.find((e) => e.eventType === 'domain.sold')?.payload).toMatchObject({
      seller_id: seller.id,
      price: '20000000',
      seller_amount: '18000000',
    });
    await eventually(
      async () => (await s.t.db.em().findOneOrFail(Sale, { domainId: domain.id })).payoutStatus === 'paid',
    );
  });

  it('gems with a referrer: 90% seller, 5% referrer, 5% platform, straight from the buyer’s balance', async () => {
    const { seller, name } = await listed({ gems: 1000 });
    const { api_key: buyerKey, account_id: buyerId } = await provision(s.t.app);
    await grantGems(s.t.db.em(), { accountId: buyerId, amount: 1500, reference: `grant:${randomLabel()}` });
    const referrer = await createAccount(s.t.db.orm);
    const res = await buy(
      { domain: name, payment_method: 'gems', affiliate_id: referrer.id },
      { 'x-api-key': buyerKey },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      sale: { currency: 'gems', price: 1000, seller_amount: 900, referrer_amount: 50, platform_amount: 50 },
      warnings: [],
    });
    expect(await bookBalance(s.t.db.em(), 'gems', `user:${buyerId}`)).toBe(500n);
    expect(await bookBalance(s.t.db.em(), 'gems', `user:${seller.id}`)).toBe(900n);
    expect(await bookBalance(s.t.db.em(), 'gems', `user:${referrer.id}`)).toBe(50n);
    expect((await ledgerSums()).every((r) => r.total === '0')).toBe(true);
  });

  it('proceeds held without a payout address are paid out once the seller sets one', async () => {
    const sellerKey = await provision(s.t.app);
    const seller = await s.t.db.em().findOneOrFail(Account, { id: sellerKey.account_id });
    const { domainId, name } = await createListing(s.t.db.orm, { seller, priceUsdMinor: 10_000_000n });
    const domain = { id: domainId, name };
    const { challenge, required } = readChallenge(await buy({ domain: domain.name }));
    const paid = await payChallenge({ rpcUrl: s.anvil.rpcUrl, privateKey: s.payerKeys[1] as Hex, challenge, required });
    expect((await buy({ domain: domain.name }, { authorization: paid.credential })).status).toBe(200);
    await eventually(
      async () => (await s.t.db.em().findOneOrFail(Sale, { domainId: domain.id })).payoutStatus === 'held',
    );
    expect(await bookBalance(s.t.db.em(), 'pathusd', `user:${seller.id}`)).toBe(9_000_000n);

    const address = privateKeyToAccount(generatePrivateKey()).address;
    const set = await fetch(`${s.baseUrl}/api/v1/agents/me/payout-address`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-api-key': sellerKey.api_key },
      body: JSON.stringify({ address }),
    });
    expect(set.status).toBe(200);
    await eventually(
      async () => (await s.t.db.em().findOneOrFail(Sale, { domainId: domain.id })).payoutStatus === 'paid',
    );
    const chain = createPublicClient({ transport: http(s.anvil.rpcUrl) });
    expect(
      await chain.readContract({ address: s.token, abi: balanceAbi, functionName: 'balanceOf', args: [address] }),
    ).toBe(9_000_000n);
    expect(await bookBalance(s.t.db.em(), 'pathusd', `user:${seller.id}`)).toBe(0n);
    expect((await ledgerSums()).every((r) => r.total === '0')).toBe(true);
  });

  it('twenty concurrent buyers: one gets the challenge, nineteen are told before paying', async () => {
    const { name } = await listed({ usdMinor: 5_000_000n });
    const keys = await Promise.all(Array.from({ length: 20 }, () => provisionKey(s.baseUrl)));
    const answers = await Promise.all(keys.map((k) => buy({ domain: name }, { 'x-api-key': k })));
    expect(answers.filter((a) => a.status === 402)).toHaveLength(1);
    const refused = answers.filter((a) => a.status === 409);
    expect(refused).toHaveLength(19);
    for (const r of refused) expect(r.body).toMatchObject({ code: 'name_being_bought' });
  });

  it('bad input changes nothing: unlisted, wrong currency, invalid name or method', async () => {
    const { name } = await listed({ usdMinor: 5_000_000n });
    const unlisted = await createDomain(s.t.db.orm, { label: randomLabel('free'), namespace: 'agent' });
    const key = await provisionKey(s.baseUrl);
    expect(await buy({ domain: unlisted.name }, { 'x-api-key': key })).toMatchObject({
      status: 404,
      body: { code: 'not_listed' },
    });
    expect(await buy({ domain: name, payment_method: 'gems' }, { 'x-api-key': key })).toMatchObject({
      status: 400,
      body: { code: 'currency_not_accepted' },
    });
    expect(await buy({ domain: 'not a name' })).toMatchObject({ status: 400 });
    expect(await buy({ domain: name, payment_method: 'bitcoin' })).toMatchObject({ status: 400 });
    expect(await s.t.db.em().count(Sale, { domainName: name })).toBe(0);
    expect(await s.t.db.em().count(Listing, { domainName: name })).toBe(1);
  });
});
