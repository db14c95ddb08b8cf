import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { WebhookSubscription } from '../../src/db/entities/index.ts';
import { webhookEventData, webhookEventTypes, type WebhookEventType } from '../../src/domain/webhook-events.ts';
import { grantGems } from '../../src/ledger/gems.ts';
import { registerDomain, registered } from '../helpers/app.ts';
import { randomLabel } from '../helpers/fixtures.ts';
import { eventually } from '../helpers/hosted-checkout.ts';
import { humanWithSession, provision } from '../helpers/identities.ts';
import { startRegistryStack, type RegistryStack } from '../helpers/registry-stack.ts';
import { subscribedReceiver, type TestReceiver } from '../helpers/webhook-receiver.ts';

const run = promisify(execFile);

// Webhook delivery end to end: real operations write events to the outbox, the stack's worker runs the
// dispatcher and the delivery workflows, and a real local receiver checks both signatures with the
// receiver example of docs/webhooks.md. The retry schedule is shortened to seconds (WEBHOOK_RETRY_SCHEDULE); its
// real length is covered on the time-skipping server (test/workflows/webhook-delivery.test.ts).
describe('webhook delivery', () => {
  let s: RegistryStack;
  const receivers: TestReceiver[] = [];
  beforeAll(async () => {
    s = await startRegistryStack({ WEBHOOK_ALLOW_INSECURE_LOCAL: 'true', WEBHOOK_RETRY_SCHEDULE: '0,1,1,2' });
  });
  afterAll(async () => {
    for (const r of receivers) await r.stop();
    await s?.stop();
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH',
    url: string,
    headers: Record<string, string>,
    payload?: Record<string, unknown>,
  ) => s.t.app.inject({ method, url, headers, ...(payload !== undefined ? { payload } : {}) });
  const ops = (...args: string[]) =>
    run(process.execPath, ['src/entry/ops.ts', ...args], { env: { ...process.env, DATABASE_URL: s.t.db.url } });
  const sql = (q: string, params: unknown[] = []) => s.t.db.em().getConnection().execute(q, params);

  /** An agent with gems, its key header and a receiver subscribed to `events` with a generated secret. */
  async function subscriber(events: readonly string[] = webhookEventTypes) {
    const p = await provision(s.t.app);
    await grantGems(s.t.db.em(), {
      accountId: p.account_id,
      amount: 100_000,
      reference: `g:${randomLabel()}`,
    });
    const headers = { 'x-api-key': p.api_key };
    const subscribed = await subscribedReceiver(s.t.app, s.t.db.orm, headers, events);
    receivers.push(subscribed.receiver);
    return { ...p, headers, ...subscribed };
  }
  const typesFor = (r: TestReceiver, name: string) =>
    r
      .events()
      .filter((e) => e.data.domain === name)
      .map((e) => e.event_type);

  it('every event type reaches the owner, signed both ways, with its documented data', async () => {
    const alice = await subscriber();
    const bob = await subscriber(['domain.transferred']);

    const kept = await registered(s.t.app, randomLabel('wh'), { headers: alice.headers, method: 'gems' });
    expect(
      (await call('POST', '/api/v1/renew', alice.headers, { domain: kept, years: 1, payment_method: 'gems' }))
        .statusCode,
    ).toBe(200);
    const edited = await call('PATCH', `/api/v1/domains/${kept}/profile`, alice.headers, {
      description: 'Scouts the web for agents.',
      capabilities_preview: ['search'],
    });
    expect(edited.statusCode).toBe(200);
    const given = await registered(s.t.app, randomLabel('wh'), { headers: alice.headers, method: 'gems' });
    const moved = await call('POST', '/api/v1/domains/transfer', alice.headers, {
      domain: given,
      to_account_id: bob.account_id,
    });
    expect(moved.statusCode).toBe(200);
    // A sale: alice lists a name for gems, bob buys it (docs/market.md "Market").
    const sold = await registered(s.t.app, randomLabel('wh'), { headers: alice.headers, method: 'gems' });
    expect(
      (await call('PUT', `/api/v1/domains/${sold}/listing`, alice.headers, { price: { gems: 700 } })).statusCode,
    ).toBe(200);
    const bought = await call('POST', '/api/v1/domains/buy-secondary', bob.headers, {
      domain: sold,
      payment_method: 'gems',
    });
    expect(bought.statusCode).toBe(200);

    // Auto-renew refused (the cap is below the price) a day before expiry: renewal_failed and the
    // reminders; then grace and expiry by the operator CLI, as the real dates would.
    expect(
      (
        await call('PUT', `/api/v1/domains/${kept}/auto-renew`, alice.headers, {
          enabled: true,
          max_gems: 1,
        })
      ).statusCode,
    ).toBe(200);
    await sql(`update domain set expiry_date = now() + interval '20 hours' where name = ?`, [kept]);
    await eventually(async () => typesFor(alice.receiver, kept).includes('domain.renewal_failed'));
    await eventually(async () => typesFor(alice.receiver, kept).includes('domain.expiring'));
    await ops('expire', kept, '--stage', 'grace');
    await eventually(async () => typesFor(alice.receiver, kept).includes('domain.grace_started'));
    await ops('expire', kept);
    await eventually(async () => typesFor(alice.receiver, kept).includes('domain.expired'));
    await eventually(async () => typesFor(alice.receiver, given).includes('domain.transferred'));
    await eventually(async () => typesFor(alice.receiver, sold).includes('domain.sold'));

    // A purchase above the mandate's approval threshold set by the person who claimed alice: requested,
    // then decided (docs/mandates.md "Approvals").
    const person = await humanWithSession(s.t.app, s.t.db.orm, `wh-${randomLabel()}`);
    const asPerson = { cookie: person.cookie };
    const claimed = await call('POST', '/api/v1/agents/claim', asPerson, { claim_code: alice.claim_code });
    expect(claimed.statusCode).toBe(200);
    const mandate = await call('PUT', `/api/v1/agents/${alice.account_id}/mandate`, asPerson, {
      approval_above: { usd: '10.00' },
    });
    expect(mandate.statusCode).toBe(200);
    const waiting = await registerDomain(s.t.app, randomLabel('wh'), { headers: alice.headers, method: 'gems' });
    expect(waiting.statusCode).toBe(202);
    const refused = await call('POST', `/api/v1/approvals/${waiting.json().approval_id}/refuse`, asPerson, {});
    expect(refused.statusCode).toBe(200);
    // Each event is its own delivery, so the two may arrive in either order: wait for both.
    const arrived = (type: string) => alice.receiver.events().some((e) => e.event_type === type);
    await eventually(async () => arrived('mandate.approval_requested') && arrived('mandate.approval_decided'));

    const seen = new Set(alice.receiver.events().map((e) => e.event_type));
    for (const type of webhookEventTypes) expect(seen).toContain(type);
    expect(alice.receiver.events().find((e) => e.event_type === 'profile.updated')?.data).toMatchObject({
      domain: kept,
      updated_fields: ['capabilities_preview', 'description'],
    });
    for (const a of alice.receiver.arrivals) {
      const { event, headers } = a;
      expect(headers['content-type']).toBe('application/json');
      expect(headers['webhook-id']).toBe(event.event_id);
      expect(Number(headers['webhook-timestamp'])).toBeGreaterThan(Date.now() / 1000 - 120);
      expect(new Date(event.timestamp).toISOString()).toBe(event.timestamp);
      // The data is exactly what docs/webhooks.md "Events" documents for its type.
      expect(() => webhookEventData[event.event_type as WebhookEventType].strict().parse(event.data)).not.toThrow();
      // Bob owns what he was given and what he bought.
      const bobs = event.event_type === 'domain.transferred' || event.event_type === 'domain.sold';
      // A mandate's events name the agent whose purchase waits (account_id), not a name's owner.
      if (event.event_type.startsWith('mandate.')) expect(event.data.account_id).toBe(alice.account_id);
      else expect(event.data.owner_id).toBe(bobs ? bob.account_id : alice.account_id);
    }
    expect(alice.receiver.refused).toEqual([]);
    // The new owner heard of the transfer and of the sale's transfer (it asked for transfers only),
    // and of nothing else of alice's.
    await eventually(async () => bob.receiver.events().length === 2);
    const heard = bob.receiver.events().sort((x, y) => String(x.data.domain).localeCompare(String(y.data.domain)));
    expect(heard.map((e) => [e.event_type, e.data.domain, e.data.from_owner_id, e.data.to_owner_id])).toEqual(
      [
        ['domain.transferred', given, alice.account_id, bob.account_id],
        ['domain.transferred', sold, alice.account_id, bob.account_id],
      ].sort((x, y) => String(x[1]).localeCompare(String(y[1]))),
    );
  });

  it("never tells a subscriber of another account's domains; an operator hears of the agents it manages", async () => {
    const owner = await subscriber();
    const stranger = await subscriber();
    const operator = await subscriber();
    await sql(`update account set operator_account_id = ? where id = ?`, [operator.account_id, owner.account_id]);

    const name = await registered(s.t.app, randomLabel('bola'), { headers: owner.headers, method: 'gems' });
    await eventually(async () => typesFor(owner.receiver, name).includes('domain.registered'));
    await eventually(async () => typesFor(operator.receiver, name).includes('domain.registered'));
    // The stranger's own registration arrives, so its delivery pipeline is demonstrably working…
    const own = await registered(s.t.app, randomLabel('bola'), { headers: stranger.headers, method: 'gems' });
    await eventually(async () => typesFor(stranger.receiver, own).includes('domain.registered'));
    // …and nothing of the other account's ever did.
    expect(stranger.receiver.events().filter((e) => e.data.domain !== own)).toEqual([]);
    expect(owner.receiver.events().filter((e) => e.data.domain === own)).toEqual([]);

    // Nor can the stranger read the owner's delivery log or redeliver its events.
    const [event] = owner.receiver.events();
    const log = await call('GET', `/api/v1/webhooks/${owner.subscriptionId}/deliveries`, stranger.headers);
    expect(log.statusCode).toBe(404);
    const re = await call(
      'POST',
      `/api/v1/webhooks/${stranger.subscriptionId}/deliveries/${event?.event_id}/redeliver`,
      stranger.headers,
    );
    expect(re.statusCode).toBe(404);
    expect(re.json()).toMatchObject({ status: 'error', code: 'delivery_not_found' });
  });

  it('a receiver that is down gets every event once it is back; the log shows each attempt', async () => {
    const alice = await subscriber(['domain.registered']);
    await alice.receiver.down();
    const names: string[] = [];
    for (let i = 0; i < 3; i++)
      names.push(await registered(s.t.app, randomLabel('down'), { headers: alice.headers, method: 'gems' }));
    // The first attempts fail (connection refused) while it is down…
    await eventually(async () => {
      const log = (await call('GET', `/api/v1/webhooks/${alice.subscriptionId}/deliveries`, alice.headers)).json();
      return log.attempts.length >= 3;
    });
    await alice.receiver.up();
    // …and the schedule brings every event once it is back.
    await eventually(async () => names.every((n) => typesFor(alice.receiver, n).includes('domain.registered')));
    expect(alice.receiver.events()).toHaveLength(3);
    // The receiver has them; each attempt's record follows its answer.
    const logged = async () =>
      (await call('GET', `/api/v1/webhooks/${alice.subscriptionId}/deliveries`, alice.headers)).json();
    await eventually(
      async () =>
        (await logged()).attempts.filter((a: { status_code: number | null }) => a.status_code === 200).length === 3,
    );
    const log = await logged();
    const failed = log.attempts.filter((a: { status_code: number | null }) => a.status_code === null);
    expect(failed.length).toBeGreaterThanOrEqual(3);
    expect(failed[0]).toMatchObject({ error: 'ECONNREFUSED', delivery_status: 'delivered' });
    const ok = log.attempts.filter((a: { status_code: number | null }) => a.status_code === 200);
    expect(ok).toHaveLength(3);
    expect(ok[0]).toMatchObject({ error: null, response_prefix: '{"ok":true}', delivery_status: 'delivered' });
    expect((await s.t.db.em().findOneOrFail(WebhookSubscription, alice.subscriptionId)).failingSince).toBe(null);
  });

  it('gives an event up after the whole schedule; 410 Gone disables the subscription at once', async () => {
    const alice = await subscriber(['domain.registered']);
    alice.receiver.answerWith(503);
    const name = await registered(s.t.app, randomLabel('fail'), { headers: alice.headers, method: 'gems' });
    const deliveryOf = async () =>
      (await call('GET', `/api/v1/webhooks/${alice.subscriptionId}/deliveries`, alice.headers)).json().attempts;
    await eventually(async () => (await deliveryOf())[0]?.delivery_status === 'failed');
    expect((await deliveryOf()).map((a: { attempt: number }) => a.attempt)).toEqual([4, 3, 2, 1]);
    expect((await deliveryOf())[0]).toMatchObject({ status_code: 503, delivery_status: 'failed' });
    expect(typesFor(alice.receiver, name)).toEqual(['domain.registered']); // it did arrive, answered 503 each time

    alice.receiver.answerWith(410);
    await registered(s.t.app, randomLabel('gone'), { headers: alice.headers, method: 'gems' });
    await eventually(
      async () =>
        (await call('GET', `/api/v1/webhooks/${alice.subscriptionId}`, alice.headers)).json().subscription.status ===
        'disabled',
    );
    const sub = (await call('GET', `/api/v1/webhooks/${alice.subscriptionId}`, alice.headers)).json().subscription;
    expect(sub.disabled_reason).toMatch(/^The target answered 410 Gone at /);
    // Disabled: later events are not sent to it; redeliver and ping say why.
    const arrived = alice.receiver.arrivals.length;
    const later = await registered(s.t.app, randomLabel('later'), { headers: alice.headers, method: 'gems' });
    await sleep(2000);
    expect(alice.receiver.arrivals).toHaveLength(arrived);
    expect(typesFor(alice.receiver, later)).toEqual([]);
    const ping = await call('POST', `/api/v1/webhooks/${alice.subscriptionId}/ping`, alice.headers);
    expect(ping.statusCode).toBe(409);
    expect(ping.json()).toMatchObject({ status: 'error', code: 'subscription_disabled' });

    // Enabled again by its owner: a ping goes through.
    alice.receiver.answerWith(200);
    const on = await call('POST', `/api/v1/webhooks/${alice.subscriptionId}/enable`, alice.headers);
    expect(on.json().subscription).toMatchObject({ status: 'active', disabled_reason: null });
    const pong = await call('POST', `/api/v1/webhooks/${alice.subscriptionId}/ping`, alice.headers);
    expect(pong.statusCode).toBe(200);
    expect(pong.json()).toMatchObject({
      status: 'success',
      delivered: true,
      outcome: 'delivered',
      attempt: { event_type: 'webhook.ping', status_code: 200, attempt: 1 },
    });
    const pinged = alice.receiver.events().find((e) => e.event_id === pong.json().event_id);
    expect(pinged).toMatchObject({ event_type: 'webhook.ping', data: { subscription_id: alice.subscriptionId } });
  });

  it('checks the target again before every delivery: one that now points inside our network is refused', async () => {
    const alice = await subscriber(['domain.registered']);
    await sql(`update webhook_subscription set target_url = ? where id = ?`, [
      'http://169.254.169.254/latest/meta-data/',
      alice.subscriptionId,
    ]);
    await registered(s.t.app, randomLabel('ssrf'), { headers: alice.headers, method: 'gems' });
    const log = async () =>
      (await call('GET', `/api/v1/webhooks/${alice.subscriptionId}/deliveries`, alice.headers)).json().attempts;
    await eventually(async () => (await log())[0]?.delivery_status === 'failed');
    for (const a of await log())
      expect(a).toMatchObject({
        status_code: null,
        latency_ms: 0,
        error: expect.stringMatching(/^target refused: .*169\.254\.169\.254.*not a public address/),
      });
  });

  it('redelivers one event on request, with the same event id', async () => {
    const alice = await subscriber(['domain.registered']);
    const name = await registered(s.t.app, randomLabel('again'), { headers: alice.headers, method: 'gems' });
    await eventually(async () => typesFor(alice.receiver, name).length === 1);
    const [event] = alice.receiver.events();
    const res = await call(
      'POST',
      `/api/v1/webhooks/${alice.subscriptionId}/deliveries/${event?.event_id}/redeliver`,
      alice.headers,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', redelivery: 'restarted', event_id: event?.event_id });
    await eventually(async () => alice.receiver.arrivals.length === 2);
    expect(alice.receiver.arrivals.map((a) => a.event.event_id)).toEqual([event?.event_id, event?.event_id]);
    expect(alice.receiver.events()).toHaveLength(1);

    // Redelivered the moment it arrived (its run may still be closing): the request still gets a new
    // attempt, never lost to a run that was about to end.
    alice.receiver.arrivals.length = 0;
    const next = await registered(s.t.app, randomLabel('again'), { headers: alice.headers, method: 'gems' });
    await eventually(async () => alice.receiver.arrivals.some((a) => a.event.data.domain === next));
    const nextId = alice.receiver.arrivals[0]?.event.event_id;
    const quick = await call(
      'POST',
      `/api/v1/webhooks/${alice.subscriptionId}/deliveries/${nextId}/redeliver`,
      alice.headers,
    );
    expect(quick.statusCode).toBe(200);
    await eventually(async () => alice.receiver.arrivals.filter((a) => a.event.event_id === nextId).length === 2);
  });

  it('loses nothing while no worker runs, nor when its LISTEN connection is cut; p95 commit-to-arrival', async () => {
    const alice = await subscriber(['domain.registered']);
    // The worker's dispatcher is gone (as when a worker process dies; the registrations still need a
    // worker to run, so the rest of it stays): committed events wait in the outbox.
    await s.worker?.dispatcher.stop();
    const waiting = [
      await registered(s.t.app, randomLabel('off'), { headers: alice.headers, method: 'gems' }),
      await registered(s.t.app, randomLabel('off'), { headers: alice.headers, method: 'gems' }),
    ];
    await sleep(1500);
    expect(alice.receiver.arrivals).toHaveLength(0);
    // A worker starting again takes them from the outbox.
    await s.worker?.stop();
    s.worker = await s.startWorker();
    await eventually(async () => waiting.every((n) => typesFor(alice.receiver, n).length === 1));

    // The database drops the dispatcher's LISTEN connection (as a restart would): it reconnects, and
    // the poll covers the gap.
    await sql(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = current_database() and query ilike 'LISTEN%'`,
    );
    const after = await registered(s.t.app, randomLabel('cut'), { headers: alice.headers, method: 'gems' });
    await eventually(async () => typesFor(alice.receiver, after).length === 1);
    // The dispatcher's own (the API's read cache listens on its own channel beside it).
    const listening = async () =>
      (
        (await sql(
          `select count(*)::int as n from pg_stat_activity where datname = current_database() and query = 'LISTEN outbox_event'`,
        )) as { n: number }[]
      )[0]?.n === 1;
    await eventually(listening);

    // Commit-to-arrival latency of a series of registrations (the figure in docs/webhooks.md "Webhooks").
    const latencies: number[] = [];
    for (let i = 0; i < 20; i++) {
      const name = await registered(s.t.app, randomLabel('lat'), { headers: alice.headers, method: 'gems' });
      const [row] = (await sql(`select created_at from outbox_event where payload->>'domain' = ?`, [name])) as {
        created_at: Date;
      }[];
      await eventually(async () => typesFor(alice.receiver, name).length === 1);
      const arrival = alice.receiver.arrivals.find((a) => a.event.data.domain === name);
      latencies.push((arrival?.at ?? 0) - new Date(row?.created_at ?? 0).getTime());
    }
    latencies.sort((a, b) => a - b);
    const p95 = latencies[Math.ceil(latencies.length * 0.95) - 1] ?? 0;
    console.log(`webhook commit-to-arrival over ${latencies.length} events: p50 ${latencies[10]} ms, p95 ${p95} ms`);
    expect(latencies.every((l) => l >= 0)).toBe(true);
  });
});
