import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Challenge, Credential } from 'mppx';
import { WorkflowNotFoundError } from '@temporalio/client';
import { CheckoutSession, Domain, DomainOrder, OutboxEvent, PaymentReceipt } from '../../src/db/entities/index.ts';
import { gemsBalance, grantGems } from '../../src/ledger/gems.ts';
import { buildTempoChallenge } from '../../src/payments/tempo-method.ts';
import { startRegistryStack, type RegistryStack } from '../helpers/registry-stack.ts';
import { provision } from '../helpers/identities.ts';
import { registerDomain } from '../helpers/app.ts';
import { createDomain, randomLabel } from '../helpers/fixtures.ts';
import { eventually, hostedCheckoutCallback, startHostedCheckout } from '../helpers/hosted-checkout.ts';

// Issue 7: what an attacker and a new user found in the registration path, each against the real
// stack (PostgreSQL, Temporal, anvil with the token, the production activities).
describe('registration hardening', () => {
  let s: RegistryStack;
  beforeAll(async () => {
    s = await startRegistryStack({ CHECKOUT_MAX_OPEN: '3' });
  });
  afterAll(() => s?.stop());

  const search = async (name: string) =>
    (await s.t.app.inject({ method: 'GET', url: `/api/v1/domains/search?q=${name}` })).json().results[0];
  const challengeOf = (res: { headers: Record<string, unknown> }) =>
    Challenge.deserialize(res.headers['www-authenticate'] as string);

  async function registerAndPay(key: string | null, payer: number) {
    const label = randomLabel('pay');
    const headers: Record<string, string> = key ? { 'x-api-key': key } : {};
    const first = await registerDomain(s.t.app, label, { headers });
    expect(first.statusCode).toBe(402);
    const paid = await s.pay(first, payer);
    return { label, headers, first, paid };
  }

  describe('unpaid checkouts (item 2)', () => {
    it('an anonymous address holds at most CHECKOUT_MAX_OPEN names; another address is not affected', async () => {
      const labels = Array.from({ length: 4 }, () => randomLabel('cap'));
      const answers = [];
      for (const l of labels) answers.push(await registerDomain(s.t.app, l, { remoteAddress: '10.9.8.7' }));
      expect(answers.map((a) => a.statusCode)).toEqual([402, 402, 402, 429]);
      const refused = answers[3]!;
      expect(refused.json()).toMatchObject({ status: 'error', code: 'too_many_open_checkouts', details: { limit: 3 } });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Nothing was started for the refused name: no row, no workflow.
      expect(await s.t.db.em().count(CheckoutSession, { name: `${labels[3]}.agent` })).toBe(0);
      await expect(
        s.t.temporal.client.workflow.getHandle(`registration:${labels[3]}.agent`).describe(),
      ).rejects.toBeInstanceOf(WorkflowNotFoundError);
      expect((await registerDomain(s.t.app, labels[3]!, { remoteAddress: '10.9.8.8' })).statusCode).toBe(402);
    });

    it('an account holds at most CHECKOUT_MAX_OPEN names, however fast it asks', async () => {
      const p = await provision(s.t.app);
      const answers = await Promise.all(
        Array.from({ length: 8 }, () =>
          registerDomain(s.t.app, randomLabel('race'), { headers: { 'x-api-key': p.api_key } }),
        ),
      );
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes).toEqual([402, 402, 402, 429, 429, 429, 429, 429]);
      expect(await s.t.db.em().count(CheckoutSession, { holder: `account:${p.account_id}`, outcome: null })).toBe(3);
    });

    it('search tells the truth about a name under checkout, and only while the checkout is open', async () => {
      const p = await provision(s.t.app);
      const label = randomLabel('held');
      expect(await search(`${label}.agent`)).toMatchObject({ available: true, reason: 'available' });
      const first = await registerDomain(s.t.app, label, { headers: { 'x-api-key': p.api_key } });
      expect(first.statusCode).toBe(402);
      expect(await search(`${label}.agent`)).toMatchObject({ available: false, reason: 'being_registered' });
      const row = await s.t.db.em().findOneOrFail(CheckoutSession, { sessionId: first.json().session_id });
      // The hold ends with the challenge (plus the settle window), never later.
      expect(row.expiresAt.getTime()).toBe(new Date(first.json().expires_at).getTime() + 60_000);
      // A row left behind past its end no longer holds the name.
      await s.t.db
        .em()
        .nativeUpdate(CheckoutSession, { sessionId: row.sessionId }, { expiresAt: new Date(Date.now() - 1000) });
      expect(await search(`${label}.agent`)).toMatchObject({ available: true });
      await s.t.db.em().nativeUpdate(CheckoutSession, { sessionId: row.sessionId }, { expiresAt: row.expiresAt });
      // Reset: the checkout closes as cancelled and the name is free again.
      const reset = await s.t.app.inject({
        method: 'POST',
        url: `/api/v1/domains/${label}.agent/reset-lock`,
        headers: { 'x-api-key': p.api_key },
      });
      expect(reset.statusCode).toBe(200);
      expect(await search(`${label}.agent`)).toMatchObject({ available: true, reason: 'available' });
      expect(await s.t.db.em().findOneOrFail(CheckoutSession, { sessionId: row.sessionId })).toMatchObject({
        outcome: 'cancelled',
      });
    });

    it('another anonymous address cannot join (and pay into) someone else’s open checkout', async () => {
      const label = randomLabel('join');
      expect((await registerDomain(s.t.app, label, { remoteAddress: '10.1.1.1' })).statusCode).toBe(402);
      const other = await registerDomain(s.t.app, label, { remoteAddress: '10.1.1.2' });
      expect(other.statusCode).toBe(409);
      expect(other.json().code).toBe('name_being_registered');
      expect((await registerDomain(s.t.app, label, { remoteAddress: '10.1.1.1' })).statusCode).toBe(402);
    });
  });

  describe('receipts (items 3, 6, 7)', () => {
    it('accepts the bare transaction hash in Authorization: Payment, as in the body', async () => {
      const p = await provision(s.t.app);
      const { label, paid } = await registerAndPay(p.api_key, 0);
      const ok = await registerDomain(s.t.app, label, {
        headers: { 'x-api-key': p.api_key, authorization: `Payment ${paid.txHash}` },
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().domain.name).toBe(`${label}.agent`);
    });

    it('refuses a credential that echoes another checkout’s challenge, or one this server never issued', async () => {
      const p = await provision(s.t.app);
      const a = await registerAndPay(p.api_key, 1);
      const labelB = randomLabel('b');
      const b = await registerDomain(s.t.app, labelB, { headers: { 'x-api-key': p.api_key } });
      expect(b.statusCode).toBe(402);
      const wrong = await registerDomain(s.t.app, labelB, {
        headers: { 'x-api-key': p.api_key, authorization: a.paid.credential },
      });
      expect(wrong.statusCode).toBe(402);
      expect(wrong.json()).toMatchObject({ code: 'invalid_receipt', details: { reason: 'wrong_session' } });

      // B paid for real, but the credential wraps a challenge minted with another secret.
      const challengeB = challengeOf(b);
      const paidB = await s.pay(b, 1);
      const req = challengeB.request as {
        amount: string;
        currency: string;
        recipient: string;
        methodDetails: { chainId: number; decimals: number; memo: string };
      };
      const forged = Challenge.deserialize(
        buildTempoChallenge({
          sessionId: b.json().session_id,
          realm: challengeB.realm,
          amountMinor: BigInt(req.amount),
          currency: req.currency,
          payTo: req.recipient,
          chainId: req.methodDetails.chainId,
          expiresAt: new Date(challengeB.expires as string),
          description: 'forged',
          secret: 'some-other-secret-0123456789abcdef0123456789',
        }).header,
      );
      const foreign = await registerDomain(s.t.app, labelB, {
        headers: {
          'x-api-key': p.api_key,
          authorization: Credential.serialize({ challenge: forged, payload: { type: 'hash', hash: paidB.txHash } }),
        },
      });
      expect(foreign.statusCode).toBe(402);
      expect(foreign.json()).toMatchObject({ code: 'invalid_receipt', details: { reason: 'not_issued_here' } });
      // The payment itself is good: the credential with our own challenge registers the name.
      expect(
        (
          await registerDomain(s.t.app, labelB, {
            headers: { 'x-api-key': p.api_key, authorization: paidB.credential },
          })
        ).statusCode,
      ).toBe(200);
    });

    it('a completed registration’s receipt answers only its actor or the holder of its challenge', async () => {
      const p = await provision(s.t.app);
      const { label, paid } = await registerAndPay(p.api_key, 2);
      const done = await registerDomain(s.t.app, label, {
        headers: { 'x-api-key': p.api_key },
        body: { receipt: paid.txHash },
      });
      expect(done.statusCode).toBe(200);

      const stranger = await provision(s.t.app);
      for (const [headers, receipt] of [
        [{ 'x-api-key': stranger.api_key }, paid.txHash],
        [{}, paid.txHash],
        [{ authorization: `Payment ${paid.txHash}` }, undefined],
      ] as const) {
        const res = await registerDomain(s.t.app, label, { headers, body: receipt ? { receipt } : {} });
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual({ status: 'error', code: 'name_taken', message: expect.any(String) });
        expect(res.body).not.toContain(done.json().domain.owner_id);
        expect(res.body).not.toContain(done.json().session_id);
      }
      // Its own actor gets the same registration again; so does whoever holds the credential with the challenge.
      const again = await registerDomain(s.t.app, label, {
        headers: { 'x-api-key': p.api_key },
        body: { receipt: paid.txHash },
      });
      expect(again.json()).toMatchObject({
        session_id: done.json().session_id,
        order: { order_id: done.json().order.order_id },
      });
      const holder = await registerDomain(s.t.app, label, { headers: { authorization: paid.credential } });
      expect(holder.statusCode).toBe(200);
      expect(holder.json().order.order_id).toBe(done.json().order.order_id);
    });

    it('concurrent paid retries by the paying key all get the same 200, and one domain, one order', async () => {
      const p = await provision(s.t.app);
      const { label, paid } = await registerAndPay(p.api_key, 0);
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          registerDomain(s.t.app, label, {
            headers: { 'x-api-key': p.api_key, ...(i % 2 ? {} : { authorization: paid.credential }) },
            body: i % 2 ? { receipt: paid.txHash } : {},
          }),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200));
      expect(new Set(answers.map((a) => a.json().order.order_id)).size).toBe(1);
      expect(await s.t.db.em().count(Domain, { name: `${label}.agent` })).toBe(1);
      expect(await s.t.db.em().count(DomainOrder, { domainName: `${label}.agent` })).toBe(1);
      expect(await s.t.db.em().count(PaymentReceipt, { txHash: paid.txHash.toLowerCase() })).toBe(1);
    });
  });

  describe('refused before any work starts (item 15)', () => {
    it('gems without the balance are refused before a workflow starts; with it the run ends Completed', async () => {
      const p = await provision(s.t.app);
      const label = randomLabel('poor');
      const poor = await registerDomain(s.t.app, label, { headers: { 'x-api-key': p.api_key }, method: 'gems' });
      expect(poor.statusCode).toBe(402);
      expect(poor.json()).toMatchObject({ code: 'insufficient_gems', details: { balance: 0, price: 1500 } });
      const handle = s.t.temporal.client.workflow.getHandle(`registration:${label}.agent`);
      await expect(handle.describe()).rejects.toBeInstanceOf(WorkflowNotFoundError);

      await grantGems(s.t.db.em(), { accountId: p.account_id, amount: 1500, reference: `grant:${randomLabel()}` });
      expect(
        (await registerDomain(s.t.app, label, { headers: { 'x-api-key': p.api_key }, method: 'gems' })).statusCode,
      ).toBe(200);
      expect((await handle.describe()).status.name).toBe('COMPLETED');
    });

    it('an expired or reset checkout ends Completed with its outcome, searchable by stage', async () => {
      const p = await provision(s.t.app);
      const label = randomLabel('rst');
      expect((await registerDomain(s.t.app, label, { headers: { 'x-api-key': p.api_key } })).statusCode).toBe(402);
      await s.t.app.inject({
        method: 'POST',
        url: `/api/v1/domains/${label}.agent/reset-lock`,
        headers: { 'x-api-key': p.api_key },
      });
      const handle = s.t.temporal.client.workflow.getHandle(`registration:${label}.agent`);
      const d = await handle.describe();
      expect(d.status.name).toBe('COMPLETED');
      expect(d.searchAttributes.RegistryStage).toEqual(['cancelled']);
      expect(await handle.result()).toEqual({ outcome: 'cancelled' });
    });
  });

  // Issue 8 (compensation): money that arrived for a registration that can no longer happen is
  // recorded and credited back, never kept in silence.
  describe('a payment refused at activation', () => {
    it('is credited to the payer’s gems balance when the name was taken meanwhile, and its receipt is spent', async () => {
      const p = await provision(s.t.app);
      const { label, paid } = await registerAndPay(p.api_key, 1);
      await createDomain(s.t.db.orm, { label, namespace: 'agent' }); // an operator registered it meanwhile
      const refused = await registerDomain(s.t.app, label, {
        headers: { 'x-api-key': p.api_key },
        body: { receipt: paid.txHash },
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'name_taken',
        details: { credited: { account_id: p.account_id, gems: 1500 } },
      });
      expect(await gemsBalance(s.t.db.em(), p.account_id)).toBe(1500);
      expect(await s.t.db.em().count(PaymentReceipt, { txHash: paid.txHash.toLowerCase() })).toBe(1);
      expect(
        await s.t.db.em().count(OutboxEvent, { eventType: 'payment.credited', payload: { domain: `${label}.agent` } }),
      ).toBe(1);
      expect(await s.t.db.em().findOneOrFail(CheckoutSession, { name: `${label}.agent` })).toMatchObject({
        outcome: 'refused',
      });
      // The spent receipt registers nothing else and credits nothing twice.
      const other = randomLabel('reuse');
      expect((await registerDomain(s.t.app, other, { headers: { 'x-api-key': p.api_key } })).statusCode).toBe(402);
      const reused = await registerDomain(s.t.app, other, {
        headers: { 'x-api-key': p.api_key },
        body: { receipt: paid.txHash },
      });
      expect([402, 409]).toContain(reused.statusCode);
      expect(await gemsBalance(s.t.db.em(), p.account_id)).toBe(1500);
      expect(await s.t.db.em().count(Domain, { name: `${other}.agent` })).toBe(0);
    });

    it('credits a paid hosted checkout the same way', async () => {
      const { human, label, res } = await startHostedCheckout(s.t.app, s.t.db.orm, 'refund');
      expect(res.statusCode).toBe(202);
      await createDomain(s.t.db.orm, { label, namespace: 'bpo' });
      await hostedCheckoutCallback(
        s.t.app,
        { order_id: res.json().order_id, domain: `${label}.bpo`, reference: 'chk_refund' },
        s.t.config.GFAVIP_WEBHOOK_SECRET,
      );
      await eventually(async () => (await gemsBalance(s.t.db.em(), human.accountId)) > 0);
      // What the person paid: the human price of one year in .bpo.
      const paid = s.t.app.deps.namespaces.all.find((n) => n.namespace === 'bpo')?.price_per_year.human;
      expect(await gemsBalance(s.t.db.em(), human.accountId)).toBe(paid);
    });
  });

  describe('partner namespaces (item 14)', () => {
    it('agents use mpp there: gems and the hosted checkout are refused to them', async () => {
      const p = await provision(s.t.app);
      await grantGems(s.t.db.em(), { accountId: p.account_id, amount: 100_000, reference: `grant:${randomLabel()}` });
      for (const payment_method of ['gems', 'gfavip_checkout']) {
        const res = await registerDomain(s.t.app, randomLabel('bpo'), {
          headers: { 'x-api-key': p.api_key },
          method: payment_method,
          body: { namespace: 'bpo' },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe('payment_method_not_available');
      }
      expect(
        (
          await registerDomain(s.t.app, randomLabel('bpo'), {
            headers: { 'x-api-key': p.api_key },
            body: { namespace: 'bpo' },
          })
        ).statusCode,
      ).toBe(402);
    });

    it('a person’s hosted checkout has the status URL the capability record names, visible to its buyer only', async () => {
      const { human, label, res } = await startHostedCheckout(s.t.app, s.t.db.orm, 'buyer');
      expect(res.statusCode).toBe(202);
      const { order_id, status_url } = res.json();
      const record = (await s.t.app.inject({ method: 'GET', url: '/api/v1/namespaces/bpo' })).json().capability;
      expect(status_url).toBe(record.urls.status.replace('{order_id}', order_id));
      const path = new URL(status_url).pathname;
      const status = (headers: Record<string, string>) => s.t.app.inject({ method: 'GET', url: path, headers });
      expect((await status({ cookie: human.cookie })).json()).toMatchObject({
        order_id,
        domain: `${label}.bpo`,
        state: 'awaiting_payment',
        registration: null,
      });
      const other = await provision(s.t.app);
      expect((await status({ 'x-api-key': other.api_key })).statusCode).toBe(404);
      expect((await status({})).statusCode).toBe(401);

      const cb = await hostedCheckoutCallback(
        s.t.app,
        { order_id, domain: `${label}.bpo`, reference: 'chk_9' },
        s.t.config.GFAVIP_WEBHOOK_SECRET,
      );
      expect(cb.statusCode).toBe(200);
      await eventually(async () => (await status({ cookie: human.cookie })).json().state === 'registered');
      expect((await status({ cookie: human.cookie })).json()).toMatchObject({
        state: 'registered',
        registration: { owner_id: human.accountId },
      });
    });
  });
});
