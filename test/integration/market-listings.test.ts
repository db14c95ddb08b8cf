import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { Account, CheckoutSession, Domain, Listing, Sale } from '../../src/db/entities/index.ts';
import { expiryRepository } from '../../src/db/expiry-repository.ts';
import { DAY_MS } from '../../src/domain/time.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { createAccount, createDomain, randomLabel, withOutboxFailingFor } from '../helpers/fixtures.ts';
import { provision } from '../helpers/identities.ts';

type Agent = Awaited<ReturnType<typeof provision>>;

// docs/market.md "Listings": an owner lists, replaces and withdraws; nobody else can; bad input and
// names that cannot be sold change nothing; a transfer or expiry ends a listing; the public lists and
// the lookup show what is for sale and what was sold.
describe('market listings', () => {
  let t: TestApp;
  let alice: Agent;
  let bob: Agent;
  const key = (a: Agent) => ({ 'x-api-key': a.api_key });
  const put = (name: string, headers: Record<string, string>, payload: unknown) =>
    t.app.inject({ method: 'PUT', url: `/api/v1/domains/${name}/listing`, headers, payload: payload as object });
  const withdraw = (name: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'DELETE', url: `/api/v1/domains/${name}/listing`, headers });
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const domainOf = (owner: Agent, extra: Partial<Parameters<typeof createDomain>[1]> = {}) =>
    createDomain(t.db.orm, {
      label: randomLabel('mk'),
      namespace: 'agent',
      owner: { id: owner.account_id } as never,
      ...extra,
    }).then((d) => d.name);
  const listingOf = (name: string) => t.db.orm.em.fork().findOne(Listing, { domainName: name });
  const setStatus = async (name: string, status: string) => {
    await t.db.orm.em.fork().nativeUpdate(Domain, { name, status: { $ne: 'expired' } }, { status });
    await t.settled();
  };

  beforeAll(async () => {
    t = await buildTestApp();
    alice = await provision(t.app);
    bob = await provision(t.app);
  });
  afterAll(() => t?.close());

  it('lists a name, replaces the listing (keeping listed_at) and withdraws it', async () => {
    const name = await domainOf(alice);
    const created = await put(name.toUpperCase(), key(alice), {
      price: { gems: 5000, usd: 250.5 },
      min_offer: { gems: 4000 },
    });
    expect(created.statusCode).toBe(200);
    const first = created.json();
    expect(first).toEqual({
      status: 'success',
      listing: {
        domain: name,
        price: { gems: 5000, usd: 250.5 },
        currency: 'pathUSD',
        min_offer: { gems: 4000, usd: null },
        listed_at: expect.stringMatching(/Z$/),
        updated_at: expect.stringMatching(/Z$/),
      },
    });
    const row = await listingOf(name);
    expect(row).toMatchObject({
      seller: expect.objectContaining({ id: alice.account_id }),
      priceGems: 5000,
      priceUsdMinor: 250_500_000n,
      minOfferGems: 4000,
      minOfferUsdMinor: null,
    });

    const replaced = await put(name, key(alice), { price: { usd: 99.99 }, min_offer: null });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().listing).toMatchObject({
      price: { gems: null, usd: 99.99 },
      min_offer: null,
      listed_at: first.listing.listed_at,
    });
    expect(Date.parse(replaced.json().listing.updated_at)).toBeGreaterThanOrEqual(Date.parse(first.listing.updated_at));
    expect(await t.db.orm.em.fork().count(Listing, { domainName: name })).toBe(1);

    const gone = await withdraw(name, key(alice));
    expect([gone.statusCode, gone.json()]).toEqual([
      200,
      { status: 'success', message: expect.stringContaining(name) },
    ]);
    expect(await listingOf(name)).toBeNull();
    const again = await withdraw(name, key(alice));
    expect([again.statusCode, again.json().code]).toEqual([404, 'not_listed']);
  });

  it('is for the owner only: another account is 403, an unknown or expired name 404, and nothing changes', async () => {
    const name = await domainOf(alice);
    const refused = await put(name, key(bob), { price: { gems: 10 } });
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'forbidden']);
    expect(await listingOf(name)).toBeNull();

    expect((await put(name, key(alice), { price: { gems: 700 } })).statusCode).toBe(200);
    const notYours = await withdraw(name, key(bob));
    expect([notYours.statusCode, notYours.json().code]).toEqual([403, 'forbidden']);
    expect((await put(name, {}, { price: { gems: 1 } })).statusCode).toBe(401);
    expect(await listingOf(name)).toMatchObject({ priceGems: 700 });

    const unknown = await put(`${randomLabel('none')}.agent`, key(alice), { price: { gems: 10 } });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'domain_not_found']);
    const expired = await domainOf(alice);
    await setStatus(expired, 'expired');
    for (const res of [await put(expired, key(alice), { price: { gems: 10 } }), await withdraw(expired, key(alice))])
      expect([res.statusCode, res.json().code]).toEqual([404, 'domain_not_found']);
    const bad = await put('scout', key(alice), { price: { gems: 10 } });
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'invalid_name']);
  });

  it.each<[string, unknown, string]>([
    ['no price', {}, 'validation_failed'],
    ['an empty price', { price: {} }, 'invalid_listing'],
    ['two null prices', { price: { gems: null, usd: null } }, 'invalid_listing'],
    ['negative gems', { price: { gems: -5 } }, 'invalid_listing'],
    ['zero gems', { price: { gems: 0 } }, 'invalid_listing'],
    ['fractional gems', { price: { gems: 1.5 } }, 'validation_failed'],
    ['too many gems', { price: { gems: 10_000_001 } }, 'invalid_listing'],
    ['more than two decimals of USD', { price: { usd: 12.345 } }, 'invalid_listing'],
    ['a negative USD price', { price: { usd: -1 } }, 'invalid_listing'],
    ['zero USD', { price: { usd: 0 } }, 'invalid_listing'],
    ['a tiny USD price', { price: { usd: 1e-7 } }, 'invalid_listing'],
    ['a huge USD price', { price: { usd: 1e12 } }, 'invalid_listing'],
    ['USD as a string', { price: { usd: '12.50' } }, 'validation_failed'],
    ['a floor above the price', { price: { gems: 100 }, min_offer: { gems: 101 } }, 'invalid_listing'],
    ['a USD floor above the price', { price: { usd: 10 }, min_offer: { usd: 10.01 } }, 'invalid_listing'],
    ['a negative floor', { price: { gems: 100 }, min_offer: { gems: -1 } }, 'invalid_listing'],
    ['an unknown field', { price: { gems: 100 }, note: 'x' }, 'validation_failed'],
    ['an unknown price field', { price: { gems: 100, eur: 5 } }, 'validation_failed'],
  ])('refuses %s with a 400 and changes nothing', async (_case, payload, code) => {
    const name = await domainOf(alice);
    expect((await put(name, key(alice), { price: { gems: 300, usd: 3 } })).statusCode).toBe(200);
    const before = await listingOf(name);
    const res = await put(name, key(alice), payload);
    expect([res.statusCode, res.json()]).toEqual([
      400,
      expect.objectContaining({ status: 'error', code, message: expect.any(String) }),
    ]);
    expect(await listingOf(name)).toEqual(before);
  });

  it('refuses a name in its grace period or held by an open registration or purchase checkout (409)', async () => {
    const name = await domainOf(alice);
    await setStatus(name, 'grace');
    const grace = await put(name, key(alice), { price: { gems: 10 } });
    expect([grace.statusCode, grace.json().code]).toEqual([409, 'domain_not_listable']);
    expect(await listingOf(name)).toBeNull();
    await setStatus(name, 'active');

    const em = t.db.orm.em.fork();
    const hold = (operation: string, expiresAt: Date, outcome: 'registered' | null = null) =>
      em.create(CheckoutSession, {
        sessionId: randomUUID(),
        name,
        operation,
        holder: `account:${bob.account_id}`,
        actorAccountId: bob.account_id,
        method: 'mpp',
        relaySessionId: null,
        expiresAt,
        outcome,
        endedAt: null,
      });
    // Checkouts that do not hold the listing: ended, past their window, a renewal, or a registration (the
    // one that registered this active name, its row not closed yet: the owner may list at once).
    hold('purchase', new Date(Date.now() - 1000));
    hold('purchase', new Date(Date.now() + DAY_MS), 'registered');
    hold('renewal', new Date(Date.now() + DAY_MS));
    hold('registration', new Date(Date.now() + DAY_MS));
    await em.flush();
    expect((await put(name, key(alice), { price: { gems: 10 } })).statusCode).toBe(200);

    for (const operation of ['purchase']) {
      const open = hold(operation, new Date(Date.now() + DAY_MS));
      await em.flush();
      const res = await put(name, key(alice), { price: { gems: 99 } });
      expect([operation, res.statusCode, res.json().code]).toEqual([operation, 409, 'domain_not_listable']);
      expect(await listingOf(name)).toMatchObject({ priceGems: 10 });
      await em.nativeDelete(CheckoutSession, { sessionId: open.sessionId });
    }
  });

  it('ends the listing when the name is transferred, in the same transaction', async () => {
    const name = await domainOf(alice);
    expect((await put(name, key(alice), { price: { gems: 800 } })).statusCode).toBe(200);
    const transfer = (to: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/domains/transfer',
        headers: key(alice),
        payload: { domain: name, to_account_id: to },
      });
    // A refused transfer keeps the listing; so does one whose transaction fails after the owner change.
    expect((await transfer('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    await withOutboxFailingFor(t.db.orm, name, async () => {
      expect((await transfer(bob.account_id)).statusCode).toBe(500);
    });
    expect(await listingOf(name)).toMatchObject({ seller: expect.objectContaining({ id: alice.account_id }) });

    expect((await transfer(bob.account_id)).statusCode).toBe(200);
    expect(await listingOf(name)).toBeNull();
    expect((await get(`/api/v1/lookup/${name}`)).json().for_sale).toBeNull();
    // The new owner lists it as their own.
    expect((await put(name, key(bob), { price: { gems: 900 } })).statusCode).toBe(200);
    expect(await listingOf(name)).toMatchObject({ seller: expect.objectContaining({ id: bob.account_id }) });
  });

  it('ends the listing when the name expires at the end of its grace period', async () => {
    const now = Date.now();
    const due = await domainOf(alice, { expiryDate: new Date(now - 60 * DAY_MS) });
    const stillInGrace = await domainOf(alice, { expiryDate: new Date(now - DAY_MS) });
    for (const name of [due, stillInGrace]) {
      expect((await put(name, key(alice), { price: { gems: 50 } })).statusCode).toBe(200);
      await setStatus(name, 'grace');
    }
    await expiryRepository(t.db.orm.em).expire({ asOf: new Date(now), graceDays: 30, after: null, limit: 100 });
    expect(await t.db.orm.em.fork().findOne(Domain, { name: due })).toMatchObject({ status: 'expired' });
    expect(await listingOf(due)).toBeNull();
    expect(await listingOf(stillInGrace)).not.toBeNull();
  });

  describe('GET /api/v1/domains/for-sale', () => {
    const names: string[] = [];
    beforeAll(async () => {
      await t.db.orm.em.fork().nativeDelete(Listing, {});
      // Oldest first: gems only, USD only, both, then one whose name is in its grace period.
      const prices = [{ gems: 100 }, { usd: 12.5 }, { gems: 300, usd: 30 }, { gems: 400 }];
      for (const price of prices) {
        const name = await domainOf(alice);
        expect((await put(name, key(alice), { price, min_offer: { gems: null, usd: null } })).statusCode).toBe(200);
        names.push(name);
        await sleep(5);
      }
      await setStatus(names[3] as string, 'grace');
    });
    const list = async (query: string) => {
      const res = await get(`/api/v1/domains/for-sale${query}`);
      expect(res.statusCode).toBe(200);
      return res.json();
    };

    it('lists active listed names, newest listing first, with the documented item', async () => {
      const body = await list('');
      expect(body).toMatchObject({ status: 'success', limit: 50, offset: 0, total: 3 });
      expect(body.data.map((i: { domain: string }) => i.domain)).toEqual([names[2], names[1], names[0]]);
      expect(body.data[0]).toEqual({
        domain: names[2],
        namespace: 'agent',
        price: { gems: 300, usd: 30 },
        currency: 'pathUSD',
        min_offer: null,
        listed_at: expect.stringMatching(/Z$/),
        expiry_date: '2036-01-02T03:04:05.678Z',
      });
    });

    it('filters by the currency a price is set in', async () => {
      const domains = (b: { data: { domain: string }[] }) => b.data.map((i) => i.domain);
      const gems = await list('?currency=gems');
      expect([domains(gems), gems.total]).toEqual([[names[2], names[0]], 2]);
      const usd = await list('?currency=usd');
      expect([domains(usd), usd.total]).toEqual([[names[2], names[1]], 2]);
    });

    it('pages with limit (at most 100) and offset', async () => {
      const page = await list('?limit=1&offset=1');
      expect(page).toMatchObject({ limit: 1, offset: 1, total: 3 });
      expect(page.data.map((i: { domain: string }) => i.domain)).toEqual([names[1]]);
      expect((await list('?limit=100&offset=3')).data).toEqual([]);
      for (const q of ['?limit=101', '?limit=0', '?offset=-1', '?limit=abc', '?currency=eur', '?currency=pathUSD']) {
        const res = await get(`/api/v1/domains/for-sale${q}`);
        expect([q, res.statusCode, res.json().code]).toEqual([q, 400, 'validation_failed']);
      }
    });
  });

  describe('GET /api/v1/domains/sold', () => {
    it('lists completed sales newest first, in gems or USD, without account ids', async () => {
      const em = t.db.orm.em.fork();
      await em.nativeDelete(Sale, {});
      const seller = await createAccount(t.db.orm);
      const buyer = await createAccount(t.db.orm);
      const sale = (domainName: string, currency: 'gems' | 'pathusd', price: bigint, source: string, at: number) =>
        em.create(Sale, {
          reference: randomUUID(),
          domainId: 1,
          domainName,
          seller: em.getReference(Account, seller.id),
          buyer: em.getReference(Account, buyer.id),
          referrer: null,
          currency,
          price,
          sellerAmount: (price * 90n) / 100n,
          referrerAmount: 0n,
          platformAmount: price - (price * 90n) / 100n,
          source,
          paymentReference: null,
          payoutStatus: null,
          payoutAddress: null,
          payoutRawTx: null,
          payoutTxHash: null,
          createdAt: new Date(at),
        });
      const t0 = Date.parse('2026-11-01T00:00:00.000Z');
      const old = sale('old.agent', 'gems', 4200n, 'offer', t0);
      const mid = sale('mid.agent', 'pathusd', 250_500_000n, 'listing', t0 + DAY_MS);
      const recent = sale('recent.agent', 'gems', 10n, 'listing', t0 + 2 * DAY_MS);
      await em.flush();

      const res = await get('/api/v1/domains/sold');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        status: 'success',
        data: [
          {
            sale_id: recent.id,
            domain: 'recent.agent',
            currency: 'gems',
            price: 10,
            source: 'listing',
            sold_at: '2026-11-03T00:00:00.000Z',
          },
          {
            sale_id: mid.id,
            domain: 'mid.agent',
            currency: 'pathusd',
            price: 250.5,
            source: 'listing',
            sold_at: '2026-11-02T00:00:00.000Z',
          },
          {
            sale_id: old.id,
            domain: 'old.agent',
            currency: 'gems',
            price: 4200,
            source: 'offer',
            sold_at: '2026-11-01T00:00:00.000Z',
          },
        ],
        limit: 50,
        offset: 0,
        total: 3,
      });
      expect(res.body).not.toContain(seller.id);
      expect(res.body).not.toContain(buyer.id);

      const page = (await get('/api/v1/domains/sold?limit=1&offset=2')).json();
      expect([page.data.map((s: { domain: string }) => s.domain), page.total]).toEqual([['old.agent'], 3]);
      expect((await get('/api/v1/domains/sold?limit=101')).statusCode).toBe(400);
    });
  });

  describe('lookup and agent.json', () => {
    it('show for_sale and min_offer while the name is listed and active, null otherwise', async () => {
      const name = await domainOf(alice);
      const lookup = () => get(`/api/v1/lookup/${name}`);
      const manifest = async () => (await get(`/api/v1/domains/${name}/agent.json`)).json();
      const unlisted = await lookup();
      expect(unlisted.json()).toMatchObject({ for_sale: null, min_offer: null });
      expect(await manifest()).toMatchObject({ for_sale: null, min_offer: null });

      await put(name, key(alice), { price: { gems: 5000, usd: 250 }, min_offer: { usd: 200 } });
      const listed = await get(`/api/v1/lookup/${name}`, { 'if-none-match': unlisted.headers.etag as string });
      expect(listed.statusCode).toBe(200); // the listing changed the document, so its ETag
      const forSale = { for_sale: { gems: 5000, usd: 250, currency: 'pathUSD' }, min_offer: { gems: null, usd: 200 } };
      expect(listed.json()).toMatchObject(forSale);
      expect(await manifest()).toMatchObject(forSale);

      await put(name, key(alice), { price: { gems: 4000 } });
      const cheaper = await get(`/api/v1/lookup/${name}`, { 'if-none-match': listed.headers.etag as string });
      expect([cheaper.statusCode, cheaper.json().for_sale]).toEqual([
        200,
        { gems: 4000, usd: null, currency: 'pathUSD' },
      ]);
      expect(cheaper.json().min_offer).toBeNull();

      // In its grace period a name cannot be bought: its listing stays but is not shown.
      await setStatus(name, 'grace');
      expect((await lookup()).json()).toMatchObject({ for_sale: null, min_offer: null });
      await setStatus(name, 'active');
      expect((await lookup()).json().for_sale).toEqual({ gems: 4000, usd: null, currency: 'pathUSD' });

      await withdraw(name, key(alice));
      expect((await lookup()).json()).toMatchObject({ for_sale: null, min_offer: null });
      expect(await manifest()).toMatchObject({ for_sale: null, min_offer: null });
    });
  });
});
