import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { Account } from '../../src/db/entities/index.ts';
import { Account as AccountEntity, Domain, DnsRecord, Namespace, Offer } from '../../src/db/entities/index.ts';
import { grantGems } from '../../src/ledger/gems.ts';
import { dashboardBrowser, followRedirect, textOf } from '../helpers/dashboard.ts';
import { createDomain, createListing, randomLabel } from '../helpers/fixtures.ts';
import { humanWithSession, provision } from '../helpers/identities.ts';
import { startRegistryStack, type RegistryStack } from '../helpers/registry-stack.ts';

// A domain's page (issue 27): every form is one API operation, refused for anyone who may not act on
// the name, with the refusal beside its form (a record's beside its row) and nothing changed. The stack
// runs a worker: renewals, offers and sales are Temporal runs.
describe('dashboard: a domain', () => {
  let s: RegistryStack;
  let aliceId = '';
  let bobId = '';
  let alice: ReturnType<typeof browser>;
  let bob: ReturnType<typeof browser>;
  let aliceCookie = '';
  let bobCookie = '';

  /** A person's browser (helpers/dashboard.ts) posting its forms as pairs: repeated fields (a record's rows) stay apart. */
  function browser(cookie: string) {
    const b = dashboardBrowser(s.t.app, cookie);
    // What worked is answered by a redirect to the page (post/redirect/get), followed with its flash cookie.
    const post = async (url: string, pairs: [string, string][]) =>
      followRedirect(s.t.app, cookie, await b.postOnly(url, pairs));
    /** The control fields (token, form id, action, target) of the form posting `action`. */
    const formOf = (page: string, action: string, target?: string): [string, string][] => {
      const hidden = b.formOf(page, action, target);
      return ['csrf_token', 'form_id', 'action', 'target']
        .filter((k) => hidden[k] !== undefined)
        .map((k) => [k, String(hidden[k])]);
    };
    async function submit(url: string, action: string, fields: [string, string][], target?: string) {
      const page = await b.get(url);
      return post(url, [...formOf(page.body, action, target), ...fields]);
    }
    return { get: b.get, post, formOf, submit };
  }

  const pageOf = (name: string) => `/dashboard/domains/${name}`;
  // A term ending within the year: a renewal stays within the ten years a term may reach.
  const ownedDomain = async (owner: string) => {
    const d = await createDomain(s.t.db.orm, {
      label: randomLabel('dash'),
      namespace: 'agent',
      owner: { id: owner } as Account,
      expiryDate: new Date(Date.now() + 200 * 86_400_000),
    });
    return d.name;
  };
  const lookup = async (name: string) =>
    (await s.t.app.inject({ method: 'GET', url: `/api/v1/lookup/${name}` })).json<{
      for_sale: { gems: number | null; usd: number | null } | null;
      min_offer: { gems: number | null; usd: number | null } | null;
      profile: Record<string, unknown>;
    }>();
  const records = async (name: string) => {
    const { id } = await s.t.db.em().findOneOrFail(Domain, { name });
    return (await s.t.db.em().find(DnsRecord, { domainId: id }))
      .map((r) => `${r.name} ${r.type} ${r.content} ${r.ttl}`)
      .sort();
  };
  const button = (text: string) => new RegExp(`<button[^>]*>\\s*${text}</button`);
  const errorBeside = (page: string) => /class="error" role="alert"[^>]*>([^<]*)</.exec(page)?.[1] ?? null;

  beforeAll(async () => {
    s = await startRegistryStack();
    const a = await humanWithSession(s.t.app, s.t.db.orm, randomLabel('dash-alice'));
    const b = await humanWithSession(s.t.app, s.t.db.orm, randomLabel('dash-bob'));
    aliceId = a.accountId;
    bobId = b.accountId;
    aliceCookie = a.cookie;
    bobCookie = b.cookie;
    alice = browser(a.cookie);
    bob = browser(b.cookie);
  });
  afterAll(() => s?.stop());

  it('sends a visitor without a session to sign in, and back', async () => {
    const name = await ownedDomain(aliceId);
    const res = await s.t.app.inject({ method: 'GET', url: pageOf(name), headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/auth/login?return_to=${encodeURIComponent(pageOf(name))}`);
  });

  it('renders for its owner with every section, and refuses another person the page', async () => {
    const name = await ownedDomain(aliceId);
    const page = await alice.get(pageOf(name));
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    for (const text of ['Renew with gems', 'Save records', 'Enable DNS', 'List for sale', 'Transfer', 'Save profile'])
      expect(page.body).toMatch(button(text));
    expect(page.body).toContain(`href="/rdap/domain/${name}"`);
    expect(page.body).toContain(`href="/api/v1/lookup/${name}"`);
    expect(page.body).toContain('No offers on this name yet.');
    expect(page.body).toContain('Not for sale');

    const theirs = await bob.get(pageOf(name));
    expect(theirs.statusCode).toBe(403);
    expect(theirs.headers['content-type']).toContain('text/html');
    expect(theirs.body).not.toMatch(button('Save records'));
    expect((await bob.get(pageOf('nobody-has-this.agent'))).statusCode).toBe(404);
  });

  it('shows the verifier’s report only when asked, each check with its outcome', async () => {
    const name = await ownedDomain(aliceId);
    const plain = await alice.get(pageOf(name));
    expect(plain.body).toContain(`href="/dashboard/domains/${name}?verify=1#verify-heading"`);
    expect(plain.body).not.toContain('id="verify-verdict"');
    // This stack's resolver reaches no name (test/helpers/refusing-root.ts): said as such, never as a pass.
    const asked = await alice.get(`${pageOf(name)}?verify=1`);
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toMatch(/id="verify-verdict">\s*<strong>Not verified<\/strong>/);
    expect(asked.body).toMatch(/DNSSEC chain from the trust anchor<\/th>\s*<td>unreachable<\/td>/);
    expect(asked.body).toContain('A2A card signature');
  });

  it('adds, changes and deletes records in one save, escaped; a bad row is refused beside it and nothing is saved', async () => {
    const name = await ownedDomain(aliceId);
    const row = (type: string, rname: string, content: string, ttl = '', orig = ''): [string, string][] => [
      ['type', type],
      ['name', rname],
      ['content', content],
      ['ttl', ttl],
      ['orig', orig],
    ];
    const blank = row('A', '', '');
    const added = await alice.submit(pageOf(name), 'save_records', [
      ...row('A', '@', '192.0.2.10', '300'),
      ...row('TXT', '_agent', 'v=1 <script>x</script>'),
      ...row('A', 'www', '192.0.2.11'),
      ...blank,
    ]);
    expect(added.statusCode).toBe(200);
    expect(textOf(added.body, { cls: 'notice' })).toContain('Records saved');
    expect(added.body).toContain('v=1 &lt;script&gt;x&lt;/script&gt;');
    expect(added.body).not.toContain('<script>x');
    expect(await records(name)).toEqual([
      `_agent.${name}. TXT "v=1 <script>x</script>" 3600`,
      `${name}. A 192.0.2.10 300`,
      `www.${name}. A 192.0.2.11 3600`,
    ]);

    // The page loads the three rows; change the apex address, delete www (its row's box), keep the TXT.
    const edited = await alice.submit(pageOf(name), 'save_records', [
      ...row('A', '@', '192.0.2.20', '300', `${name}. A`),
      ...row('TXT', '_agent', 'v=1 <script>x</script>', '3600', `_agent.${name}. TXT`),
      ...row('A', 'www', '192.0.2.11', '3600', `www.${name}. A`),
      ['remove', '2'],
      ...blank,
    ]);
    expect(edited.statusCode).toBe(200);
    expect(await records(name)).toEqual([
      `_agent.${name}. TXT "v=1 <script>x</script>" 3600`,
      `${name}. A 192.0.2.20 300`,
    ]);

    // A bad address in the third row: the API's refusal beside that row, what was typed kept, nothing saved.
    const before = await records(name);
    const bad = await alice.submit(pageOf(name), 'save_records', [
      ...row('A', '@', '192.0.2.30', '300', `${name}. A`),
      ...blank,
      ...row('A', 'api', 'not-an-address'),
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/id="record-error-2">A content must be an IPv4 address/);
    expect(bad.body).toContain('value="not-an-address"');
    expect(await records(name)).toEqual(before);

    // A rule of the whole set (a CNAME beside another record) names the row that broke it.
    const cname = await alice.submit(pageOf(name), 'save_records', [
      ...row('TXT', '_agent', 'v=1', '3600', `_agent.${name}. TXT`),
      ...row('CNAME', '_agent', 'target.example.com'),
    ]);
    expect(cname.statusCode).toBe(400);
    expect(cname.body).toMatch(/id="record-error-1">A CNAME must be the only record/);
    expect(await records(name)).toEqual(before);

    // The API's schema check names the item in its message: still beside the row.
    const schema = await alice.submit(pageOf(name), 'save_records', [
      ...blank,
      ...row('TXT', '_agent', 'v=1', '3600', `_agent.${name}. TXT`),
      ...row('NOTATYPEATALL', 'x', 'y'),
    ]);
    expect(schema.statusCode).toBe(400);
    expect(schema.body).toMatch(/id="record-error-2">[^<]*records\.1\.type/);
    expect(await records(name)).toEqual(before);

    // A TTL that is no number is refused beside its row before anything is sent.
    const ttl = await alice.submit(pageOf(name), 'save_records', [...blank, ...row('A', 'x', '192.0.2.1', 'soon')]);
    expect(ttl.statusCode).toBe(400);
    expect(ttl.body).toMatch(/id="record-error-1">/);
    expect(await records(name)).toEqual(before);

    // Another person's post of the same form to this name is refused, and changes nothing.
    const theirs = await bob.post(pageOf(name), [
      ...bob.formOf((await bob.get('/dashboard/keys')).body, 'create_key').filter(([k]) => k !== 'action'),
      ['action', 'save_records'],
      ...row('A', '@', '203.0.113.1', '', `${name}. A`),
    ]);
    expect(theirs.statusCode).toBe(403);
    expect(theirs.body).not.toContain('192.0.2.20');
    expect(await records(name)).toEqual(before);
  });

  it('serves the page of a claimed agent’s name to the person who claimed it, and its forms act', async () => {
    const agent = await provision(s.t.app);
    const claim = await s.t.app.inject({
      method: 'POST',
      url: '/api/v1/agents/claim',
      headers: { cookie: aliceCookie },
      payload: { claim_code: agent.claim_code },
    });
    expect(claim.statusCode).toBe(200);
    const name = await ownedDomain(agent.account_id);
    expect((await alice.get(pageOf(name))).statusCode).toBe(200);
    const saved = await alice.submit(pageOf(name), 'save_records', [
      ['type', 'AAAA'],
      ['name', 'v6'],
      ['content', '2001:db8::1'],
      ['ttl', ''],
      ['orig', ''],
    ]);
    expect(saved.statusCode).toBe(200);
    expect(await records(name)).toEqual([`v6.${name}. AAAA 2001:db8::1 3600`]);
    expect((await bob.get(pageOf(name))).statusCode).toBe(403);
  });

  it('enables the delegation once', async () => {
    const name = await ownedDomain(aliceId);
    const res = await alice.submit(pageOf(name), 'enable_dns', []);
    expect(res.statusCode).toBe(200);
    expect(textOf(res.body, { cls: 'notice' })).toContain('DNS enabled');
    expect(res.body).toContain('Delegation is published');
    // The nameservers are named without their root dot, so the sentence's full stop is not doubled (issue 38 item 18).
    const delegation = /Delegation is published[^<]*/.exec(res.body)?.[0] ?? '';
    expect(delegation).toMatch(/through\s+[a-z0-9][^<]*[a-z0-9]\.\s*$/);
    expect(delegation).not.toContain('..');
    expect((await s.t.db.em().findOneOrFail(Domain, { name })).dnsEnabled).toBe(true);
  });

  it('renews with gems; a machine payment is not offered to a person; auto-renew on and off', async () => {
    const name = await ownedDomain(aliceId);
    await grantGems(s.t.db.em(), { accountId: aliceId, amount: 100_000, reference: `grant:${randomUUID()}` });
    const expiry = (await s.t.db.em().findOneOrFail(Domain, { name })).expiryDate;
    const renewed = await alice.submit(pageOf(name), 'renew', [
      ['years', '1'],
      ['payment_method', 'gems'],
    ]);
    expect(renewed.statusCode).toBe(200);
    expect(textOf(renewed.body, { cls: 'notice' })).toContain('Renewed');
    const after = (await s.t.db.em().findOneOrFail(Domain, { name })).expiryDate;
    expect(after.getUTCFullYear()).toBe(expiry.getUTCFullYear() + 1);

    const tooLong = await alice.submit(pageOf(name), 'renew', [
      ['years', '10'],
      ['payment_method', 'gems'],
    ]);
    expect(tooLong.statusCode).toBe(400);
    expect(errorBeside(tooLong.body)).toBeTruthy();
    expect((await s.t.db.em().findOneOrFail(Domain, { name })).expiryDate).toEqual(after);

    // Issue 38 item 17: the page offered pathUSD, which opened a checkout a person could neither pay nor
    // end. The form offers gems only; a form posted with pathUSD anyway is refused and opens nothing.
    const page = (await alice.get(pageOf(name))).body;
    expect(page).not.toContain('value="mpp"');
    expect(page).not.toContain('transferWithMemo');
    const mpp = await alice.submit(pageOf(name), 'renew', [
      ['years', '1'],
      ['payment_method', 'mpp'],
    ]);
    expect(mpp.statusCode).toBe(400);
    expect(errorBeside(mpp.body)).toContain('renews with gems');
    expect(mpp.body).not.toContain('transferWithMemo');
    expect((await s.t.db.em().findOneOrFail(Domain, { name })).expiryDate).toEqual(after);
    const checkouts = await s.t.app.inject({
      method: 'GET',
      url: '/api/v1/checkouts',
      headers: { cookie: aliceCookie },
    });
    expect(checkouts.json<{ data: unknown[] }>().data).toEqual([]);

    const noCap = await alice.submit(pageOf(name), 'auto_renew', [
      ['enabled', 'on'],
      ['max_gems', ''],
    ]);
    expect(noCap.statusCode).toBe(400);
    expect(errorBeside(noCap.body)).toContain('max_gems');
    const on = await alice.submit(pageOf(name), 'auto_renew', [
      ['enabled', 'on'],
      ['max_gems', '2500'],
    ]);
    expect(on.statusCode).toBe(200);
    expect(textOf(on.body, { id: 'auto-renew-state' })).toContain('on, up to 2,500 gems a year');
    // Through the API (GET …/auto-renew, added for this page): the owner reads it; another person may not.
    const autoRenew = (cookie: string) =>
      s.t.app.inject({ method: 'GET', url: `/api/v1/domains/${name}/auto-renew`, headers: { cookie } });
    expect((await autoRenew(aliceCookie)).json()).toMatchObject({ auto_renew: { enabled: true, max_gems: 2500 } });
    expect((await autoRenew(bobCookie)).statusCode).toBe(403);
    const theirs = await bob.post(pageOf(name), [
      ...bob.formOf((await bob.get('/dashboard/keys')).body, 'create_key').filter(([k]) => k !== 'action'),
      ['action', 'auto_renew'],
      ['enabled', 'off'],
    ]);
    expect(theirs.statusCode).toBe(403);
    expect((await s.t.db.em().findOneOrFail(Domain, { name })).autoRenewMaxGems).toBe(2500);
    await alice.submit(pageOf(name), 'auto_renew', [['enabled', 'off']]);
    expect((await s.t.db.em().findOneOrFail(Domain, { name })).autoRenewMaxGems).toBeNull();
  });

  // Issue 38 item 17: a renewal checkout the person started (over the API, by machine payment) is theirs
  // to end from the overview, and is not said to be an agent's.
  it('lets a person cancel an unpaid renewal checkout they started', async () => {
    const name = await ownedDomain(aliceId);
    /** Alice's renewal of the name by machine payment, over the API: a checkout she started. */
    const renewal = () =>
      s.t.app.inject({
        method: 'POST',
        url: '/api/v1/renew',
        headers: { cookie: aliceCookie, 'content-type': 'application/json' },
        payload: { domain: name, years: 1, payment_method: 'mpp' },
      });
    /** Alice's open checkouts for the name. */
    const checkoutsOfName = async () =>
      (await s.t.app.inject({ method: 'GET', url: '/api/v1/checkouts', headers: { cookie: aliceCookie } }))
        .json<{ data: { domain: string }[] }>()
        .data.filter((c) => c.domain === name);
    const opened = await renewal();
    expect(opened.statusCode).toBe(402);
    const overview = await alice.get('/dashboard');
    const row = /<tr>(?:(?!<\/tr>)[\s\S])*?<\/tr>/g;
    const checkoutRow = (overview.body.match(row) ?? []).find((r) => r.includes(name) && r.includes('renewal')) ?? '';
    expect(checkoutRow).toMatch(button('Cancel'));
    expect(checkoutRow).not.toContain('Paid by the agent');
    expect(checkoutRow).toContain('name="operation" value="renewal"');
    const cancelled = await alice.submit('/dashboard', 'cancel_checkout', [['operation', 'renewal']], name);
    expect(cancelled.statusCode).toBe(200);
    expect(textOf(cancelled.body, { cls: 'notice' })).toContain('renewal checkout for');
    expect(await checkoutsOfName()).toEqual([]);
    // Another person cannot end it: there is nothing of theirs to end.
    const again = await renewal();
    expect(again.statusCode).toBe(402);
    const bobs = await s.t.app.inject({
      method: 'POST',
      url: `/api/v1/domains/${name}/reset-lock`,
      headers: { cookie: bobCookie },
    });
    expect(bobs.statusCode).toBe(404);
    expect(await checkoutsOfName()).toHaveLength(1);
  });

  it('lists for sale and withdraws; a floor above the price is refused beside the form', async () => {
    const name = await ownedDomain(aliceId);
    const floorTooHigh = await alice.submit(pageOf(name), 'list_for_sale', [
      ['price_gems', '500'],
      ['price_usd', ''],
      ['min_offer_gems', '900'],
      ['min_offer_usd', ''],
    ]);
    expect(floorTooHigh.statusCode).toBe(400);
    expect(errorBeside(floorTooHigh.body)).toBeTruthy();
    expect(floorTooHigh.body).toContain('value="900"');
    expect((await lookup(name)).for_sale).toBeNull();

    const listed = await alice.submit(pageOf(name), 'list_for_sale', [
      ['price_gems', '500'],
      ['price_usd', '12.5'],
      ['min_offer_gems', '400'],
      ['min_offer_usd', ''],
    ]);
    expect(listed.statusCode).toBe(200);
    expect(textOf(listed.body, { id: 'listing-state' })).toContain('500 gems or 12.50 USD');
    expect(await lookup(name)).toMatchObject({ for_sale: { gems: 500, usd: 12.5 }, min_offer: { gems: 400 } });

    const withdrawn = await alice.submit(pageOf(name), 'withdraw_listing', []);
    expect(withdrawn.statusCode).toBe(200);
    expect((await lookup(name)).for_sale).toBeNull();
  });

  it('answers offers: a stranger cannot, the owner rejects one and accepts another (the name is sold)', async () => {
    const { name } = await createListing(s.t.db.orm, { priceGems: 5000, seller: { id: aliceId } as Account });
    const bidder = await provision(s.t.app);
    await grantGems(s.t.db.em(), { accountId: bidder.account_id, amount: 10_000, reference: `grant:${randomUUID()}` });
    const offer = async (amount: number) => {
      const res = await s.t.app.inject({
        method: 'POST',
        url: '/api/v1/domains/make-offer',
        headers: { 'x-api-key': bidder.api_key, 'idempotency-key': randomUUID() },
        payload: { domain: name, amount, currency: 'gems' },
      });
      expect(res.statusCode).toBe(200);
      return res.json<{ offer: { offer_id: string } }>().offer.offer_id;
    };
    const first = await offer(1000);
    const page = await alice.get(pageOf(name));
    expect(page.body).toContain('1,000 gems');
    expect(page.body).toMatch(button('Accept offer'));
    expect(page.body).toMatch(button('Reject offer'));

    const theirs = await bob.post(pageOf(name), [
      ...bob.formOf((await bob.get('/dashboard/keys')).body, 'create_key').filter(([k]) => k !== 'action'),
      ['action', 'reject_offer'],
      ['target', first],
    ]);
    expect(theirs.statusCode).toBe(404);
    expect((await s.t.db.em().findOneOrFail(Offer, { id: first })).status).toBe('pending');

    const rejected = await alice.submit(pageOf(name), 'reject_offer', [], first);
    expect(rejected.statusCode).toBe(200);
    expect((await s.t.db.em().findOneOrFail(Offer, { id: first })).status).toBe('rejected');

    const second = await offer(1200);
    const accepted = await alice.submit(pageOf(name), 'accept_offer', [], second);
    expect(accepted.statusCode).toBe(200);
    expect(textOf(accepted.body, { cls: 'notice' })).toContain('Offer accepted');
    expect((await s.t.db.em().findOneOrFail(Domain, { name })).owner.id).toBe(bidder.account_id);
    // The name is no longer Alice's: the page says so in the API's words.
    expect(accepted.body).toContain('Back to your domains');
    expect((await alice.get(pageOf(name))).statusCode).toBe(403);
  });

  it('edits the profile, the skill text and the storefront; a bad URL is refused and nothing saved', async () => {
    const name = await ownedDomain(aliceId);
    const fields = (o: Record<string, string>): [string, string][] =>
      ['display_name', 'website', 'avatar_url', 'did', 'matrix', 'description'].map((k) => [k, o[k] ?? '']);
    const saved = await alice.submit(
      pageOf(name),
      'save_profile',
      fields({ display_name: 'Scout <b>', website: 'https://scout.example', description: 'Finds things.' }),
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.body).toContain('value="Scout &lt;b&gt;"');
    // What changed, by the form's own labels, not the API's keys.
    expect(saved.body).toMatch(
      /Profile saved: (Display name|Website|Description)(, (Display name|Website|Description)){2}\./,
    );
    expect((await lookup(name)).profile).toMatchObject({
      display_name: 'Scout <b>',
      website: 'https://scout.example/',
      description: 'Finds things.',
    });

    const bad = await alice.submit(pageOf(name), 'save_profile', fields({ display_name: 'X', website: 'http://x' }));
    expect(bad.statusCode).toBe(400);
    expect(errorBeside(bad.body)).toBeTruthy();
    expect((await lookup(name)).profile).toMatchObject({ display_name: 'Scout <b>' });

    // The endpoints (issue 51): an A2A endpoint from the form publishes the name's signed A2A card; the API's
    // own validation holds (an http URL is refused, nothing changes); an empty field removes the endpoint.
    const withA2a: [string, string][] = [
      ...fields({ display_name: 'Scout <b>' }),
      ['endpoints.a2a', 'https://scout.example/a2a'],
    ];
    expect((await alice.submit(pageOf(name), 'save_profile', withA2a)).statusCode).toBe(200);
    expect((await lookup(name)).profile.endpoints).toEqual({ a2a: 'https://scout.example/a2a' });
    const lookedUp = await s.t.app.inject({ method: 'GET', url: `/api/v1/lookup/${name}` });
    expect(lookedUp.json().manifests.agent_card).toMatch(/\/agents\/.+\/agent-card\.json$/);
    expect((await s.t.app.inject({ method: 'GET', url: `/agents/${name}/agent-card.json` })).statusCode).toBe(200);
    const page = await alice.get(pageOf(name));
    expect(page.body).toContain('name="endpoints.a2a"');
    expect(page.body).toContain('value="https://scout.example/a2a"');
    const insecure: [string, string][] = [
      ...fields({ display_name: 'Scout <b>' }),
      ['endpoints.mcp', 'http://scout.example/mcp'],
    ];
    const refused = await alice.submit(pageOf(name), 'save_profile', insecure);
    expect(refused.statusCode).toBe(400);
    expect(errorBeside(refused.body)).toBeTruthy();
    expect((await lookup(name)).profile.endpoints).toEqual({ a2a: 'https://scout.example/a2a' });
    expect((await alice.submit(pageOf(name), 'save_profile', fields({ display_name: 'Scout <b>' }))).statusCode).toBe(
      200,
    );
    expect((await lookup(name)).profile.endpoints).toBeUndefined();

    const skill = await alice.submit(pageOf(name), 'publish_skill', [['skill_md', '# Scout\nAsk me <anything>.']]);
    expect(skill.statusCode).toBe(200);
    const md = await s.t.app.inject({ method: 'GET', url: `/api/v1/domains/${name}/skill.md` });
    expect(md.body).toContain('Ask me <anything>.');
    await alice.submit(pageOf(name), 'remove_skill', []);
    expect((await s.t.app.inject({ method: 'GET', url: `/api/v1/domains/${name}/skill.md` })).body).not.toContain(
      'Ask me',
    );

    const bound = await alice.submit(pageOf(name), 'bind_storefront', [
      ['provider', 'shopify'],
      ['storefront_id', `shop-${randomLabel()}`],
      ['feed_url', 'https://shop.example/feed.json'],
    ]);
    expect(bound.statusCode).toBe(200);
    expect(textOf(bound.body, { id: 'storefront-state' })).toContain('Bound to storefront');
    const shop = async () =>
      (await s.t.app.inject({ method: 'GET', url: `/api/v1/domains/${name}/shop-status` })).json<{
        is_bound: boolean;
      }>();
    expect((await shop()).is_bound).toBe(true);
    await alice.submit(pageOf(name), 'unbind_storefront', []);
    expect((await shop()).is_bound).toBe(false);
  });

  it('transfers the name to another account, which then has the page', async () => {
    const name = await ownedDomain(aliceId);
    const bad = await alice.submit(pageOf(name), 'transfer', [
      ['to_account_id', 'not-an-id'],
      ['reason', ''],
    ]);
    expect(bad.statusCode).toBe(400);
    expect(errorBeside(bad.body)).toBeTruthy();
    expect((await s.t.db.em().findOneOrFail(Domain, { name })).owner.id).toBe(aliceId);

    const moved = await alice.submit(pageOf(name), 'transfer', [
      ['to_account_id', bobId],
      ['reason', 'handing over'],
    ]);
    expect(moved.statusCode).toBe(200);
    expect(moved.body).toContain('Back to your domains');
    expect((await s.t.db.em().findOneOrFail(Domain, { name })).owner.id).toBe(bobId);
    expect((await bob.get(pageOf(name))).statusCode).toBe(200);
    expect((await alice.get(pageOf(name))).statusCode).toBe(403);
  });

  it('renders one domain of a person with 1,000 domains (its speed: npm run bench)', async () => {
    const p = await humanWithSession(s.t.app, s.t.db.orm, randomLabel('dash-many'));
    const many = browser(p.cookie);
    const e = s.t.db.em();
    const prefix = randomLabel('m');
    for (let i = 0; i < 1000; i++)
      e.create(Domain, {
        name: `${prefix}${i}.agent`,
        label: `${prefix}${i}`,
        namespace: e.getReference(Namespace, 'agent'),
        owner: e.getReference(AccountEntity, p.accountId),
        status: 'active',
        registrationDate: new Date(),
        expiryDate: new Date(Date.now() + 200 * 86_400_000),
        capabilities: [],
        profile: {},
      });
    await e.flush();
    const url = pageOf(`${prefix}500.agent`);
    const page = await many.get(url);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`${prefix}500.agent`);
  });
});
