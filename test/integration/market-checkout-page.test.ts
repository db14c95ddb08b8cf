import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { Account, Domain, Listing, Sale } from '../../src/db/entities/index.ts';
import { gemsBalance, grantGems } from '../../src/ledger/gems.ts';
import { bookBalance } from '../../src/ledger/journal.ts';
import { createDomain, createListing, randomLabel } from '../helpers/fixtures.ts';
import { humanWithSession } from '../helpers/identities.ts';
import { startRegistryStack, type RegistryStack } from '../helpers/registry-stack.ts';

type Page = { status: number; html: string; headers: Headers };

// The human checkout (spec 4.7) over HTTP as a browser uses it: the page, then its form, against the
// real API, the purchase workflow on a real worker, and PostgreSQL.
describe('human checkout page', () => {
  let s: RegistryStack;
  beforeAll(async () => {
    s = await startRegistryStack();
  });
  afterAll(() => s?.stop());

  const read = async (res: Response): Promise<Page> => ({
    status: res.status,
    html: await res.text(),
    headers: res.headers,
  });
  const page = async (name: string, headers: Record<string, string> = {}, query = '') =>
    read(await fetch(`${s.baseUrl}/checkout/${name}${query}`, { headers: { accept: 'text/html', ...headers } }));
  /** The form post as a browser sends it from our page (same origin). */
  const post = async (
    name: string,
    cookie: string,
    form: Record<string, string>,
    headers: Record<string, string | null> = {},
  ) => {
    const all: Record<string, string | null> = {
      accept: 'text/html',
      'content-type': 'application/x-www-form-urlencoded',
      'sec-fetch-site': 'same-origin',
      origin: s.baseUrl,
      cookie,
      ...headers,
    };
    const sent = Object.fromEntries(Object.entries(all).filter((e): e is [string, string] => e[1] !== null));
    return read(
      await fetch(`${s.baseUrl}/checkout/${name}`, {
        method: 'POST',
        headers: sent,
        body: new URLSearchParams(form).toString(),
      }),
    );
  };
  const tokenOf = (html: string) => /name="csrf_token" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const codeOf = (html: string) => /id="code">([^<]+)</.exec(html)?.[1];

  /** A name owned by a fresh seller, listed at these prices. */
  const listed = (price: { gems?: number; usdMinor?: bigint }) =>
    createListing(s.t.db.orm, {
      label: randomLabel('shop'),
      priceGems: price.gems ?? null,
      priceUsdMinor: price.usdMinor ?? null,
    });
  const buyerWith = async (gems: number) => {
    const buyer = await humanWithSession(s.t.app, s.t.db.orm, randomLabel('buyer'));
    if (gems > 0)
      await grantGems(s.t.db.em(), { accountId: buyer.accountId, amount: gems, reference: `grant:${randomUUID()}` });
    return buyer;
  };
  const ownerOf = async (domainId: number) => (await s.t.db.em().findOneOrFail(Domain, { id: domainId })).owner.id;

  it('a signed-in person buys a listed name with gems through the page: 90% seller, 5% referrer, 5% platform', async () => {
    const { seller, name, domainId } = await listed({ gems: 1000 });
    const buyer = await buyerWith(1500);
    const username = randomLabel('ref');
    const referrer = await humanWithSession(s.t.app, s.t.db.orm, username);
    await s.t.db.em().nativeUpdate(Account, { id: referrer.accountId }, { displayName: 'Rita <Ref>' });
    const platformBefore = await bookBalance(s.t.db.em(), 'gems', 'system:platform');

    const shown = await page(name, { cookie: buyer.cookie }, `?affiliate_id=${username}`);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(shown.headers.get('cache-control')).toBe('private, no-store');
    expect(shown.html).toContain(`<span id="name">${name}</span>`);
    expect(shown.html).toContain('<p class="price" id="price">1000 gems</p>');
    expect(shown.html).toContain('<strong id="balance">1500</strong>');
    expect(shown.html).toContain('Referred by <strong>Rita &lt;Ref&gt;</strong>');
    expect(shown.html).toContain(`<form id="buy-form" method="post" action="/checkout/${name}">`);
    expect(shown.html).toContain(`<input type="hidden" name="affiliate_id" value="${username}">`);
    // Its one inline script is admitted by the page's Content-Security-Policy.
    const inline = /<script>([\s\S]*?)<\/script>/.exec(shown.html)?.[1] ?? '';
    const { createHash } = await import('node:crypto');
    expect(shown.headers.get('content-security-policy')).toContain(
      `'sha256-${createHash('sha256').update(inline).digest('base64')}'`,
    );

    const bought = await post(name, buyer.cookie, { csrf_token: tokenOf(shown.html), affiliate_id: username });
    expect(bought.status).toBe(200);
    expect(bought.html).toContain(`${name} is yours`);
    expect(bought.html).toContain('You paid <strong id="paid">1000</strong> gems');
    expect(bought.html).toContain('The seller received 900, the referrer 50 and the registry 50.');
    expect(bought.html).toContain('<strong id="balance">500</strong>');

    expect(await ownerOf(domainId)).toBe(buyer.accountId);
    expect(await s.t.db.em().count(Listing, { domainId })).toBe(0);
    expect(await gemsBalance(s.t.db.em(), buyer.accountId)).toBe(500);
    expect(await gemsBalance(s.t.db.em(), seller.id)).toBe(900);
    expect(await gemsBalance(s.t.db.em(), referrer.accountId)).toBe(50);
    expect((await bookBalance(s.t.db.em(), 'gems', 'system:platform')) - platformBefore).toBe(50n);
    const sale = await s.t.db.em().findOneOrFail(Sale, { domainId });
    expect([sale.source, sale.currency, sale.price, sale.referrer?.id]).toEqual([
      'listing',
      'gems',
      1000n,
      referrer.accountId,
    ]);
  });

  it('refuses a post without this session’s token for this name, or from another site, and changes nothing', async () => {
    const { name, domainId, seller } = await listed({ gems: 300 });
    const other = await listed({ gems: 300 });
    const buyer = await buyerWith(1000);
    const stranger = await buyerWith(0);
    const token = tokenOf((await page(name, { cookie: buyer.cookie })).html);
    const strangersToken = tokenOf((await page(name, { cookie: stranger.cookie })).html);
    const otherNamesToken = tokenOf((await page(other.name, { cookie: buyer.cookie })).html);
    expect(new Set([token, strangersToken, otherNamesToken]).size).toBe(3);

    const refusals = [
      await post(name, buyer.cookie, {}),
      await post(name, buyer.cookie, { csrf_token: 'x'.repeat(43) }),
      await post(name, buyer.cookie, { csrf_token: strangersToken }),
      await post(name, buyer.cookie, { csrf_token: otherNamesToken }),
      await post(name, buyer.cookie, { csrf_token: token }, { 'sec-fetch-site': 'cross-site' }),
      await post(name, buyer.cookie, { csrf_token: token }, { 'sec-fetch-site': 'same-site' }),
      await post(name, buyer.cookie, { csrf_token: token }, { origin: 'https://evil.example', 'sec-fetch-site': null }),
      await post(name, buyer.cookie, { csrf_token: token }, { origin: 'null', 'sec-fetch-site': null }),
    ];
    for (const r of refusals) expect([r.status, codeOf(r.html)]).toEqual([403, 'forbidden']);
    expect(refusals[0]?.html).toContain(`href="/checkout/${name}"`);

    // A client that is not a browser gets the API's error body.
    const api = await fetch(`${s.baseUrl}/checkout/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: buyer.cookie },
      body: 'csrf_token=nope',
    });
    expect(api.status).toBe(403);
    expect(await api.json()).toMatchObject({ status: 'error', code: 'forbidden', details: { reason: 'form_token' } });

    expect(await ownerOf(domainId)).toBe(seller.id);
    expect(await gemsBalance(s.t.db.em(), buyer.accountId)).toBe(1000);
    expect(await s.t.db.em().count(Sale, { domainId })).toBe(0);
    // The right token still buys.
    expect((await post(name, buyer.cookie, { csrf_token: token })).status).toBe(200);
    expect(await ownerOf(domainId)).toBe(buyer.accountId);
  });

  it('short of gems: the page says so, and the post shows insufficient_gems and changes nothing', async () => {
    const { name, domainId, seller } = await listed({ gems: 1000 });
    const buyer = await buyerWith(100);
    const shown = await page(name, { cookie: buyer.cookie });
    expect(shown.status).toBe(200);
    expect(shown.html).toContain('you need 900 more gems');
    expect(shown.html).toContain('<button type="submit" disabled data-short>Buy with gems</button>');

    const refused = await post(name, buyer.cookie, { csrf_token: tokenOf(shown.html) });
    expect(refused.status).toBe(402);
    expect(codeOf(refused.html)).toBe('insufficient_gems');
    expect(refused.html).toContain('Your gem balance does not cover 1000 gems.');
    expect(await ownerOf(domainId)).toBe(seller.id);
    expect(await s.t.db.em().count(Listing, { domainId })).toBe(1);
    expect(await gemsBalance(s.t.db.em(), buyer.accountId)).toBe(100);
    expect(await gemsBalance(s.t.db.em(), seller.id)).toBe(0);
  });

  it('signed out (or with an ended session): the price and a sign-in link back to the page, no form', async () => {
    const { name } = await listed({ gems: 250 });
    const anonymous = await page(name, {}, '?affiliate_id=bob');
    expect(anonymous.status).toBe(200);
    expect(anonymous.html).toContain('id="signed-out"');
    expect(anonymous.html).toContain('<p class="price" id="price">250 gems</p>');
    const back = encodeURIComponent(`/checkout/${name}?affiliate_id=bob`);
    expect(anonymous.html).toContain(`href="/auth/login?return_to=${back}"`);
    expect(anonymous.html).not.toContain('csrf_token');
    expect(anonymous.html).not.toContain('<script>');
    // `bob` names nobody: the page says the referral will not count.
    expect(anonymous.html).toContain('The referral <code>bob</code> is not valid here');

    const ended = await page(name, { cookie: 'registry_session=forged.signature' });
    expect(ended.status).toBe(200);
    expect(ended.html).toContain('id="signed-out"');
    expect(ended.headers.get('set-cookie')).toMatch(/^registry_session=;/);

    // The form without a session: a page offering sign-in, not a bare 401.
    const post401 = await post(name, '', { csrf_token: 'x' });
    expect([post401.status, codeOf(post401.html)]).toEqual([401, 'unauthorized']);
    expect(post401.html).toContain(`href="/auth/login?return_to=${encodeURIComponent(`/checkout/${name}`)}"`);
  });

  it('answers names it cannot sell here with a page and the status of the refusal', async () => {
    const usdOnly = await listed({ usdMinor: 5_000_000n });
    const own = await listed({ gems: 10 });
    const ownerSession = await humanWithSession(s.t.app, s.t.db.orm, randomLabel('owner'));
    await s.t.db.em().nativeUpdate(Domain, { id: own.domainId }, { owner: ownerSession.accountId });
    const unlisted = await createDomain(s.t.db.orm, { label: randomLabel('free'), namespace: 'agent' });

    const cases: [string, Record<string, string>, number, string][] = [
      [unlisted.name, {}, 404, 'not_listed'],
      [`${randomLabel('never')}.agent`, {}, 404, 'not_listed'],
      [usdOnly.name, {}, 400, 'currency_not_accepted'],
      [own.name, { cookie: ownerSession.cookie }, 409, 'own_domain'],
      ['Not%20a%20name', {}, 400, 'invalid_name'],
      ['scout', {}, 400, 'invalid_name'],
      ['scout.nowhere', {}, 404, 'namespace_not_found'],
    ];
    for (const [name, headers, status, code] of cases) {
      const res = await page(name, headers);
      expect({ name, status: res.status, code: codeOf(res.html) }).toEqual({ name, status, code });
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    }
    // Anything the request carries is escaped, never markup: on the page, in its form, in its links.
    const hostile = '"><img src=x onerror=alert(1)>';
    const signedOut = await page(own.name, {}, `?affiliate_id=${encodeURIComponent(hostile)}`);
    const buyer = await buyerWith(0);
    const signedIn = await page(own.name, { cookie: buyer.cookie }, `?affiliate_id=${encodeURIComponent(hostile)}`);
    for (const p of [signedOut, signedIn]) {
      expect(p.status).toBe(200);
      expect(p.html).not.toContain('<img');
      expect(p.html).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
    }

    const api = await fetch(`${s.baseUrl}/checkout/${unlisted.name}`);
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ status: 'error', code: 'not_listed' });
  });
});
