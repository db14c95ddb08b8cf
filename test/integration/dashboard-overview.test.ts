import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Account, Domain, Listing, Namespace } from '../../src/db/entities/index.ts';
import { DAY_MS } from '../../src/domain/time.ts';
import { grantGems } from '../../src/ledger/gems.ts';
import { dashboardBrowser, textOf, visitWithoutSession } from '../helpers/dashboard.ts';
import { registerDomain } from '../helpers/app.ts';
import { createDomain, randomLabel } from '../helpers/fixtures.ts';
import { humanWithSession, provision } from '../helpers/identities.ts';
import { startRegistryStack, type RegistryStack } from '../helpers/registry-stack.ts';

// The overview (issue 27): the gems balance, open checkouts (Pay at the hosted checkout, Cancel through
// reset-lock, a real registration run), and every domain of the person and their claimed agents, soonest
// expiry first, with days left, grace, auto-renew and for-sale; paged with 1,000 domains. How fast the
// overview renders with 1,000 domains is measured by `npm run bench` (its dashboard group), not here.
describe('dashboard: overview', () => {
  let s: RegistryStack;
  let alice: ReturnType<typeof dashboardBrowser>;
  let bob: ReturnType<typeof dashboardBrowser>;
  let aliceId = '';
  let aliceCookie = '';
  let bobCookie = '';
  let bobId = '';

  beforeAll(async () => {
    s = await startRegistryStack();
    const a = await humanWithSession(s.t.app, s.t.db.orm, `overview-alice-${randomLabel()}`);
    const b = await humanWithSession(s.t.app, s.t.db.orm, `overview-bob-${randomLabel()}`);
    aliceId = a.accountId;
    aliceCookie = a.cookie;
    bobCookie = b.cookie;
    bobId = b.accountId;
    alice = dashboardBrowser(s.t.app, a.cookie);
    bob = dashboardBrowser(s.t.app, b.cookie);
  });
  afterAll(() => s?.stop());

  const api = (url: string, cookie: string, method: 'GET' | 'PUT' | 'POST' = 'GET', payload?: object) =>
    s.t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const openCheckouts = async (cookie: string) =>
    (await api('/api/v1/checkouts', cookie)).json<{ data: { domain: string; pay_url: string | null }[] }>().data;

  it('sends a visitor without a session to sign in', async () => {
    expect(await visitWithoutSession(s.t.app, '/dashboard')).toEqual({
      status: 303,
      location: '/auth/login?return_to=%2Fdashboard',
    });
  });

  it('the home page links to the dashboard once signed in', async () => {
    const home = await s.t.app.inject({ method: 'GET', url: '/', headers: { cookie: aliceCookie } });
    expect(home.body).toContain('<a href="/dashboard">Go to your dashboard</a>');
    const signedOut = await s.t.app.inject({ method: 'GET', url: '/' });
    expect(signedOut.body).not.toContain('Go to your dashboard');
    // Issue 38 item 18: the price shown is the viewer's: a signed-in person's is the people's price
    // (2,000 gems for .agent); a visitor not signed in reads both, each saying whose.
    const agentRow = (body: string) => /<tr><td><a href="\/tld\/agent">[\s\S]*?<\/tr>/.exec(body)?.[0] ?? '';
    expect(home.body).toContain('Your price (as a person)');
    expect(agentRow(home.body)).toContain('2000 gems / year');
    expect(agentRow(home.body)).not.toContain('1500 gems');
    expect(agentRow(signedOut.body)).toMatch(/people: 2000 gems \/ year[\s\S]*agents: 1500 gems \/ year/);
  });

  it('without domains: the balance and "No domains yet — search for a name" linking to the search', async () => {
    const res = await bob.get('/dashboard');
    expect(res.statusCode).toBe(200);
    expect(textOf(res.body, { id: 'gems-balance' })).toContain('Gems balance: 0');
    // Issue 38 item 16: with no gems, how to get them (outside development: from the operator, with the
    // account id to give them), and the account id on the page.
    const hint = textOf(res.body, { id: 'gems-hint' }) ?? '';
    expect(hint).toContain('operator credits them');
    expect(hint).toContain(bobId);
    expect(hint).not.toContain('grant-gems');
    expect(textOf(res.body, { id: 'account-id' })).toBe(bobId);
    // A name chosen on a search result is filled into the form.
    const chosen = await bob.get('/dashboard?register=scout-pick.agent');
    expect(chosen.body).toMatch(/<input\s+name="domain"[^>]*value="scout-pick\.agent"/);
    expect(res.body).toMatch(/No domains yet — <a href="\/#search-form">search for a name<\/a>/);
    expect(res.body).not.toContain('Awaiting payment');
  });

  it('registers a name with gems from the form; without the terms ticked, nothing is registered', async () => {
    const carol = await humanWithSession(s.t.app, s.t.db.orm, `overview-carol-${randomLabel()}`);
    const browser = dashboardBrowser(s.t.app, carol.cookie);
    await grantGems(s.t.db.orm.em.fork(), {
      accountId: carol.accountId,
      amount: 5_000,
      reference: `test:${randomLabel()}`,
      memo: null,
    });
    const name = `${randomLabel('reg')}.agent`;
    const lookup = () => s.t.app.inject({ method: 'GET', url: `/api/v1/lookup/${name}` });

    const unticked = await browser.submit('/dashboard', 'register', { domain: name, years: '1', owner: '' });
    expect(unticked.statusCode).toBe(400);
    expect(textOf(unticked.body, { cls: 'error' })).toContain('registration terms');
    expect(unticked.body).toContain(`value="${name}"`);
    expect((await lookup()).statusCode).toBe(404);

    const done = await browser.submit('/dashboard', 'register', {
      domain: name,
      years: '1',
      owner: carol.accountId,
      agreed_to_terms: 'yes',
    });
    expect(done.statusCode).toBe(200);
    expect(textOf(done.body, { cls: 'notice' })).toContain(`${name} is registered until`);
    expect(done.body).toContain(`href="/dashboard/domains/${name}"`);
    const owned = (await api(`/api/v1/domains/${name}`, carol.cookie)).json<{ domain?: { owner_id?: string } }>();
    expect(JSON.stringify(owned)).toContain(carol.accountId);
    // Another person cannot take it again: the API's refusal is shown beside the form.
    const again = await bob.submit('/dashboard', 'register', { domain: name, years: '1', agreed_to_terms: 'yes' });
    expect(again.statusCode).toBeGreaterThanOrEqual(400);
    expect(again.statusCode).toBeLessThan(500);
    expect(textOf(again.body, { cls: 'error' })).toBeTruthy();
  });

  it("shows the person's and their agent's domains, soonest expiry first, with grace, auto-renew and for-sale", async () => {
    const em = s.t.db.orm.em.fork();
    await grantGems(em, { accountId: aliceId, amount: 12_345, reference: `test:${randomLabel()}`, memo: null });
    const agent = await provision(s.t.app);
    expect((await api('/api/v1/agents/claim', aliceCookie, 'POST', { claim_code: agent.claim_code })).statusCode).toBe(
      200,
    );
    const me = { id: aliceId } as Account;
    const now = Date.now();
    const far = await createDomain(s.t.db.orm, { label: randomLabel('far'), namespace: 'agent', owner: me });
    const soon = await createDomain(s.t.db.orm, {
      label: randomLabel('soon'),
      namespace: 'agent',
      owner: me,
      expiryDate: new Date(now + 10 * DAY_MS + 3_600_000),
    });
    const grace = await createDomain(s.t.db.orm, {
      label: randomLabel('grace'),
      namespace: 'agent',
      owner: { id: agent.account_id } as Account,
      expiryDate: new Date(now - 2 * DAY_MS),
    });
    await em.nativeUpdate(Domain, { id: grace.id }, { status: 'grace' });
    const listed = await createDomain(s.t.db.orm, {
      label: randomLabel('sale'),
      namespace: 'agent',
      owner: { id: agent.account_id } as Account,
      expiryDate: new Date(now + 200 * DAY_MS),
    });
    em.create(Listing, {
      domainId: listed.id,
      domainName: listed.name,
      seller: em.getReference(Account, agent.account_id),
      priceGems: 5000,
      priceUsdMinor: null,
      minOfferGems: null,
      minOfferUsdMinor: null,
    });
    await em.flush();
    expect(
      (await api(`/api/v1/domains/${far.name}/auto-renew`, aliceCookie, 'PUT', { enabled: true, max_gems: 2000 }))
        .statusCode,
    ).toBe(200);
    await s.t.settled();

    const page = await alice.get('/dashboard');
    expect(page.statusCode).toBe(200);
    const body = page.body;
    expect(textOf(body, { id: 'gems-balance' })).toContain('Gems balance: 12,345');
    // Soonest expiry first: grace, then within 30 days, then the rest.
    const at = (name: string) => body.indexOf(`href="/dashboard/domains/${name}"`);
    expect(at(grace.name)).toBeGreaterThan(-1);
    expect(at(grace.name)).toBeLessThan(at(soon.name));
    expect(at(soon.name)).toBeLessThan(at(listed.name));
    expect(at(listed.name)).toBeLessThan(at(far.name));
    expect(body).toContain('2 domains expire within 30 days');
    const rowOf = (name: string) => body.slice(at(name), body.indexOf('</tr>', at(name)));
    expect(rowOf(grace.name)).toContain('class="grace">In grace since');
    expect(rowOf(grace.name)).toContain(`Agent ${agent.account_id.slice(0, 8)}`);
    expect(rowOf(soon.name)).toMatch(/\(10 days left\)/);
    expect(rowOf(soon.name)).toContain('You');
    expect(rowOf(far.name)).toContain('On (up to 2,000 gems)');
    expect(rowOf(listed.name)).toContain('For sale');
    expect(rowOf(soon.name)).toContain('Off');

    // Bob sees none of Alice's or her agent's domains.
    const bobs = await bob.get('/dashboard');
    for (const d of [far, soon, grace, listed]) expect(bobs.body).not.toContain(d.name);
  });

  it('an open checkout: Pay at the hosted checkout; Cancel frees the name; nobody else can cancel it', async () => {
    const label = randomLabel('bpo');
    const started = await registerDomain(s.t.app, label, {
      headers: { cookie: aliceCookie },
      method: 'gfavip_checkout',
      body: { namespace: 'bpo' },
    });
    expect(started.statusCode).toBe(202);
    const name = `${label}.bpo`;
    const orderId = started.json<{ order_id: string }>().order_id;

    const page = await alice.get('/dashboard');
    expect(page.body).toContain('Awaiting payment');
    const payLink = /<a href="([^"]+)">Pay<\/a>/.exec(page.body)?.[1] ?? '';
    expect(payLink.replace(/&amp;/g, '&')).toBe(started.json<{ checkout_url: string }>().checkout_url);
    expect(payLink).toContain(`order_id=${orderId}`);
    expect(alice.formOf(page.body, 'cancel_checkout', name).action).toBe('cancel_checkout');

    // Bob's overview does not show it, and his cancel is refused: the checkout stays open.
    expect((await bob.get('/dashboard')).body).not.toContain(name);
    // Bob has no checkout, so no form on his overview: his session's form token, from his keys page.
    const bobsForm = bob.formOf((await bob.get('/dashboard/keys')).body, 'create_key');
    const theirs = await bob.post('/dashboard', { ...bobsForm, action: 'cancel_checkout', target: name });
    expect(theirs.statusCode).toBe(403);
    expect(theirs.body).toContain('class="error" role="alert"');
    expect((await openCheckouts(aliceCookie)).map((c) => c.domain)).toEqual([name]);
    expect(await openCheckouts(bobCookie)).toEqual([]);

    const cancelled = await alice.submit('/dashboard', 'cancel_checkout', {}, { target: name });
    expect(cancelled.statusCode).toBe(200);
    expect(textOf(cancelled.body, { cls: 'notice' })).toContain(`The checkout for ${name} is cancelled`);
    expect(cancelled.body).not.toContain('Awaiting payment');
    expect(await openCheckouts(aliceCookie)).toEqual([]);
    // The name is free: Bob may start its registration now.
    const again = await registerDomain(s.t.app, label, {
      headers: { cookie: bobCookie },
      method: 'gfavip_checkout',
      body: { namespace: 'bpo' },
    });
    expect(again.statusCode).toBe(202);
  });

  it("a claimed agent's machine-payment checkout: shown as the agent's to pay, and its operator may cancel it", async () => {
    const agent = await provision(s.t.app);
    await api('/api/v1/agents/claim', aliceCookie, 'POST', { claim_code: agent.claim_code });
    const label = randomLabel('mpp');
    const challenged = await registerDomain(s.t.app, label, { headers: { 'x-api-key': agent.api_key } });
    expect(challenged.statusCode).toBe(402);
    const name = `${label}.agent`;
    const page = await alice.get('/dashboard');
    const row = page.body.slice(page.body.indexOf(`<td data-label="Name">${name}</td>`));
    expect(row.slice(0, row.indexOf('</tr>'))).toContain('Paid by the agent that started it');
    expect((await openCheckouts(aliceCookie)).find((c) => c.domain === name)?.pay_url).toBeNull();

    const cancelled = await alice.submit('/dashboard', 'cancel_checkout', {}, { target: name });
    expect(cancelled.statusCode).toBe(200);
    expect((await openCheckouts(aliceCookie)).map((c) => c.domain)).not.toContain(name);
    const progress = await s.t.app.inject({
      method: 'GET',
      url: `/api/v1/domains/${name}/registration`,
      headers: { 'x-api-key': agent.api_key },
    });
    expect(progress.statusCode).toBe(404);
  });

  it('a cancel without a name shows its error and changes nothing', async () => {
    const form = alice.formOf((await alice.get('/dashboard/keys')).body, 'create_key');
    const res = await alice.post('/dashboard', { ...form, action: 'cancel_checkout', target: '' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('class="error" role="alert"');
    expect(res.body).not.toContain('class="notice"');
  });

  it('pages the domains fifty to a page with 1,000 of them', async () => {
    const p = await humanWithSession(s.t.app, s.t.db.orm, `overview-many-${randomLabel()}`);
    const many = dashboardBrowser(s.t.app, p.cookie);
    const em = s.t.db.orm.em.fork();
    const prefix = randomLabel('m');
    const start = Date.now() + 40 * DAY_MS;
    for (let i = 0; i < 1000; i++)
      em.create(Domain, {
        name: `${prefix}${String(i).padStart(4, '0')}.agent`,
        label: `${prefix}${String(i).padStart(4, '0')}`,
        namespace: em.getReference(Namespace, 'agent'),
        owner: em.getReference(Account, p.accountId),
        status: 'active',
        registrationDate: new Date(),
        expiryDate: new Date(start + i * 3_600_000),
        capabilities: [],
        profile: {},
      });
    await em.flush();

    const first = await many.get('/dashboard');
    expect(first.statusCode).toBe(200);
    expect(first.body.match(/href="\/dashboard\/domains\//g)?.length).toBe(50);
    expect(first.body).toContain(`${prefix}0000.agent`);
    expect(first.body).not.toContain(`${prefix}0050.agent`);
    expect(first.body).toContain('href="/dashboard?page=2"');
    expect(first.body).toContain('1000 in all');
    const last = await many.get('/dashboard?page=20');
    expect(last.body).toContain(`${prefix}0999.agent`);
    expect(last.body).not.toContain('rel="next"');
    const beyond = await many.get('/dashboard?page=21');
    expect(beyond.body).toContain('No domains on this page');
    // A middle page: its own fifty, in order, the 30-day count (none of these end within 30 days) and both
    // neighbours.
    const middle = await many.get('/dashboard?page=7');
    expect(middle.statusCode).toBe(200);
    expect(middle.body.match(/href="\/dashboard\/domains\//g)?.length).toBe(50);
    expect(middle.body).toContain(`${prefix}0300.agent`);
    expect(middle.body).toContain(`${prefix}0349.agent`);
    expect(middle.body).not.toContain(`${prefix}0299.agent`);
    expect(middle.body).not.toContain(`${prefix}0350.agent`);
    expect(middle.body.indexOf(`${prefix}0300.agent`)).toBeLessThan(middle.body.indexOf(`${prefix}0349.agent`));
    expect(middle.body).toContain('href="/dashboard?page=6"');
    expect(middle.body).toContain('href="/dashboard?page=8"');
    expect(middle.body).not.toContain('within 30 days');
  });
});
