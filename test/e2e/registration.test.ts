import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { privateKeyToAccount } from 'viem/accounts';
import type { Hex } from 'viem';
import {
  payAndRegister,
  payAndRenew,
  payChallenge,
  provisionKey,
  readChallenge,
  register,
  registerBody,
} from '../../examples/pay-and-register.ts';
import { Account, Domain, DomainOrder, OutboxEvent, PaymentReceipt } from '../../src/db/entities/index.ts';
import { YEAR_MS } from '../../src/domain/time.ts';
import { startRegistryStack, type RegistryStack } from '../helpers/registry-stack.ts';
import { randomLabel, registrationCounts } from '../helpers/fixtures.ts';

// The default machine-payment route end to end: real API over HTTP, real Temporal worker, real
// PostgreSQL, real anvil chain with the pathUSD-style token, paid by the example agent script.
describe('registration on the default mpp route', () => {
  let s: RegistryStack;
  beforeAll(async () => {
    s = await startRegistryStack();
  });
  afterAll(() => s?.stop());

  it('402 → pay on chain → re-submit → registered, visible in lookup, one order and one event', async () => {
    const name = `${randomLabel('scout')}.agent`;
    const out = await payAndRegister({
      base: s.baseUrl,
      rpcUrl: s.anvil.rpcUrl,
      privateKey: s.payerKeys[0] as Hex,
      name,
    });
    expect(out.registered.status).toBe(200);
    expect(out.registered.body).toMatchObject({
      status: 'success',
      domain: { name, status: 'active' },
      order: { payment_method: 'mpp', amount: '15.00', currency: 'pathUSD' },
    });
    expect(out.registered.headers.get('payment-receipt')).toBeTruthy();
    const lookup = await fetch(`${s.baseUrl}/api/v1/lookup/${name}`);
    expect(lookup.status).toBe(200);
    expect(await registrationCounts(s.t.db.orm, name)).toEqual({ domains: 1, orders: 1, events: 1 });
    const receipt = await s.t.db.orm.em
      .fork()
      .findOneOrFail(PaymentReceipt, { txHash: out.payment.txHash.toLowerCase() });
    expect(receipt.amountMinor).toBe(15_000_000n);
  });

  it('the example agent renews a name it does not own: new_expiry_date from the current expiry, one order, one event', async () => {
    const name = `${randomLabel('renew')}.agent`;
    const bought = await payAndRegister({
      base: s.baseUrl,
      rpcUrl: s.anvil.rpcUrl,
      privateKey: s.payerKeys[0] as Hex,
      name,
    });
    const expiry = (bought.registered.body as { domain: { expiry_date: string } }).domain.expiry_date;
    // Another wallet pays: anyone may renew; the owner never changes.
    const out = await payAndRenew({
      base: s.baseUrl,
      rpcUrl: s.anvil.rpcUrl,
      privateKey: s.payerKeys[1] as Hex,
      name,
      years: 2,
    });
    expect(out.renewed.status).toBe(200);
    const expected = new Date(new Date(expiry).getTime() + 2 * YEAR_MS).toISOString();
    expect(out.renewed.body).toMatchObject({
      status: 'success',
      domain: { name, previous_expiry_date: expiry, new_expiry_date: expected },
      order: { payment_method: 'mpp', amount: '30.00', payment_reference: out.payment.txHash.toLowerCase() },
    });
    expect((out.lookup.body as { domain: { expiry_date: string } }).domain.expiry_date).toBe(expected);
    const em = s.t.db.orm.em.fork();
    expect(await em.count(DomainOrder, { domainName: name, kind: 'renewal' })).toBe(1);
    const events = await em.find(OutboxEvent, { eventType: 'domain.renewed' });
    expect(events.filter((e) => e.payload.domain === name)).toHaveLength(1);
    const owner = (await em.findOneOrFail(Domain, { name })).owner.id;
    expect(owner).toBe((bought.registered.body as { domain: { owner_id: string } }).domain.owner_id);
  });

  it('answers the first request with the spec 402 body and a standard WWW-Authenticate: Payment challenge', async () => {
    const key = await provisionKey(s.baseUrl);
    const fullName = `${randomLabel('q')}.agent`;
    const res = await register(s.baseUrl, key, registerBody(fullName, 2));
    const { required, challenge } = readChallenge(res);
    expect(required).toMatchObject({
      status: 'payment_required',
      protocol: 'mpp',
      amount: 30,
      currency: 'pathUSD',
      amount_minor: '30000000',
    });
    expect(typeof required.session_id).toBe('string');
    expect(required.pay_url).toMatch(/^ethereum:0x[0-9a-fA-F]{40}@1337\/transferWithMemo\?/);
    expect(challenge).toMatchObject({ method: 'tempo', intent: 'charge' });
    expect(res.headers.get('www-authenticate')).toMatch(/^Payment /);
    // Asking again (same actor, no receipt) returns the same open checkout, not a second one.
    const again = readChallenge(await register(s.baseUrl, key, registerBody(fullName, 2)));
    expect(again.required.session_id).toBe(required.session_id);
    expect(again.challenge.id).toBe(challenge.id);

    // What an operator reads of the open run in the Temporal UI (issue 51): a summary and details in words,
    // a named timer, and times as ISO in the status query.
    const handle = s.t.temporal.client.workflow.getHandle(`registration:${fullName}`);
    const run = await handle.describe();
    expect(await run.staticSummary()).toBe(`registration of ${fullName}: 30.00 pathUSD by mpp`);
    expect(await run.staticDetails()).toContain(`- waits for: payment until ${required.expires_at}`);
    const status = (await handle.query('checkoutStatus')) as { expiresAt: string; input: { expiresAtMs: number } };
    expect(status.expiresAt).toBe(new Date(status.input.expiresAtMs).toISOString());
    let timer = null;
    for (let i = 0; i < 100 && !timer; i++) {
      timer = ((await handle.fetchHistory()).events ?? []).find((e) => e.timerStartedEventAttributes) ?? null;
      if (!timer) await new Promise((r) => setTimeout(r, 100));
    }
    const summary = timer?.userMetadata?.summary?.data;
    expect(summary ? JSON.parse(Buffer.from(summary).toString()) : null).toMatch(
      new RegExp(`^waiting for payment \\(mpp\\) due ${required.expires_at}, a late one looked for until \\d{4}-`),
    );
    // The UI's Call Stack (the `__stack_trace` query) reaches the workflow's own code, not only the
    // interceptors' frames.
    const stack = (await handle.query('__stack_trace')) as string;
    expect(stack).toMatch(/workflows\/[a-z-]+\.ts/);
  });

  it('a replayed receipt registers nothing', async () => {
    const first = `${randomLabel('one')}.agent`;
    const out = await payAndRegister({
      base: s.baseUrl,
      rpcUrl: s.anvil.rpcUrl,
      privateKey: s.payerKeys[1] as Hex,
      name: first,
    });
    expect(out.registered.status).toBe(200);
    // The same credential, for another name's checkout: bound to another session, refused.
    const key = await provisionKey(s.baseUrl);
    const second = `${randomLabel('two')}.agent`;
    readChallenge(await register(s.baseUrl, key, registerBody(second)));
    const replay = await register(s.baseUrl, key, registerBody(second), out.payment.credential);
    expect(replay.status).toBe(402);
    expect(replay.body).toMatchObject({ status: 'error', code: 'invalid_receipt' });
    // And again for the first name (a retry whose answer was lost): the same registration, nothing new.
    const again = await register(s.baseUrl, out.apiKey, registerBody(first), out.payment.credential);
    expect(again.status).toBe(200);
    expect((again.body as { order: { order_id: number } }).order.order_id).toBe(
      (out.registered.body as { order: { order_id: number } }).order.order_id,
    );
    expect(await registrationCounts(s.t.db.orm, first)).toEqual({ domains: 1, orders: 1, events: 1 });
    expect(await registrationCounts(s.t.db.orm, second)).toEqual({ domains: 0, orders: 0, events: 0 });
  });

  it('fifty concurrent registrations of one name: one owner, one payment', async () => {
    const name = `${randomLabel('race')}.agent`;
    const keys = await Promise.all(Array.from({ length: 50 }, () => provisionKey(s.baseUrl)));
    const answers = await Promise.all(keys.map((k) => register(s.baseUrl, k, registerBody(name))));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((c) => c === 402)).toHaveLength(1);
    expect(statuses.filter((c) => c === 409)).toHaveLength(49);
    for (const a of answers.filter((x) => x.status === 409))
      expect((a.body as { code: string }).code).toBe('name_being_registered');
    const winner = keys[statuses.indexOf(402)] as string;
    const { challenge, required } = readChallenge(answers[statuses.indexOf(402)]!);
    const paid = await payChallenge({ rpcUrl: s.anvil.rpcUrl, privateKey: s.payerKeys[2] as Hex, challenge, required });
    // The winner re-submits its receipt many times at once: still one domain, one order.
    const submits = await Promise.all(
      Array.from({ length: 10 }, () => register(s.baseUrl, winner, registerBody(name), paid.credential)),
    );
    expect(submits.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
    for (const r of submits) expect([200, 409]).toContain(r.status);
    // Once settled, every retry with that receipt answers 200 with the one registration.
    expect((await register(s.baseUrl, winner, registerBody(name), paid.credential)).status).toBe(200);
    expect(await registrationCounts(s.t.db.orm, name)).toEqual({ domains: 1, orders: 1, events: 1 });
    expect(await s.t.db.orm.em.fork().count(PaymentReceipt, { txHash: paid.txHash.toLowerCase() })).toBe(1);
  });

  it('without a key or bearer, the payer wallet becomes the identity', async () => {
    const name = `${randomLabel('anon')}.agent`;
    const post = (headers: Record<string, string> = {}) =>
      fetch(`${s.baseUrl}/api/v1/domains/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(registerBody(name)),
      });
    const first = await post();
    expect(first.status).toBe(402);
    const { challenge, required } = readChallenge({ status: 402, headers: first.headers, body: await first.json() });
    const paid = await payChallenge({ rpcUrl: s.anvil.rpcUrl, privateKey: s.payerKeys[2] as Hex, challenge, required });
    const done = await post({ authorization: paid.credential });
    expect(done.status).toBe(200);
    const ownerId = ((await done.json()) as { domain: { owner_id: string } }).domain.owner_id;
    const owner = await s.t.db.orm.em.fork().findOneOrFail(Account, { id: ownerId });
    expect(owner.walletAddress).toBe(privateKeyToAccount(s.payerKeys[2] as Hex).address.toLowerCase());
  });
});
