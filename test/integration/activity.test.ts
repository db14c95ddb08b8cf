import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import * as ops from '../../src/ops/commands.ts';
import { Account, DomainOrder } from '../../src/db/entities/index.ts';
import { grantGems } from '../../src/ledger/gems.ts';
import { completeSale } from '../../src/market/sale.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { humanWithSession, provision } from '../helpers/identities.ts';
import { createAccount, createDomain, randomLabel } from '../helpers/fixtures.ts';

describe('GET /api/v1/domains/activity', () => {
  let t: TestApp;
  let alice: Awaited<ReturnType<typeof provision>>;
  let bob: Awaited<ReturnType<typeof humanWithSession>>;
  let carol: Awaited<ReturnType<typeof provision>>;

  async function order(data: {
    account: string;
    owner: string;
    at: string;
    kind?: 'registration' | 'renewal' | 'transfer' | 'purchase';
    minor?: bigint;
  }) {
    const em = t.db.orm.em.fork();
    const o = em.create(DomainOrder, {
      reference: `test:${randomUUID()}`,
      kind: data.kind ?? 'registration',
      domainName: `${randomLabel()}.agent`,
      account: em.getReference(Account, data.account),
      owner: em.getReference(Account, data.owner),
      paymentMethod: data.minor != null ? 'mpp' : 'gems',
      years: 1,
      amountGems: 1500,
      amountMinor: data.minor ?? null,
      currency: data.minor != null ? 'pathUSD' : 'gems',
      paymentReference: data.minor != null ? '0xabc' : null,
      resellerChannel: 'partner-x',
      details: {},
      createdAt: new Date(data.at),
    });
    await em.flush();
    return o.id;
  }
  const activity = (headers: Record<string, string>, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/v1/domains/activity${query}`, headers });

  const ids = { own: 0, resold: 0, renewal: 0, carol: 0 };
  beforeAll(async () => {
    t = await buildTestApp();
    alice = await provision(t.app);
    carol = await provision(t.app);
    bob = await humanWithSession(t.app, t.db.orm, randomLabel('bob'));
    ids.own = await order({
      account: alice.account_id,
      owner: alice.account_id,
      at: '2026-01-01T00:00:00.000Z',
      minor: 15_000_000n,
    });
    ids.resold = await order({ account: alice.account_id, owner: bob.accountId, at: '2026-01-02T00:00:00.000Z' });
    ids.renewal = await order({
      account: bob.accountId,
      owner: bob.accountId,
      at: '2026-01-03T00:00:00.000Z',
      kind: 'renewal',
    });
    ids.carol = await order({ account: carol.account_id, owner: carol.account_id, at: '2026-01-04T00:00:00.000Z' });
  });
  afterAll(() => t.close());

  it("lists only the caller's orders, as payer or owner, newest first", async () => {
    const res = await activity({ 'x-api-key': alice.api_key });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'success', limit: 50, offset: 0, total: 2 });
    expect(body.data.map((e: { order_id: number }) => e.order_id)).toEqual([ids.resold, ids.own]);
    expect(body.data[1]).toEqual({
      order_id: ids.own,
      kind: 'registration',
      domain: expect.stringMatching(/\.agent$/),
      status: 'paid',
      role: 'both',
      payer_id: alice.account_id,
      owner_id: alice.account_id,
      payment_method: 'mpp',
      years: 1,
      amount_gems: 1500,
      amount: '15.00',
      currency: 'pathUSD',
      payment_reference: '0xabc',
      reseller_channel: 'partner-x',
      details: null,
      created_at: '2026-01-01T00:00:00.000Z',
    });
    expect(body.data[0]).toMatchObject({
      role: 'payer',
      // Who of the caller's paid; the owner, another account, is not named.
      payer_id: alice.account_id,
      owner_id: null,
      amount: null,
      amount_gems: 1500,
      reseller_channel: 'partner-x',
    });
  });

  it('shows an owner who did not pay the order but not the payer’s payment details', async () => {
    const body = (await activity({ cookie: bob.cookie })).json();
    expect(body.data.map((e: { order_id: number }) => e.order_id)).toEqual([ids.renewal, ids.resold]);
    expect(body.data[1]).toMatchObject({
      role: 'owner',
      payment_method: 'gems',
      amount_gems: null,
      currency: null,
      payment_reference: null,
      reseller_channel: null,
    });
    expect(body.data[0]).toMatchObject({ role: 'both', kind: 'renewal', amount_gems: 1500 });
  });

  it('paginates with limit and offset and reports the total', async () => {
    const page = (await activity({ 'x-api-key': alice.api_key }, '?limit=1&offset=1')).json();
    expect(page).toMatchObject({ limit: 1, offset: 1, total: 2 });
    expect(page.data.map((e: { order_id: number }) => e.order_id)).toEqual([ids.own]);
    const past = (await activity({ 'x-api-key': alice.api_key }, '?offset=10')).json();
    expect(past).toMatchObject({ data: [], total: 2 });
    expect((await activity({ 'x-api-key': alice.api_key }, '?limit=200')).statusCode).toBe(200);
  });

  it.each(['?limit=0', '?limit=201', '?limit=abc', '?limit=1.5', '?offset=-1', '?offset=x'])(
    'rejects %s with 400 validation_failed',
    async (q) => {
      const res = await activity({ 'x-api-key': alice.api_key }, q);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 'error', code: 'validation_failed' });
    },
  );

  it('is empty for an account with no orders, needs a credential, and refuses organization credentials', async () => {
    const nobody = await provision(t.app);
    expect((await activity({ 'x-api-key': nobody.api_key })).json()).toMatchObject({ data: [], total: 0 });
    expect((await activity({})).statusCode).toBe(401);

    const em = t.db.orm.em.fork();
    const org = await ops.createOrganization(em, randomLabel('org'));
    await ops.setMember(em, org.organization_id, alice.account_id, true);
    const key = await ops.createOrgKey(em, org.organization_id, alice.account_id, {
      routes: ['GET /api/v1/domains'],
      customers: null,
      domains: null,
      namespaceOps: {},
    });
    const res = await activity({ 'x-api-key': key.api_key });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('credential_not_accepted');
  });

  describe('market orders', () => {
    type Entry = { order_id: number; kind: string; domain: string; role: string; details: unknown };
    const ofName = async (headers: Record<string, string>, name: string): Promise<Entry[]> =>
      (await activity(headers, '?limit=200')).json().data.filter((e: Entry) => e.domain === name);

    /** A real sale of a fresh seller's name to `buyer` (the sale effect: name, split, both orders). */
    async function sell(buyer: string, currency: 'gems' | 'pathusd', price: bigint, referrerId: string | null) {
      const seller = await provision(t.app);
      const domain = await createDomain(t.db.orm, {
        label: randomLabel('sold'),
        namespace: 'agent',
        owner: { id: seller.account_id } as never,
      });
      const reference = randomUUID();
      await t.db.orm.em.fork().transactional((tx) =>
        completeSale(tx, {
          reference,
          domainName: domain.name,
          buyerId: buyer,
          sellerId: seller.account_id,
          currency,
          price,
          source: 'listing',
          referrerId,
          funding: currency === 'gems' ? { kind: 'gems' } : { kind: 'chain', paymentReference: '0xfeed' },
        }),
      );
      return { seller, name: domain.name, reference };
    }

    it('lists a gems purchase to the buyer and the sale to the seller, each with the split', async () => {
      const buyer = await provision(t.app);
      const referrer = await createAccount(t.db.orm);
      await grantGems(t.db.orm.em.fork(), { accountId: buyer.account_id, amount: 1000, reference: randomUUID() });
      const { seller, name, reference } = await sell(buyer.account_id, 'gems', 1000n, referrer.id);
      const split = {
        source: 'listing',
        seller_id: seller.account_id,
        buyer_id: buyer.account_id,
        referrer_id: referrer.id,
        seller_amount: '900',
        referrer_amount: '50',
        platform_amount: '50',
      };

      const bought = await ofName({ 'x-api-key': buyer.api_key }, name);
      // The buyer sees its purchase only; the seller's side is the seller's own.
      expect(bought.map((e) => [e.kind, e.role])).toEqual([['purchase', 'both']]);
      expect(bought.find((e) => e.kind === 'purchase')).toMatchObject({
        status: 'completed',
        payment_method: 'gems',
        amount_gems: 1000,
        amount: null,
        currency: 'gems',
        payment_reference: `ledger:sale:${reference}`,
        details: split,
      });

      const sold = await ofName({ 'x-api-key': seller.api_key }, name);
      expect(sold).toEqual([
        expect.objectContaining({ kind: 'sale', role: 'both', amount_gems: 1000, currency: 'gems', details: split }),
      ]);
    });

    it('shows a pathUSD sale’s amounts as USD decimal strings', async () => {
      const buyer = await provision(t.app);
      const { seller, name } = await sell(buyer.account_id, 'pathusd', 20_000_000n, null);
      const [purchase] = await ofName({ 'x-api-key': buyer.api_key }, name).then((l) =>
        l.filter((e) => e.kind === 'purchase'),
      );
      expect(purchase).toMatchObject({
        role: 'both',
        payment_method: 'mpp',
        amount_gems: 0,
        amount: '20.00',
        currency: 'pathusd',
        payment_reference: '0xfeed',
        details: {
          seller_id: seller.account_id,
          referrer_id: null,
          seller_amount: '18.00',
          referrer_amount: '0.00',
          platform_amount: '2.00',
        },
      });
    });
  });
});
