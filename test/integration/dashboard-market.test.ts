import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Account, Sale } from '../../src/db/entities/index.ts';
import { grantGems } from '../../src/ledger/gems.ts';
import { dashboardBrowser, textOf, visitWithoutSession } from '../helpers/dashboard.ts';
import { createDomain, randomLabel } from '../helpers/fixtures.ts';
import { humanWithSession } from '../helpers/identities.ts';
import { startTestOidc } from '../helpers/oidc.ts';
import { startRegistryStack, type RegistryStack } from '../helpers/registry-stack.ts';

interface Person {
  accountId: string;
  cookie: string;
  browser: ReturnType<typeof dashboardBrowser>;
}

const PAYOUT = '0x8ba1f109551bd432803012645ac136ddd64dba72';
const TX = `0x${'ab'.repeat(32)}`;

// The market page (issue 27): a person's listings (Withdraw), the offers they made (Withdraw), their
// sales with the 90/5/5 split and the payout of pathUSD proceeds, and the payout address. Every effect is
// checked through the API; another person sees none of it and cannot change it; bad input saves nothing.
describe('dashboard: market', () => {
  let s: RegistryStack;
  let idp: Awaited<ReturnType<typeof startTestOidc>>;
  let alice: Person;
  let bob: Person;
  let carol: Person;
  const names = { listed: '', sold: '', wanted: '' };

  const person = async (subject: string): Promise<Person> => {
    const p = await humanWithSession(s.t.app, s.t.db.orm, subject, idp.issuer);
    await grantGems(s.t.db.orm.em.fork(), { accountId: p.accountId, amount: 50_000, reference: `g:${randomLabel()}` });
    return { accountId: p.accountId, cookie: p.cookie, browser: dashboardBrowser(s.t.app, p.cookie) };
  };
  const call = (who: Person, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    s.t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });
  const read = async <T>(who: Person, url: string) => {
    const res = await call(who, 'GET', url);
    expect(res.statusCode).toBe(200);
    return res.json<T>();
  };
  const nameOf = async (owner: Person) =>
    (
      await createDomain(s.t.db.orm, {
        label: randomLabel('dm'),
        namespace: 'agent',
        owner: { id: owner.accountId } as never,
      })
    ).name;
  const listingsOf = async (who: Person) =>
    (await read<{ data: { domain: string }[] }>(who, '/api/v1/domains/listings')).data.map((l) => l.domain);

  beforeAll(async () => {
    idp = await startTestOidc();
    s = await startRegistryStack({ OIDC_ISSUER: idp.issuer });
    alice = await person('mk-alice');
    bob = await person('mk-bob');
    carol = await person('mk-carol');
    names.listed = await nameOf(alice);
    names.sold = await nameOf(alice);
    names.wanted = await nameOf(alice);
    for (const [name, gems] of [
      [names.listed, 5000],
      [names.sold, 1000],
    ] as const)
      expect((await call(alice, 'PUT', `/api/v1/domains/${name}/listing`, { price: { gems } })).statusCode).toBe(200);
  });
  afterAll(async () => {
    await s?.stop();
    await idp?.stop();
  });

  it('sends a visitor without a session to sign in', async () => {
    expect(await visitWithoutSession(s.t.app, '/dashboard/market')).toEqual({
      status: 303,
      location: '/auth/login?return_to=%2Fdashboard%2Fmarket',
    });
  });

  it('shows empty lists in words', async () => {
    const page = await carol.browser.get('/dashboard/market');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('No listings yet');
    expect(page.body).toContain('No offers made yet');
    expect(page.body).toContain('No sales yet.');
    expect(page.body).toContain('No payout address yet');
  });

  it('shows sales with the 90/5/5 split and the payout of pathUSD proceeds, to the seller only', async () => {
    // A real sale: bob buys with gems, carol referred him.
    const bought = await call(bob, 'POST', '/api/v1/domains/buy-secondary', {
      domain: names.sold,
      payment_method: 'gems',
      affiliate_id: carol.accountId,
    });
    expect(bought.statusCode).toBe(200);
    // A pathUSD sale already paid out on chain (its chain path is covered by the market e2e tests).
    const em = s.t.db.orm.em.fork();
    em.create(Sale, {
      reference: `test:${randomLabel()}`,
      domainId: 0,
      domainName: 'paid-out.agent',
      seller: em.getReference(Account, alice.accountId),
      buyer: em.getReference(Account, bob.accountId),
      referrer: null,
      currency: 'pathusd',
      price: 250_000_000n,
      sellerAmount: 225_000_000n,
      referrerAmount: 0n,
      platformAmount: 25_000_000n,
      source: 'offer',
      payoutStatus: 'paid',
      payoutAddress: PAYOUT,
      payoutTxHash: TX,
    });
    await em.flush();

    const sales = await read<{ data: Record<string, unknown>[] }>(alice, '/api/v1/domains/sales');
    expect(sales.data).toEqual([
      expect.objectContaining({
        domain: 'paid-out.agent',
        currency: 'pathusd',
        price: 250,
        seller_amount: 225,
        platform_amount: 25,
        payout: { status: 'paid', address: PAYOUT, tx_hash: TX },
      }),
      expect.objectContaining({
        domain: names.sold,
        currency: 'gems',
        price: 1000,
        seller_amount: 900,
        referrer_amount: 50,
        platform_amount: 50,
        source: 'listing',
        payout: null,
      }),
    ]);
    const page = await alice.browser.get('/dashboard/market');
    expect(page.statusCode).toBe(200);
    for (const text of [names.sold, '1,000 gems', '900 gems', '50 gems', '250.00 USD', '225.00 USD', '25.00 USD', TX])
      expect(page.body).toContain(text);
    // Sold: no longer among alice's listings.
    expect(await listingsOf(alice)).toEqual([names.listed]);

    const theirs = await bob.browser.get('/dashboard/market');
    expect(theirs.body).not.toContain(TX);
    expect(theirs.body).toContain('No sales yet.');
    expect((await read<{ data: unknown[] }>(bob, '/api/v1/domains/sales')).data).toEqual([]);
  });

  it('withdraws an offer made, from the maker’s page only', async () => {
    const made = await call(bob, 'POST', '/api/v1/domains/make-offer', {
      domain: names.wanted,
      amount: 300,
      currency: 'gems',
    });
    expect(made.statusCode).toBe(200);
    const offerId = made.json<{ offer: { offer_id: string } }>().offer.offer_id;
    const offerStatus = async () =>
      (await read<{ data: { offer_id: string; status: string }[] }>(bob, '/api/v1/domains/offers')).data.find(
        (o) => o.offer_id === offerId,
      )?.status;

    const bobs = await bob.browser.get('/dashboard/market');
    expect(bobs.body).toContain(names.wanted);
    expect(bobs.body).toContain('300 gems');
    // Alice received it: it is not among the offers she made.
    const alices = await alice.browser.get('/dashboard/market');
    expect(alices.body).toContain('No offers made yet');
    const received = await read<{ data: { offer_id: string }[] }>(alice, '/api/v1/domains/offers?direction=incoming');
    expect(received.data.map((o) => o.offer_id)).toEqual([offerId]);
    expect((await read<{ data: unknown[] }>(alice, '/api/v1/domains/offers?direction=outgoing')).data).toEqual([]);

    // Alice cannot withdraw bob's offer through her page: refused beside her form, nothing changes.
    const form = alice.browser.formOf(alices.body, 'set_payout_address');
    const refused = await alice.browser.post('/dashboard/market', {
      ...form,
      action: 'withdraw_offer',
      target: offerId,
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.body).toContain('role="alert"');
    expect(await offerStatus()).toBe('pending');

    const withdrawn = await bob.browser.submit('/dashboard/market', 'withdraw_offer', {}, { target: offerId });
    expect(withdrawn.statusCode).toBe(200);
    expect(textOf(withdrawn.body, { cls: 'notice' })).toContain(`Your offer on ${names.wanted} is withdrawn`);
    expect(await offerStatus()).toBe('withdrawn');
    // No longer pending: no Withdraw button for it.
    expect(() => bob.browser.formOf(withdrawn.body, 'withdraw_offer', offerId)).toThrow();
  });

  it('withdraws a listing, which only its owner can do', async () => {
    const page = await alice.browser.get('/dashboard/market');
    expect(page.body).toContain(names.listed);
    expect(page.body).toContain('5,000 gems');

    const bobsForm = bob.browser.formOf((await bob.browser.get('/dashboard/market')).body, 'set_payout_address');
    const refused = await bob.browser.post('/dashboard/market', {
      ...bobsForm,
      action: 'withdraw_listing',
      target: names.listed,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain('role="alert"');
    expect(await listingsOf(alice)).toEqual([names.listed]);

    const withdrawn = await alice.browser.submit('/dashboard/market', 'withdraw_listing', {}, { target: names.listed });
    expect(withdrawn.statusCode).toBe(200);
    expect(textOf(withdrawn.body, { cls: 'notice' })).toContain(`${names.listed} is no longer for sale.`);
    expect(await listingsOf(alice)).toEqual([]);
    expect(withdrawn.body).toContain('No listings yet');
  });

  it('saves and clears the payout address; an invalid one is refused beside its form and saves nothing', async () => {
    const payoutOf = async (who: Person) =>
      (await read<{ account: { payout_address: string | null } }>(who, '/api/v1/agents/me')).account.payout_address;

    const bad = await alice.browser.submit('/dashboard/market', 'set_payout_address', { address: '0x<b>nope</b>' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('class="error" role="alert"');
    expect(bad.body).toContain('value="0x&lt;b&gt;nope&lt;/b&gt;"');
    expect(await payoutOf(alice)).toBeNull();

    const saved = await alice.browser.submit('/dashboard/market', 'set_payout_address', { address: PAYOUT });
    expect(saved.statusCode).toBe(200);
    expect(textOf(saved.body, { cls: 'notice' })).toContain('Payout address saved');
    expect(await payoutOf(alice)).toBe(PAYOUT);
    expect(saved.body).toContain(`<code>${PAYOUT}</code>`);
    // Only her own: bob's is untouched.
    expect(await payoutOf(bob)).toBeNull();

    const cleared = await alice.browser.submit('/dashboard/market', 'set_payout_address', { address: '' });
    expect(cleared.statusCode).toBe(200);
    expect(await payoutOf(alice)).toBeNull();
  });

  it('pages a long list of listings', async () => {
    const many = await Promise.all(Array.from({ length: 22 }, () => nameOf(carol)));
    for (const name of many)
      expect((await call(carol, 'PUT', `/api/v1/domains/${name}/listing`, { price: { gems: 10 } })).statusCode).toBe(
        200,
      );
    const first = await carol.browser.get('/dashboard/market');
    expect(first.body).toContain('href="/dashboard/market?listings_page=2"');
    const second = await carol.browser.get('/dashboard/market?listings_page=2');
    expect(second.statusCode).toBe(200);
    expect(second.body.match(/action" value="withdraw_listing"/g)).toHaveLength(2);
    expect(second.body).toContain('href="/dashboard/market?listings_page=1"');
  });
});
