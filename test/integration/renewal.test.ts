import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Account, Domain, DomainOrder, OutboxEvent } from '../../src/db/entities/index.ts';
import { YEAR_MS } from '../../src/domain/time.ts';
import { gemsBalance, grantGems } from '../../src/ledger/gems.ts';
import { startRegistryStack, type RegistryStack } from '../helpers/registry-stack.ts';
import { provision } from '../helpers/identities.ts';
import { registerDomain } from '../helpers/app.ts';
import { createDomain, randomLabel } from '../helpers/fixtures.ts';

// Renewal (spec 4.4) against the real stack: PostgreSQL, Temporal, anvil with the token, the
// production activities and the shared checkout.
describe('renewal', () => {
  let s: RegistryStack;
  beforeAll(async () => {
    s = await startRegistryStack();
  });
  afterAll(() => s?.stop());

  const renew = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    s.t.app.inject({ method: 'POST', url: '/api/v1/renew', payload, headers });
  const expiry = new Date(Date.now() + 100 * 24 * 3600 * 1000);
  const fresh = async (owner?: Account) => {
    const label = randomLabel('rn');
    await createDomain(s.t.db.orm, { label, namespace: 'agent', expiryDate: expiry, ...(owner ? { owner } : {}) });
    return `${label}.agent`;
  };

  it('anyone pays to renew: 402, then the paid retry extends from the current expiry, once', async () => {
    const name = await fresh();
    const ownerBefore = (await s.t.db.em().findOneOrFail(Domain, { name })).owner.id;
    const first = await renew({ domain: name, years: 2 });
    expect(first.statusCode).toBe(402);
    expect(first.json()).toMatchObject({ status: 'payment_required', protocol: 'mpp', amount_minor: '30000000' });
    expect(first.headers['www-authenticate']).toMatch(/^Payment /);
    // The same request again is the same checkout (an identical challenge), never a second one.
    expect((await renew({ domain: name, years: 2 })).json().session_id).toBe(first.json().session_id);

    const paid = await s.pay(first);
    const ok = await renew({ domain: name, years: 2 }, { authorization: paid.credential });
    expect(ok.statusCode).toBe(200);
    const newExpiry = new Date(expiry.getTime() + 2 * YEAR_MS).toISOString();
    expect(ok.json()).toMatchObject({
      status: 'success',
      domain: { name, previous_expiry_date: expiry.toISOString(), new_expiry_date: newExpiry },
      order: { payment_method: 'mpp', amount: '30.00', payment_reference: paid.txHash.toLowerCase() },
    });
    expect(ok.headers['payment-receipt']).toBeTruthy();

    // A retry whose answer was lost gets the same 200; the term is extended once.
    const again = await renew({ domain: name, years: 2, receipt: paid.txHash });
    expect(again.statusCode).toBe(200);
    expect(again.json().order.order_id).toBe(ok.json().order.order_id);
    const d = await s.t.db.em().findOneOrFail(Domain, { name });
    expect(d.expiryDate.toISOString()).toBe(newExpiry);
    expect(d.owner.id).toBe(ownerBefore);
    expect(await s.t.db.em().count(DomainOrder, { domainName: name, kind: 'renewal' })).toBe(1);
    expect(await s.t.db.em().count(OutboxEvent, { eventType: 'domain.renewed', payload: { domain: name } })).toBe(1);
  });

  // A payment in flight when its checkout was cancelled lands on a closed checkout: the renewal does
  // not happen, and the payer's account is credited once (docs/registration.md "Never twice, never lost").
  it('a payment that lands after its renewal checkout was cancelled is credited as gems, once', async () => {
    const name = await fresh();
    const agent = await provision(s.t.app);
    const key = { 'x-api-key': agent.api_key };
    const first = await renew({ domain: name, years: 1 }, key);
    expect(first.statusCode).toBe(402);
    const reset = await s.t.app.inject({ method: 'POST', url: `/api/v1/domains/${name}/reset-lock`, headers: key });
    expect(reset.statusCode).toBe(200);
    const paid = await s.pay(first);
    const before = await gemsBalance(s.t.db.em(), agent.account_id);
    for (const receipt of [paid.credential, paid.credential]) {
      const late = await renew({ domain: name, years: 1 }, { ...key, authorization: receipt });
      expect({ status: late.statusCode, body: late.json() }).toMatchObject({
        status: 409,
        body: { code: 'checkout_closed', details: { session_id: first.json().session_id } },
      });
    }
    const gems = await gemsBalance(s.t.db.em(), agent.account_id);
    expect(gems).toBeGreaterThan(before);
    expect((await s.t.db.em().findOneOrFail(Domain, { name })).expiryDate.toISOString()).toBe(expiry.toISOString());
    expect(await s.t.db.em().count(DomainOrder, { domainName: name })).toBe(0);
  });

  it('a receipt is single-use across registrations and renewals', async () => {
    const name = await fresh();
    const first = await renew({ domain: name, years: 1 });
    const paid = await s.pay(first, 1);
    expect((await renew({ domain: name, years: 1 }, { authorization: paid.credential })).statusCode).toBe(200);
    // Another renewal checkout (another name) presented the same payment: refused, nothing extended.
    const other = await fresh();
    const second = await renew({ domain: other, years: 1 });
    expect(second.statusCode).toBe(402);
    const reused = await renew({ domain: other, years: 1, receipt: paid.txHash });
    expect([402, 409]).toContain(reused.statusCode);
    expect((await s.t.db.em().findOneOrFail(Domain, { name: other })).expiryDate.toISOString()).toBe(
      expiry.toISOString(),
    );

    // A registration's payment does not renew anything either.
    const label = randomLabel('rr');
    const regPaid = await s.pay(await registerDomain(s.t.app, label), 2);
    expect((await registerDomain(s.t.app, label, { body: { receipt: regPaid.credential } })).statusCode).toBe(200);
    const third = await fresh();
    expect((await renew({ domain: third, years: 1 })).statusCode).toBe(402);
    const crossed = await renew({ domain: third, years: 1, receipt: regPaid.txHash });
    expect(crossed.json().code).toMatch(/receipt_already_used|invalid_receipt/);
    expect((await s.t.db.em().findOneOrFail(Domain, { name: third })).expiryDate.toISOString()).toBe(
      expiry.toISOString(),
    );
  });

  it('the owner renews with gems at once; others may not use gems', async () => {
    const p = await provision(s.t.app);
    const owner = await s.t.db.em().findOneOrFail(Account, { id: p.account_id });
    const name = await fresh(owner);
    await grantGems(s.t.db.em(), { accountId: p.account_id, amount: 5000, reference: `grant:${randomLabel()}` });
    const ok = await renew({ domain: name, years: 1, payment_method: 'gems' }, { 'x-api-key': p.api_key });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().order).toMatchObject({ payment_method: 'gems', amount_gems: 1500, currency: 'gems' });
    expect(await gemsBalance(s.t.db.em(), p.account_id)).toBe(3500);

    const stranger = await provision(s.t.app);
    const refused = await renew({ domain: name, years: 1, payment_method: 'gems' }, { 'x-api-key': stranger.api_key });
    expect(refused.statusCode).toBe(403);
    expect((await renew({ domain: name, years: 1, payment_method: 'gems' })).statusCode).toBe(401);
  });

  it('never reaches more than 10 years ahead, and says how many years are allowed', async () => {
    const p = await provision(s.t.app);
    const owner = await s.t.db.em().findOneOrFail(Account, { id: p.account_id });
    const label = randomLabel('far');
    await createDomain(s.t.db.orm, {
      label,
      namespace: 'agent',
      owner,
      expiryDate: new Date(Date.now() + 8.5 * YEAR_MS),
    });
    const res = await renew({ domain: `${label}.agent`, years: 2 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'term_too_long', details: { max_years: 1 } });
    expect(await s.t.db.em().count(DomainOrder, { domainName: `${label}.agent` })).toBe(0);
  });

  it('bad input is a 4xx that changes nothing', async () => {
    const name = await fresh();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ domain: name, years: 0 }, 400, 'validation_failed'],
      [{ domain: name, years: 11 }, 400, 'validation_failed'],
      [{ domain: 'nobody-here.agent', years: 1 }, 404, 'domain_not_found'],
      [{ domain: 'scout', years: 1 }, 400, 'invalid_name'],
      [{ domain: name, years: 1, receipt: `0x${'ab'.repeat(32)}` }, 409, 'no_checkout'],
    ];
    for (const [payload, status, code] of cases) {
      const res = await renew(payload);
      expect([res.statusCode, res.json().code]).toEqual([status, code]);
    }
    expect(await s.t.db.em().count(DomainOrder, { domainName: name })).toBe(0);
  });

  it('the owner turns auto-renew on with a price cap, and off; nobody else can', async () => {
    const p = await provision(s.t.app);
    const owner = await s.t.db.em().findOneOrFail(Account, { id: p.account_id });
    const name = await fresh(owner);
    const put = (payload: Record<string, unknown>, key = p.api_key) =>
      s.t.app.inject({
        method: 'PUT',
        url: `/api/v1/domains/${name}/auto-renew`,
        payload,
        headers: { 'x-api-key': key },
      });
    const on = await put({ enabled: true, max_gems: 2000 });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ status: 'success', domain: name, auto_renew: { enabled: true, max_gems: 2000 } });
    expect((await s.t.db.em().findOneOrFail(Domain, { name })).autoRenewMaxGems).toBe(2000);

    expect((await put({ enabled: true })).json()).toMatchObject({ code: 'validation_failed' });
    const stranger = await provision(s.t.app);
    expect((await put({ enabled: false }, stranger.api_key)).statusCode).toBe(403);
    expect((await s.t.db.em().findOneOrFail(Domain, { name })).autoRenewMaxGems).toBe(2000);

    expect((await put({ enabled: false })).json().auto_renew).toEqual({ enabled: false, max_gems: null });
    expect((await s.t.db.em().findOneOrFail(Domain, { name })).autoRenewMaxGems).toBeNull();
  });

  it('in grace only the owner renews, and renewing restores active', async () => {
    const p = await provision(s.t.app);
    const owner = await s.t.db.em().findOneOrFail(Account, { id: p.account_id });
    const label = randomLabel('gr');
    const name = `${label}.agent`;
    const lapsed = new Date(Date.now() - 10 * 24 * 3600 * 1000);
    const d = await createDomain(s.t.db.orm, { label, namespace: 'agent', owner, expiryDate: lapsed });
    await s.t.db.em().nativeUpdate(Domain, { id: d.id }, { status: 'grace' });

    const stranger = await renew({ domain: name, years: 1 });
    expect([stranger.statusCode, stranger.json().code]).toEqual([403, 'forbidden']);
    await grantGems(s.t.db.em(), { accountId: p.account_id, amount: 1500, reference: `grant:${randomLabel()}` });
    const ok = await renew({ domain: name, years: 1, payment_method: 'gems' }, { 'x-api-key': p.api_key });
    expect(ok.statusCode).toBe(200);
    const after = await s.t.db.em().findOneOrFail(Domain, { id: d.id });
    expect(after.status).toBe('active');
    expect(after.expiryDate.getTime()).toBe(lapsed.getTime() + YEAR_MS);

    // An expired name is gone: 404, for the owner too.
    await s.t.db.em().nativeUpdate(Domain, { id: d.id }, { status: 'expired' });
    const gone = await renew({ domain: name, years: 1, payment_method: 'gems' }, { 'x-api-key': p.api_key });
    expect([gone.statusCode, gone.json().code]).toEqual([404, 'domain_not_found']);
  });
});
