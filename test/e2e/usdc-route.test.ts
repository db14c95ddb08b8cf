import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { temporal } from '@temporalio/proto';
import { createPublicClient, http, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { setIntervalMining } from '../../src/infra/anvil.ts';
import {
  checkTerms,
  isComplete,
  openCheckout,
  PayerCheckError,
  payUsdcAndRegister,
  pollReceipt,
  provisionKey,
  quote,
  reconcile,
  registerStatus,
  settle,
  signAuthorization,
  type UsdcOffer,
  type UsdcQuote,
} from '../../examples/pay-usdc-and-register.ts';
import {
  CheckoutSession,
  DomainOrder,
  MandateSpend,
  PaymentReceipt,
  SpendMandate,
} from '../../src/db/entities/index.ts';
import { provision } from '../helpers/identities.ts';
import { registrationWorkflowId } from '../../workflows/registration-messages.ts';
import { settlementWorkflowId } from '../../workflows/settlement-messages.ts';
import { randomLabel, registrationCounts } from '../helpers/fixtures.ts';
import { eventually } from '../helpers/hosted-checkout.ts';
import { startRegistryStack, type RegistryStack } from '../helpers/registry-stack.ts';
import { startUsdcRoute, usdcBalance, usdcTransfersToUs, type UsdcRoute } from '../helpers/usdc-route.ts';

const { EventType } = temporal.api.enums.v1;

// The USDC route end to end (spec 4.2, 4.6): the registry's API and worker, the checkout relay as its
// own process, Circle's FiatToken V2.2 on an anvil with Base's chain id, paid by the example payer
// script (examples/pay-usdc-and-register.ts), which checks every term and signs locally.
describe('the USDC route on Base through the checkout relay', () => {
  let route: UsdcRoute;
  let s: RegistryStack;
  const PRICE = 15_000_000n; // .agent: 1,500 gems at 0.01 USD

  beforeAll(async () => {
    route = await startUsdcRoute();
    // This file's relay sends no notices (but for the one test that turns them on): the fallback looks at
    // the rhythm docs/configuration.md gives for such a relay.
    s = await startRegistryStack({
      ...route.registryEnv,
      CHECKOUT_TTL_SECONDS: '30',
      RELAY_LOOK_FIRST_SECONDS: '2',
      RELAY_LOOK_MAX_SECONDS: '60',
    });
  });
  afterAll(async () => {
    await s?.stop();
    await route?.stop();
  });

  const chain = () => createPublicClient({ transport: http(route.base.rpcUrl) });
  const balanceOf = (who: Hex) => usdcBalance(route, who);
  /** Every USDC transfer to the receiver, on the whole chain. */
  const transfersToUs = () => usdcTransfersToUs(route);
  /** Quote and open a checkout for a fresh name as a fresh identity: what a payer holds before signing. */
  const opened = async (label = 'usdc') => {
    const name = `${randomLabel(label)}.agent`;
    const apiKey = await provisionKey(s.baseUrl);
    const q = (await quote(s.baseUrl, apiKey, name)).body as UsdcQuote;
    const res = await openCheckout(s.baseUrl, apiKey, name);
    expect(res.status).toBe(402);
    return { name, apiKey, quote: q, offer: res.body as UsdcOffer };
  };

  it('steps 1 to 9: quote, 402 with the flat challenge, settle once, reconcile, active; reconcile again changes nothing', async () => {
    const name = `${randomLabel('scout')}.agent`;
    const key = s.payerKeys[0] as Hex;
    const before = await balanceOf(route.payTo);
    const done = await payUsdcAndRegister({
      base: s.baseUrl,
      privateKey: key,
      name,
      maxAmountMinor: 20_000_000n,
      allowInsecureLocal: true,
    });
    expect(done.offer).toMatchObject({
      status: 'payment_required',
      domain: { name, namespace: 'agent', years: 1 },
      quote: { currency: 'USDC', amount: '15.00', amount_minor: '15000000', chain_id: 8453 },
      payment_challenges: {
        scheme: 'exact',
        network: 'eip155:8453',
        amount: '15000000',
        extra: { assetTransferMethod: 'eip3009', name: 'USD Coin', version: '2' },
      },
    });
    expect(done.offer).not.toHaveProperty('payment_challenge');
    expect(done.receipt.status).toBe('confirmed');
    expect(done.status).toMatchObject({
      order_status: 'paid',
      domain_status: 'active',
      state: 'registered',
      tx_hash: done.receipt.tx_hash,
      settlement: { status: 'confirmed', tx_hash: done.receipt.tx_hash },
      registration: { payment_reference: done.receipt.tx_hash },
    });
    expect(done.lookup).toMatchObject({ status: 'success', domain: { name } });
    expect((await balanceOf(route.payTo)) - before).toBe(PRICE);
    expect(await registrationCounts(s.t.db.orm, name)).toEqual({ domains: 1, orders: 1, events: 1 });
    const order = await s.t.db.orm.em.fork().findOneOrFail(DomainOrder, { domainName: name });
    expect(order).toMatchObject({ currency: 'USDC', amountMinor: PRICE, paymentReference: done.receipt.tx_hash });

    // Reconcile is idempotent: the same payment reference, and no second transfer, order or domain.
    const transfers = (await transfersToUs()).length;
    const again = await reconcile(s.baseUrl, done.apiKey, done.offer.session_id);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ registration: { payment_reference: done.receipt.tx_hash } });
    expect(isComplete(again.body)).toBe(true);
    expect((await transfersToUs()).length).toBe(transfers);
    expect(await registrationCounts(s.t.db.orm, name)).toEqual({ domains: 1, orders: 1, events: 1 });
    expect(
      await s.t.db.orm.em.fork().count(PaymentReceipt, { txHash: (done.receipt.tx_hash as string).toLowerCase() }),
    ).toBe(1);

    // Only the session's own identity sees it.
    const stranger = await provisionKey(s.baseUrl);
    expect((await registerStatus(s.baseUrl, stranger, done.offer.session_id)).status).toBe(404);
    expect((await reconcile(s.baseUrl, stranger, done.offer.session_id)).status).toBe(404);
    // Both runs end Completed with their business outcome.
    const client = s.t.temporal.client;
    expect((await client.workflow.getHandle(settlementWorkflowId(done.offer.session_id)).describe()).status.name).toBe(
      'COMPLETED',
    );
    expect((await client.workflow.getHandle(registrationWorkflowId(name)).describe()).status.name).toBe('COMPLETED');
  });

  /** A signed authorization for the offer, as the example payer makes it (payerKeys[i]). */
  const signFor = (offer: UsdcOffer, i = 0, challenge = offer.payment_challenges) =>
    signAuthorization({ privateKey: s.payerKeys[i] as Hex, challenge });
  const payerAddress = (i: number) => privateKeyToAccount(s.payerKeys[i] as Hex).address;
  const someoneElse = privateKeyToAccount(generatePrivateKey()).address;
  const state = (apiKey: string, sessionId: string) =>
    registerStatus(s.baseUrl, apiKey, sessionId).then((r) => r.body as Record<string, unknown>);

  it('tampered terms: the payer refuses to sign, the relay refuses what was altered, and nothing activates', async () => {
    const o = await opened('tamper');
    const c = o.offer.payment_challenges;
    const checks = (offer: UsdcOffer) => {
      try {
        checkTerms({
          quote: o.quote,
          offer,
          maxAmountMinor: 20_000_000n,
          allowInsecureLocal: true,
          expected: { asset: route.usdc, payTo: route.payTo },
        });
        return 'signed';
      } catch (err) {
        return err instanceof PayerCheckError ? err.check : String(err);
      }
    };
    const altered = (over: Partial<typeof c>) => ({ ...o.offer, payment_challenges: { ...c, ...over } });
    expect(checks(o.offer)).toBe('signed');
    expect(checks(altered({ amount: '15000001' }))).toBe('amount');
    expect(checks(altered({ payTo: someoneElse }))).toBe('pay_to');
    expect(checks(altered({ asset: someoneElse }))).toBe('asset');
    expect(checks(altered({ network: 'eip155:84532' }))).toBe('network');
    expect(checks({ ...o.offer, settle_url: o.offer.settle_url.replace('127.0.0.1', 'relay.example') })).toBe('https');
    expect(() =>
      checkTerms({ quote: o.quote, offer: o.offer, maxAmountMinor: 10_000_000n, allowInsecureLocal: true }),
    ).toThrow(PayerCheckError);

    // A payer that skipped its checks meets the relay's own.
    const good = await signFor(o.offer);
    const tamperedAccepted = await settle(o.offer, good, `k-${randomUUID()}`, { ...c, amount: '1' });
    expect(tamperedAccepted).toMatchObject({ status: 400, body: { code: 'challenge_mismatch' } });
    for (const over of [{ amount: '1' }, { payTo: someoneElse }, { asset: someoneElse }]) {
      const res = await settle(o.offer, await signFor(o.offer, 0, { ...c, ...over }), `k-${randomUUID()}`);
      expect(res.status).toBe(402);
    }
    expect(await state(o.apiKey, o.offer.session_id)).toMatchObject({
      order_status: 'pending',
      settlement: { status: 'awaiting_payment' },
      domain_id: null,
    });
    const rec = await reconcile(s.baseUrl, o.apiKey, o.offer.session_id);
    expect(rec).toMatchObject({ status: 409, body: { code: 'settlement_not_confirmed' } });
    expect(await registrationCounts(s.t.db.orm, o.name)).toEqual({ domains: 0, orders: 0, events: 0 });
  });

  it('a replayed authorization and a window over maxTimeoutSeconds are refused', async () => {
    const first = await opened('replay');
    const signed = await signFor(first.offer, 2);
    expect((await settle(first.offer, signed, `k-${randomUUID()}`)).status).toBe(200);
    expect((await pollReceipt(first.offer)).status).toBe('confirmed');

    const second = await opened('replay');
    // The same signed transfer, presented for another checkout: its nonce is spent on chain.
    const replayed = await settle(second.offer, signed, `k-${randomUUID()}`, second.offer.payment_challenges);
    expect(replayed.status).toBe(402);
    const c = second.offer.payment_challenges;
    const long = await signAuthorization({
      privateKey: s.payerKeys[2] as Hex,
      challenge: { ...c, maxTimeoutSeconds: c.maxTimeoutSeconds + 60 },
    });
    const tooLong = await settle(second.offer, long, `k-${randomUUID()}`);
    expect(tooLong).toMatchObject({ status: 402, body: { code: 'validity_window_too_long' } });
    expect(await state(second.apiKey, second.offer.session_id)).toMatchObject({ order_status: 'pending' });
    expect(await registrationCounts(s.t.db.orm, second.name)).toEqual({ domains: 0, orders: 0, events: 0 });
  });

  const resetLock = async (apiKey: string, name: string) => {
    const res = await fetch(`${s.baseUrl}/api/v1/domains/${name}/reset-lock`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey },
    });
    return { status: res.status, body: (await res.json()) as { code?: string; details?: Record<string, unknown> } };
  };

  it('asking again: nothing signed, a fresh 402; a payment in flight, poll; anyone else, taken; reset refused', async () => {
    const first = await opened('inflight');
    // Nothing signed has reached the relay: the holder simply asks again and gets a fresh challenge on a new
    // session, the first closed unpaid at the relay first, so the two can never both be paid (issue 51).
    const fresh = await openCheckout(s.baseUrl, first.apiKey, first.name);
    expect(fresh.status).toBe(402);
    const o = { ...first, offer: fresh.body as UsdcOffer };
    expect(o.offer.session_id).not.toBe(first.offer.session_id);
    expect((await state(first.apiKey, first.offer.session_id)).settlement).toMatchObject({ status: 'expired_unpaid' });
    const late = await settle(first.offer, await signFor(first.offer, 0), `k-${randomUUID()}`);
    expect(late).toMatchObject({ status: 410, body: { code: 'expired_unpaid' } });
    const other = await openCheckout(s.baseUrl, await provisionKey(s.baseUrl), o.name);
    expect(other).toMatchObject({ status: 409, body: { code: 'name_being_registered' } });
    // An authorization the relay accepted and broadcast (held unmined): asking again is told to poll, and the
    // holder's reset keeps the lock.
    await setIntervalMining(route.base.rpcUrl, 0);
    try {
      expect((await settle(o.offer, await signFor(o.offer, 0), `k-${randomUUID()}`)).status).toBe(200);
      const settlement = async () => (await state(o.apiKey, o.offer.session_id)).settlement as { status: string };
      await eventually(async () => (await settlement()).status === 'broadcast');
      const again = await openCheckout(s.baseUrl, o.apiKey, o.name);
      expect(again).toMatchObject({
        status: 409,
        body: { code: 'payment_may_be_in_flight', details: { session_id: o.offer.session_id } },
      });
      expect(JSON.stringify(again.body)).not.toContain('payment_challenges');
      const reset = await resetLock(o.apiKey, o.name);
      expect(reset).toMatchObject({
        status: 409,
        body: { code: 'lock_busy', details: { settlement_status: 'broadcast' } },
      });
      expect((await settlement()).status).toBe('broadcast');
    } finally {
      await setIntervalMining(route.base.rpcUrl, 1);
    }
    await eventually(async () => isComplete(await state(o.apiKey, o.offer.session_id)));
    expect(await registrationCounts(s.t.db.orm, o.name)).toEqual({ domains: 1, orders: 1, events: 1 });
  });

  it('a holder that could not pay gives up: with nothing prepared at the relay, reset-lock frees the name at once', async () => {
    const o = await opened('giveup');
    // The holder's wallet has no USDC: the relay refuses its authorization, nothing is prepared.
    const broke = await signAuthorization({ privateKey: generatePrivateKey(), challenge: o.offer.payment_challenges });
    expect((await settle(o.offer, broke, `k-${randomUUID()}`)).status).toBe(402);
    expect(await resetLock(await provisionKey(s.baseUrl), o.name)).toMatchObject({
      status: 403,
      body: { code: 'forbidden' },
    });
    expect((await state(o.apiKey, o.offer.session_id)).settlement).toMatchObject({ status: 'awaiting_payment' });

    const reset = await resetLock(o.apiKey, o.name);
    expect(reset.status).toBe(200);
    // Released by the relay's word, long before the session's own time (CHECKOUT_TTL_SECONDS) ran out.
    expect(Date.now()).toBeLessThan(Date.parse(o.offer.expires_at));
    expect(await state(o.apiKey, o.offer.session_id)).toMatchObject({
      order_status: 'expired_unpaid',
      settlement: { status: 'expired_unpaid' },
    });
    // The relay takes nothing for the closed session any more.
    const late = await settle(o.offer, await signFor(o.offer, 0), `k-${randomUUID()}`);
    expect(late).toMatchObject({ status: 410, body: { code: 'expired_unpaid' } });
    expect(await resetLock(o.apiKey, o.name)).toMatchObject({ status: 404, body: { code: 'lock_not_found' } });
    const next = await openCheckout(s.baseUrl, await provisionKey(s.baseUrl), o.name);
    expect(next.status).toBe(402);
    expect(await registrationCounts(s.t.db.orm, o.name)).toEqual({ domains: 0, orders: 0, events: 0 });
  });

  it('20 concurrent settle calls for one session settle once: one transfer, one order, one domain', async () => {
    const o = await opened('burst');
    const payer = payerAddress(1);
    const from = await chain().getBlockNumber();
    const signed = await Promise.all(Array.from({ length: 20 }, () => signFor(o.offer, 1)));
    const answers = await Promise.all(signed.map((a) => settle(o.offer, a, `k-${randomUUID()}`)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    expect((await pollReceipt(o.offer)).status).toBe('confirmed');
    await eventually(async () => isComplete(await state(o.apiKey, o.offer.session_id)));
    // After `from`, the block mined before the test began: a transfer of this test cannot be in it, and the
    // previous test's can (a run that completes within a block of its mining, as in-flight looks make it).
    const paid = (await transfersToUs()).filter((l) => l.blockNumber > from && l.args.from === payer);
    expect(paid).toHaveLength(1);
    expect(await registrationCounts(s.t.db.orm, o.name)).toEqual({ domains: 1, orders: 1, events: 1 });
  });

  it('the relay killed right after broadcasting and the worker restarted: still one transfer, one order, one domain', async () => {
    const o = await opened('crash');
    const payer = payerAddress(1);
    const from = await chain().getBlockNumber();
    await setIntervalMining(route.base.rpcUrl, 0); // the transaction stays in the mempool, unmined
    try {
      expect((await settle(o.offer, await signFor(o.offer, 1), `k-${randomUUID()}`)).status).toBe(200);
      const relayStatus = async () => (await state(o.apiKey, o.offer.session_id)).settlement as { status: string };
      await eventually(async () => (await relayStatus()).status === 'broadcast');
      await route.relay.kill();
      await s.worker?.stop();
    } finally {
      await setIntervalMining(route.base.rpcUrl, 1);
    }
    // While both are down the chain mines the transfer; the registry does not know yet.
    expect(await state(o.apiKey, o.offer.session_id)).toMatchObject({
      order_status: 'pending',
      settlement: { status: 'unknown' },
    });
    await route.relay.start();
    s.worker = await s.startWorker();
    await eventually(async () => isComplete(await state(o.apiKey, o.offer.session_id)));
    // After `from`, the block mined before the test began: a transfer of this test cannot be in it, and the
    // previous test's can (a run that completes within a block of its mining, as in-flight looks make it).
    const paid = (await transfersToUs()).filter((l) => l.blockNumber > from && l.args.from === payer);
    expect(paid).toHaveLength(1);
    expect(await registrationCounts(s.t.db.orm, o.name)).toEqual({ domains: 1, orders: 1, events: 1 });
    const again = await reconcile(s.baseUrl, o.apiKey, o.offer.session_id);
    expect(again.body).toMatchObject({ tx_hash: paid[0]?.transactionHash });
    expect(await registrationCounts(s.t.db.orm, o.name)).toEqual({ domains: 1, orders: 1, events: 1 });
  });

  it('the lock is released when the relay reports expired_unpaid, and the name can be registered again', async () => {
    const o = await opened('expire');
    // The relay session was opened for CHECKOUT_TTL_SECONDS (30 s in this file); nothing is paid.
    await eventually(async () => (await state(o.apiKey, o.offer.session_id)).state === 'expired_unpaid');
    expect(await state(o.apiKey, o.offer.session_id)).toMatchObject({
      order_status: 'expired_unpaid',
      settlement: { status: 'expired_unpaid' },
    });
    const rec = await reconcile(s.baseUrl, o.apiKey, o.offer.session_id);
    expect(rec).toMatchObject({ status: 409, body: { code: 'settlement_not_confirmed' } });
    // The status reads the checkout's outcome, written just before its run ends: once the run has ended
    // the name is free (until then a new checkout is told 409, never given a second challenge).
    const run = s.t.temporal.client.workflow.getHandle(registrationWorkflowId(o.name));
    await eventually(async () => (await run.describe()).status.name === 'COMPLETED');
    const next = await openCheckout(s.baseUrl, await provisionKey(s.baseUrl), o.name);
    expect(next.status).toBe(402);
  });

  it('a spend mandate is judged before the relay session is opened; approval is refused on this route', async () => {
    const relaySessions = async () =>
      Number(
        (
          await route.relayDb.orm.em
            .fork()
            .getConnection()
            .execute<{ n: string }[]>('select count(*)::text as n from checkout_relay.session')
        )[0]?.n,
      );
    const before = await relaySessions();
    const cases: [Partial<SpendMandate>, string][] = [
      [{ allowedNamespaces: ['bpo'] }, 'namespace'],
      [{ approvalAboveGems: 1000n }, 'approval_required_on_usdc_route'],
    ];
    for (const [rules, rule] of cases) {
      const p = await provision(s.t.app);
      const em = s.t.db.orm.em.fork();
      em.create(SpendMandate, { ...rules, accountId: p.account_id, updatedBy: p.account_id });
      await em.flush();
      const name = `${randomLabel('mand')}.agent`;
      const res = await openCheckout(s.baseUrl, p.api_key, name);
      expect(res).toMatchObject({ status: 403, body: { code: 'mandate_forbids', details: { rule } } });
      expect(await s.t.db.orm.em.fork().count(CheckoutSession, { name })).toBe(0);
      const spends = await s.t.db.orm.em.fork().find(MandateSpend, { accountId: p.account_id });
      expect(spends.every((r) => r.status === 'released')).toBe(true);
    }
    expect(await relaySessions()).toBe(before);
  });

  it('settlement_enabled false at the relay closes the route with a clear error, and nothing is created', async () => {
    await route.relay.stop();
    await route.relay.start({ RELAY_SETTLEMENT_ENABLED: 'false' });
    try {
      const name = `${randomLabel('closed')}.agent`;
      const apiKey = await provisionKey(s.baseUrl);
      const res = await openCheckout(s.baseUrl, apiKey, name);
      expect(res).toMatchObject({ status: 503, body: { status: 'error', code: 'settlement_disabled' } });
      expect(await s.t.db.orm.em.fork().count(CheckoutSession, { name })).toBe(0);
      await expect(s.t.temporal.client.workflow.getHandle(registrationWorkflowId(name)).describe()).rejects.toThrow();
      // The default route is unaffected.
      const tempo = await fetch(`${s.baseUrl}/api/v1/domains/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
        body: JSON.stringify({ domain: name, years: 1, agreed_to_terms: true }),
      });
      expect(tempo.status).toBe(402);
    } finally {
      await route.relay.stop();
      await route.relay.start();
    }
  });
  it('a payer polling its status wakes a run whose relay sent no notice: paid at the relay, registered at once', async () => {
    // This file's relay sends no notices: alone, the run would find the payment at its next look, 16 s
    // after its fourth (and minutes away at the default rhythm). The status read sees the relay ahead of the
    // run and tells it to look (chaos seed 87699: a relay killed after settling lost its notice).
    const o = await opened('polled');
    const run = s.t.temporal.client.workflow.getHandle(settlementWorkflowId(o.offer.session_id));
    const history = async () => (await run.fetchHistory()).events ?? [];
    const looks = async () =>
      (await history()).filter((e) => e.markerRecordedEventAttributes?.markerName === 'core_local_activity').length;
    await eventually(async () => (await looks()) >= 4);
    const cancelled = async () =>
      (await history()).filter((e) => e.eventType === EventType.EVENT_TYPE_TIMER_CANCELED).length;
    expect(await cancelled()).toBe(0);
    expect((await settle(o.offer, await signFor(o.offer, 2), `k-${randomUUID()}`)).status).toBe(200);
    await eventually(async () => isComplete(await state(o.apiKey, o.offer.session_id)));
    // The wait was cut short (its timer cancelled by the status read's nudge), not run to its end.
    expect(await cancelled()).toBeGreaterThanOrEqual(1);
    expect(await registrationCounts(s.t.db.orm, o.name)).toEqual({ domains: 1, orders: 1, events: 1 });
  });

  it("waiting costs little: an unpaid session is looked at less and less often, and the relay's signed notice wakes its run the moment it is paid", async () => {
    // This relay tells the API of every session it moves (docs/payments.md "Waiting for a relay session").
    await route.relay.stop();
    await route.relay.start({ RELAY_WEBHOOK_URL: `${s.baseUrl}/api/v1/checkout/relay/events` });
    const o = await opened('quiet');
    const run = s.t.temporal.client.workflow.getHandle(settlementWorkflowId(o.offer.session_id));
    const history = async () => (await run.fetchHistory()).events ?? [];
    const looksIn = (events: Awaited<ReturnType<typeof history>>) =>
      events.filter((e) => e.markerRecordedEventAttributes?.markerName === 'core_local_activity');
    // At this file's rhythm for a relay without notices (RELAY_LOOK_FIRST_SECONDS 2): looks at 0, 2, 6 and
    // 14 s, the wait doubling each time, where a look every 2 s made eight by then. Waited for, not slept
    // on: a loaded machine delays each look, never brings one sooner.
    await eventually(async () => looksIn(await history()).length >= 4);
    const events = await history();
    const count = (type: temporal.api.enums.v1.EventType, of = events) => of.filter((e) => e.eventType === type).length;
    const at = looksIn(events).map((e) => Number(e.eventTime?.seconds ?? 0) * 1000 + (e.eventTime?.nanos ?? 0) / 1e6);
    const gaps = at.slice(1, 4).map((t, i) => t - (at[i] as number));
    expect(gaps.map((g, i) => g >= 2000 * 2 ** i - 100)).toEqual([true, true, true]);
    // Each look is a local activity (a marker, no activity task), and its stage (relay-awaiting_payment)
    // is written once, not once a look.
    expect(count(EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED)).toBe(0);
    const stages = events.filter(
      (e) => e.upsertWorkflowSearchAttributesEventAttributes?.searchAttributes?.indexedFields?.RegistryStage,
    );
    expect(stages).toHaveLength(1);
    // Six events a look (timer fired, a workflow task, the marker, the next timer) and the run's start (with
    // its three version markers): 50 when a look was an activity.
    expect(events.length).toBeLessThanOrEqual(36);
    // Every wait so far ran to its timer. The next look is 16 s away; the relay's notice cuts that wait
    // short (its timer cancelled, not fired) and brings the run to the settlement at once.
    expect(count(EventType.EVENT_TYPE_TIMER_CANCELED)).toBe(0);
    expect((await settle(o.offer, await signFor(o.offer, 2), `k-${randomUUID()}`)).status).toBe(200);
    await eventually(async () => isComplete(await state(o.apiKey, o.offer.session_id)));
    expect(count(EventType.EVENT_TYPE_TIMER_CANCELED, await history())).toBeGreaterThanOrEqual(1);
    expect(await registrationCounts(s.t.db.orm, o.name)).toEqual({ domains: 1, orders: 1, events: 1 });
  });

  it('a relay notice with a bad signature is refused 401 and wakes nothing', async () => {
    const res = await fetch(`${s.baseUrl}/api/v1/checkout/relay/events`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'webhook-id': 'msg_forged',
        'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
        'webhook-signature': 'v1,Zm9yZ2Vk',
      },
      body: JSON.stringify({
        type: 'session.updated',
        data: { session_id: randomUUID(), reference: randomUUID(), status: 'confirmed' },
      }),
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ status: 'error', code: 'invalid_credential' });
  });
});
