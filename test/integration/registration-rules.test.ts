import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Domain, DomainOrder } from '../../src/db/entities/index.ts';
import * as ops from '../../src/ops/commands.ts';
import { gemsBalance, grantGems } from '../../src/ledger/gems.ts';
import { createCoupon } from '../../src/ledger/coupons.ts';
import { startRegistryStack, type RegistryStack } from '../helpers/registry-stack.ts';
import { humanWithSession, provision } from '../helpers/identities.ts';
import { registerDomain } from '../helpers/app.ts';
import { createDomain, randomLabel } from '../helpers/fixtures.ts';
import { eventually, hostedCheckoutCallback, startHostedCheckout } from '../helpers/hosted-checkout.ts';

describe('registration rules, rails and locks', () => {
  let s: RegistryStack;
  beforeAll(async () => {
    s = await startRegistryStack({ WHOLESALE_PERCENT_OFF: '20' });
  });
  afterAll(() => s?.stop());

  const domains = () => s.t.db.em().count(Domain);

  it.each([
    [
      'agreed_to_terms false',
      { domain: 'a1', namespace: 'agent', years: 1, agreed_to_terms: false },
      400,
      'validation_failed',
    ],
    ['years 0', { domain: 'a1', namespace: 'agent', years: 0, agreed_to_terms: true }, 400, 'validation_failed'],
    ['years 11', { domain: 'a1', namespace: 'agent', years: 11, agreed_to_terms: true }, 400, 'validation_failed'],
    [
      'unknown payment method',
      { domain: 'a1', namespace: 'agent', years: 1, agreed_to_terms: true, payment_method: 'paypal' },
      400,
      'validation_failed',
    ],
    [
      'bad target owner id',
      { domain: 'a1', namespace: 'agent', years: 1, agreed_to_terms: true, target_owner_id: 'x' },
      400,
      'validation_failed',
    ],
    ['invalid name', { domain: 'a_1', namespace: 'agent', years: 1, agreed_to_terms: true }, 400, 'invalid_name'],
    [
      'unknown namespace',
      { domain: 'a1', namespace: 'nope', years: 1, agreed_to_terms: true },
      400,
      'unknown_namespace',
    ],
    ['reserved name', { domain: 'admin', namespace: 'agent', years: 1, agreed_to_terms: true }, 403, 'name_reserved'],
    [
      'coming-soon namespace',
      { domain: 'a1', namespace: 'protocol', years: 1, agreed_to_terms: true },
      403,
      'namespace_not_open',
    ],
    [
      'hosted checkout on a native namespace',
      { domain: 'a1', namespace: 'agent', years: 1, agreed_to_terms: true, payment_method: 'gfavip_checkout' },
      400,
      'payment_method_not_available',
    ],
    [
      'the operator-gated base-mainnet route',
      { domain: 'a1', namespace: 'agent', years: 1, agreed_to_terms: true, mpp_network: 'base-mainnet' },
      403,
      'network_not_enabled',
    ],
    [
      'an unknown target owner',
      {
        domain: 'a1',
        namespace: 'agent',
        years: 1,
        agreed_to_terms: true,
        target_owner_id: '00000000-0000-4000-8000-000000000000',
      },
      400,
      'unknown_target_owner',
    ],
  ])('refuses %s with a clear 4xx and changes nothing', async (_c, payload, status, code) => {
    const p = await provision(s.t.app);
    const before = await domains();
    const res = await s.t.app.inject({
      method: 'POST',
      url: '/api/v1/domains/register',
      payload,
      headers: { 'x-api-key': p.api_key },
    });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ status: 'error', code });
    expect(await domains()).toBe(before);
  });

  it('accepts tld as a legacy alias and the full name in domain', async () => {
    const p = await provision(s.t.app);
    const a = await s.t.app.inject({
      method: 'POST',
      url: '/api/v1/domains/register',
      payload: { domain: `${randomLabel()}.agent`, years: 1, agreed_to_terms: true },
      headers: { 'x-api-key': p.api_key },
    });
    expect(a.statusCode).toBe(402);
    const b = await s.t.app.inject({
      method: 'POST',
      url: '/api/v1/domains/register',
      payload: { domain: randomLabel(), tld: 'boss', years: 1, agreed_to_terms: true },
      headers: { 'x-api-key': p.api_key },
    });
    expect(b.statusCode).toBe(402);
    expect(b.json().amount).toBe(20); // boss agent price 2000 gems
  });

  it('refuses a taken name, and a name another account is registering', async () => {
    const label = randomLabel('taken');
    await createDomain(s.t.db.orm, { label, namespace: 'agent' });
    const p = await provision(s.t.app);
    expect((await registerDomain(s.t.app, label, { headers: { 'x-api-key': p.api_key } })).json().code).toBe(
      'name_taken',
    );
    const other = randomLabel('busy');
    expect((await registerDomain(s.t.app, other, { headers: { 'x-api-key': p.api_key } })).statusCode).toBe(402);
    const q = await provision(s.t.app);
    const res = await registerDomain(s.t.app, other, { headers: { 'x-api-key': q.api_key } });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('name_being_registered');
  });

  it('sunrise: 403 unless the account is whitelisted', async () => {
    const p = await provision(s.t.app);
    const label = randomLabel('sun');
    const res = await registerDomain(s.t.app, label, {
      headers: { 'x-api-key': p.api_key },
      body: { namespace: 'factory' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('not_whitelisted');
    await ops.setWhitelisted(s.t.db.em(), 'factory', p.account_id, true);
    expect(
      (await registerDomain(s.t.app, label, { headers: { 'x-api-key': p.api_key }, body: { namespace: 'factory' } }))
        .statusCode,
    ).toBe(402);
  });

  it('human and agent prices differ; the price is the annual price times years', async () => {
    const agent = await provision(s.t.app);
    const human = await humanWithSession(s.t.app, s.t.db.orm, randomLabel('h'));
    const a = await registerDomain(s.t.app, randomLabel(), {
      headers: { 'x-api-key': agent.api_key },
      body: { years: 3 },
    });
    const key = await s.t.app.inject({
      method: 'POST',
      url: '/api/v1/keys',
      payload: { key_class: 'live' },
      headers: { cookie: human.cookie },
    });
    const hk = await registerDomain(s.t.app, randomLabel(), {
      headers: { 'x-api-key': key.json().api_key },
      body: { years: 3 },
    });
    expect(a.json().amount_minor).toBe('45000000'); // 1500 × 3 gems at 0.01
    expect(hk.json().amount_minor).toBe('60000000'); // 2000 × 3
  });

  it('gems: only when asked for, deducted instantly; insufficient balance deducts nothing', async () => {
    const p = await provision(s.t.app);
    const poor = await registerDomain(s.t.app, randomLabel('g'), {
      headers: { 'x-api-key': p.api_key },
      method: 'gems',
    });
    expect(poor.statusCode).toBe(402);
    expect(poor.json()).toMatchObject({ status: 'error', code: 'insufficient_gems' });
    expect(await gemsBalance(s.t.db.em(), p.account_id)).toBe(0);
    await grantGems(s.t.db.em(), { accountId: p.account_id, amount: 2000, reference: `grant:${randomLabel()}` });
    const label = randomLabel('g');
    const ok = await registerDomain(s.t.app, label, { headers: { 'x-api-key': p.api_key }, method: 'gems' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      domain: { name: `${label}.agent` },
      order: { payment_method: 'gems', amount_gems: 1500, currency: 'gems' },
    });
    expect(await gemsBalance(s.t.db.em(), p.account_id)).toBe(500);
    expect(await s.t.db.em().count(DomainOrder, { domainName: `${label}.agent` })).toBe(1);
  });

  it('a 100% coupon registers at once without payment, within its usage limit', async () => {
    const code = `FREE-${randomLabel().toUpperCase()}`;
    await createCoupon(s.t.db.em(), { code, percentOff: 100, maxUses: 1 });
    const p = await provision(s.t.app);
    const label = randomLabel('c');
    const ok = await registerDomain(s.t.app, label, {
      headers: { 'x-api-key': p.api_key },
      body: { coupon_code: code },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().order).toMatchObject({ payment_method: 'free', amount_gems: 0 });
    const used = await registerDomain(s.t.app, randomLabel('c'), {
      headers: { 'x-api-key': p.api_key },
      body: { coupon_code: code },
    });
    expect(used.statusCode).toBe(400);
    expect(used.json().code).toBe('coupon_invalid');
  });

  it('operators register free (owner discount); target_owner_id gives the domain to another account', async () => {
    const op = await provision(s.t.app);
    await ops.setOperator(s.t.db.em(), op.account_id, true);
    const customer = await provision(s.t.app);
    const label = randomLabel('gift');
    const res = await registerDomain(s.t.app, label, {
      headers: { 'x-api-key': op.api_key },
      body: { target_owner_id: customer.account_id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().domain.owner_id).toBe(customer.account_id);
    expect(res.json().order.payment_method).toBe('free');
  });

  it('reseller_channel: wholesale for an approved reseller, ignored with a warning otherwise', async () => {
    const r = await provision(s.t.app);
    const plain = await registerDomain(s.t.app, randomLabel('w'), {
      headers: { 'x-api-key': r.api_key },
      body: { reseller_channel: 'acme' },
    });
    expect(plain.json()).toMatchObject({ amount_minor: '15000000', warnings: [expect.stringMatching(/ignored/)] });
    await ops.setReseller(s.t.db.em(), r.account_id, true);
    const wholesale = await registerDomain(s.t.app, randomLabel('w'), {
      headers: { 'x-api-key': r.api_key },
      body: { reseller_channel: 'acme' },
    });
    expect(wholesale.json()).toMatchObject({ amount_minor: '12000000', warnings: [] });
  });

  it('reset-lock: 404 without a lock, 403 for others, frees the name for its starter', async () => {
    const p = await provision(s.t.app);
    const q = await provision(s.t.app);
    const label = randomLabel('lock');
    const reset = (key: string) =>
      s.t.app.inject({
        method: 'POST',
        url: `/api/v1/domains/${label}.agent/reset-lock`,
        headers: { 'x-api-key': key },
      });
    expect((await reset(p.api_key)).statusCode).toBe(404);
    expect((await registerDomain(s.t.app, label, { headers: { 'x-api-key': p.api_key } })).statusCode).toBe(402);
    const status = await s.t.app.inject({
      method: 'GET',
      url: `/api/v1/domains/${label}.agent/registration`,
      headers: { 'x-api-key': p.api_key },
    });
    expect(status.json()).toMatchObject({ stage: 'awaiting_payment', workflow_id: `registration:${label}.agent` });
    const stranger = await reset(q.api_key);
    expect(stranger.statusCode).toBe(403);
    const ok = await reset(p.api_key);
    expect(ok.statusCode).toBe(200);
    expect((await registerDomain(s.t.app, label, { headers: { 'x-api-key': q.api_key } })).statusCode).toBe(402);
  });

  it('reset-lock never frees a name whose payment has landed', async () => {
    const p = await provision(s.t.app);
    const label = randomLabel('landed');
    const first = await registerDomain(s.t.app, label, { headers: { 'x-api-key': p.api_key } });
    await s.pay(first);
    const reset = await s.t.app.inject({
      method: 'POST',
      url: `/api/v1/domains/${label}.agent/reset-lock`,
      headers: { 'x-api-key': p.api_key },
    });
    expect(reset.statusCode).toBe(409);
    expect(reset.json().code).toBe('payment_landed');
    await eventually(async () => (await s.t.db.em().count(Domain, { name: `${label}.agent` })) > 0);
    expect(await s.t.db.em().count(Domain, { name: `${label}.agent` })).toBe(1);
  });

  it('verify-mpp registers with a valid receipt and refuses others', async () => {
    const p = await provision(s.t.app);
    const label = randomLabel('v');
    const first = await registerDomain(s.t.app, label, { headers: { 'x-api-key': p.api_key } });
    const required = first.json();
    const bad = await s.t.app.inject({
      method: 'POST',
      url: '/api/payments/verify-mpp',
      payload: {
        session_id: required.session_id,
        receipt: 'not-a-payment-credential',
        domain: label,
        namespace: 'agent',
        years: 1,
      },
    });
    expect([400, 402]).toContain(bad.statusCode);
    const paid = await s.pay(first, 1);
    const ok = await s.t.app.inject({
      method: 'POST',
      url: '/api/payments/verify-mpp',
      payload: {
        session_id: required.session_id,
        receipt: paid.credential,
        domain: label,
        namespace: 'agent',
        years: 1,
      },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().domain.name).toBe(`${label}.agent`);
    const wrongSession = await s.t.app.inject({
      method: 'POST',
      url: '/api/payments/verify-mpp',
      payload: { session_id: 'nope', receipt: paid.credential, domain: label, namespace: 'agent', years: 1 },
    });
    expect(wrongSession.statusCode).toBe(402);
  });

  it('hosted checkout on a partner namespace stays pending until the signed callback reports it paid', async () => {
    const { label, res } = await startHostedCheckout(s.t.app, s.t.db.orm, 'hc');
    expect(res.statusCode).toBe(202);
    const { order_id, checkout_url } = res.json();
    expect(checkout_url).toContain(order_id);
    expect(await s.t.db.em().count(Domain, { name: `${label}.bpo` })).toBe(0);
    const callback = (secret: string) =>
      hostedCheckoutCallback(s.t.app, { order_id, domain: `${label}.bpo`, reference: 'chk_123' }, secret);
    expect((await callback('wrong-secret-0123456789')).statusCode).toBe(401);
    expect((await callback('dev-gfavip-webhook-secret')).statusCode).toBe(200);
    await eventually(async () => (await s.t.db.em().count(Domain, { name: `${label}.bpo` })) > 0);
    const order = await s.t.db.em().findOneOrFail(DomainOrder, { domainName: `${label}.bpo` });
    expect(order).toMatchObject({ paymentMethod: 'gfavip_checkout', paymentReference: 'gfavip:chk_123' });
  });

  it('the registration shows in the activity ledger and the owner list', async () => {
    const p = await provision(s.t.app);
    await grantGems(s.t.db.em(), {
      accountId: p.account_id,
      amount: 5000,
      reference: `grant:${randomLabel()}`,
    });
    const label = randomLabel('act');
    expect(
      (await registerDomain(s.t.app, label, { headers: { 'x-api-key': p.api_key }, method: 'gems' })).statusCode,
    ).toBe(200);
    const act = await s.t.app.inject({
      method: 'GET',
      url: '/api/v1/domains/activity',
      headers: { 'x-api-key': p.api_key },
    });
    expect(act.json().data[0]).toMatchObject({
      kind: 'registration',
      domain: `${label}.agent`,
      payment_method: 'gems',
      amount_gems: 1500,
    });
  });
});
