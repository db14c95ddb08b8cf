import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { grantGems } from '../../src/ledger/gems.ts';
import { dashboardBrowser, followRedirect, textOf, visitWithoutSession } from '../helpers/dashboard.ts';
import { registerDomain } from '../helpers/app.ts';
import { randomLabel } from '../helpers/fixtures.ts';
import { eventually } from '../helpers/hosted-checkout.ts';
import { humanWithSession } from '../helpers/identities.ts';
import { startTestOidc } from '../helpers/oidc.ts';
import { startRegistryStack, type RegistryStack } from '../helpers/registry-stack.ts';

/**
 * A receiver that answers every delivery with the status and body the test sets: a real server, so the
 * body it sends back (markup here) reaches the delivery log as any remote server's answer would.
 */
async function startAnsweringReceiver() {
  let status = 500;
  let body = '<img src=x onerror=alert(1)>';
  const arrivals: string[] = [];
  const server: Server = await new Promise((resolve) => {
    const s = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        arrivals.push(Buffer.concat(chunks).toString('utf8'));
        res.writeHead(status, { 'content-type': 'text/html' }).end(body);
      });
    });
    s.listen(0, '127.0.0.1', () => resolve(s));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    arrivals,
    answer(code: number, text: string) {
      status = code;
      body = text;
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

interface Subscription {
  subscription_id: string;
  target_url: string;
  status: string;
  previous_secret_expires_at: string | null;
}
interface EventRow {
  event_id: string;
  event_type: string;
  status: string;
  attempts: number;
  last_status_code: number | null;
  next_attempt_at: string | null;
}

// The webhooks pages (issue 27): subscriptions made, rotated and deleted through the forms (the secret
// shown once), one subscription's events and attempts with Redeliver, what a receiver answered shown
// as text; another person can neither see nor change them; an invalid form saves nothing.
describe('dashboard: webhooks', () => {
  let s: RegistryStack;
  let idp: Awaited<ReturnType<typeof startTestOidc>>;
  let receiver: Awaited<ReturnType<typeof startAnsweringReceiver>>;
  let alice: ReturnType<typeof dashboardBrowser>;
  let bob: ReturnType<typeof dashboardBrowser>;
  let aliceCookie = '';
  let aliceId = '';

  beforeAll(async () => {
    idp = await startTestOidc();
    // A long wait before the second attempt, so a failed delivery stays pending with its next attempt due.
    s = await startRegistryStack({
      OIDC_ISSUER: idp.issuer,
      WEBHOOK_ALLOW_INSECURE_LOCAL: 'true',
      WEBHOOK_RETRY_SCHEDULE: '0,600',
    });
    receiver = await startAnsweringReceiver();
    const a = await humanWithSession(s.t.app, s.t.db.orm, 'wh-alice', idp.issuer);
    aliceCookie = a.cookie;
    aliceId = a.accountId;
    alice = dashboardBrowser(s.t.app, a.cookie);
    bob = dashboardBrowser(s.t.app, (await humanWithSession(s.t.app, s.t.db.orm, 'wh-bob', idp.issuer)).cookie);
  });
  afterAll(async () => {
    await receiver?.stop();
    await s?.stop();
    await idp?.stop();
  });

  /** The API as alice's browser session reads it. */
  const api = async <T>(url: string) => {
    const res = await s.t.app.inject({ method: 'GET', url, headers: { cookie: aliceCookie } });
    expect(res.statusCode).toBe(200);
    return res.json<T>();
  };
  const subscriptions = async () => (await api<{ subscriptions: Subscription[] }>('/api/v1/webhooks')).subscriptions;
  const eventsOf = async (id: string) => (await api<{ data: EventRow[] }>(`/api/v1/webhooks/${id}/events`)).data;
  const sql = (q: string, params: unknown[] = []) => s.t.db.orm.em.fork().getConnection().execute(q, params);

  it('sends a visitor without a session to sign in', async () => {
    expect(await visitWithoutSession(s.t.app, '/dashboard/webhooks')).toEqual({
      status: 303,
      location: '/auth/login?return_to=%2Fdashboard%2Fwebhooks',
    });
  });

  it('refuses an invalid subscription beside its form and creates nothing', async () => {
    const empty = await alice.get('/dashboard/webhooks');
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toContain('No webhook subscriptions yet');

    const noEvents = await alice.submit('/dashboard/webhooks', 'create_subscription', { target_url: receiver.url });
    expect(noEvents.statusCode).toBe(400);
    expect(noEvents.body).toContain('class="error" role="alert"');
    // What was typed is kept.
    expect(noEvents.body).toContain(`value="${receiver.url}"`);

    const page = await alice.get('/dashboard/webhooks');
    const hidden = alice.formOf(page.body, 'create_subscription');
    const badUrl = await alice.post('/dashboard/webhooks', {
      ...hidden,
      target_url: 'ftp://files.example/hooks',
      events: 'domain.registered',
    });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.body).toContain('class="error" role="alert"');
    expect(badUrl.body).not.toContain('id="revealed-secret"');
    expect(await subscriptions()).toEqual([]);
  });

  it('creates a subscription whose secret is shown once, rotates it and shows deliveries with Redeliver', async () => {
    const page = await alice.get('/dashboard/webhooks');
    const hidden = alice.formOf(page.body, 'create_subscription');
    // Checkboxes post the field once per box ticked.
    const sent = await s.t.app.inject({
      method: 'POST',
      url: '/dashboard/webhooks',
      headers: {
        accept: 'text/html',
        cookie: aliceCookie,
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'same-origin',
      },
      payload: `${new URLSearchParams({ ...hidden, target_url: receiver.url }).toString()}&events=domain.registered&events=domain.renewed`,
    });
    expect(sent.statusCode).toBe(303);
    const created = await followRedirect(s.t.app, aliceCookie, sent);
    expect(created.statusCode).toBe(200);
    const secret = textOf(created.body, { id: 'revealed-secret' }) ?? '';
    expect(secret).toMatch(/^whsec_/);
    const [sub] = await subscriptions();
    expect(sub).toMatchObject({ target_url: receiver.url, status: 'active' });
    const id = sub?.subscription_id ?? '';
    expect(created.body).toContain(`/dashboard/webhooks/${id}`);
    // Shown once.
    expect((await alice.get('/dashboard/webhooks')).body).not.toContain(secret);

    const rotated = await alice.submit('/dashboard/webhooks', 'rotate_secret', {}, { target: id });
    expect(rotated.statusCode).toBe(200);
    const fresh = textOf(rotated.body, { id: 'revealed-secret' }) ?? '';
    expect(fresh).toMatch(/^whsec_/);
    expect(fresh).not.toBe(secret);
    expect((await subscriptions())[0]?.previous_secret_expires_at).not.toBeNull();

    // A test event: the receiver answers 500 with markup, which the log shows as text.
    const deliveriesUrl = `/dashboard/webhooks/${id}`;
    const noEvents = await alice.get(deliveriesUrl);
    expect(noEvents.statusCode).toBe(200);
    expect(noEvents.body).toContain('No events sent to this subscription yet.');
    const pingForm = alice.formOf(noEvents.body, 'ping');
    const pinged = await alice.post(deliveriesUrl, pingForm);
    expect(pinged.redirected?.statusCode).toBe(303);
    expect(pinged.statusCode).toBe(200);
    // Issue 38 item 14: reloading the page after "Send test event" sent a second ping. A reload asks for the
    // page again (a GET), and the same form sent again acts once: one ping in all.
    const pings = async () => (await eventsOf(id)).filter((e) => e.event_type === 'webhook.ping').length;
    await alice.get(deliveriesUrl);
    const resent = await alice.post(deliveriesUrl, pingForm);
    expect(resent.statusCode).toBe(200);
    expect(await pings()).toBe(1);
    expect(textOf(pinged.body, { cls: 'notice' })).toContain('not delivered');
    expect(pinged.body).toContain('webhook.ping');
    expect(pinged.body).toContain('HTTP 500');
    expect(pinged.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(pinged.body).not.toContain('<img src=x');

    // An error string is the remote side's too: escaped like everything else.
    const [ping] = await eventsOf(id);
    await sql(`update webhook_delivery set last_status_code = null, last_error = ? where event_id = ?`, [
      '<script>alert("boom")</script>',
      ping?.event_id,
    ]);
    const withError = await alice.get(deliveriesUrl);
    expect(withError.body).toContain('&lt;script&gt;alert(&quot;boom&quot;)&lt;/script&gt;');
    expect(withError.body).not.toContain('<script>alert');

    // A real event: alice registers a name; its first attempt fails and the next waits on the schedule.
    await grantGems(s.t.db.orm.em.fork(), { accountId: aliceId, amount: 50_000, reference: `g:${randomLabel()}` });
    const label = randomLabel('whd');
    const registered = await registerDomain(s.t.app, label, { headers: { cookie: aliceCookie }, method: 'gems' });
    expect(registered.statusCode).toBe(200);
    let event: EventRow | undefined;
    await eventually(async () => {
      event = (await eventsOf(id)).find((e) => e.event_type === 'domain.registered');
      return event?.attempts === 1;
    });
    expect(event).toMatchObject({ status: 'pending', last_status_code: 500 });
    expect(event?.next_attempt_at).not.toBeNull();
    const waiting = await alice.get(deliveriesUrl);
    expect(waiting.body).toContain('domain.registered');
    expect(waiting.body).toContain(`${event?.next_attempt_at?.slice(0, 16).replace('T', ' ')} UTC`);

    // Redeliver: the receiver works again, and the waiting delivery tries now.
    receiver.answer(200, '{"ok":true}');
    const redelivered = await alice.submit(deliveriesUrl, 'redeliver', {}, { target: event?.event_id ?? '' });
    expect(redelivered.statusCode).toBe(200);
    expect(textOf(redelivered.body, { cls: 'notice' })).toContain('tries now');
    await eventually(
      async () => (await eventsOf(id)).find((e) => e.event_id === event?.event_id)?.status === 'delivered',
    );
    const delivered = await alice.get(deliveriesUrl);
    expect(delivered.body).toContain('delivered');
  });

  it('shows another person nothing of it, and refuses their forms without changing anything', async () => {
    const [sub] = await subscriptions();
    const id = sub?.subscription_id ?? '';
    const before = await eventsOf(id);

    const theirs = await bob.get('/dashboard/webhooks');
    expect(theirs.statusCode).toBe(200);
    expect(theirs.body).not.toContain(id);
    expect(theirs.body).toContain('No webhook subscriptions yet');
    expect((await bob.get(`/dashboard/webhooks/${id}`)).statusCode).toBe(404);

    const form = bob.formOf(theirs.body, 'create_subscription');
    for (const action of ['delete_subscription', 'rotate_secret']) {
      // Each a form of its own (its own form id), as the page renders them.
      const res = await bob.post('/dashboard/webhooks', { ...form, form_id: randomUUID(), action, target: id });
      expect(res.statusCode).toBe(404);
    }
    // Redeliver posted to alice's subscription page: refused, and her page is not shown to bob.
    const redeliver = await bob.post(`/dashboard/webhooks/${id}`, {
      ...form,
      form_id: randomUUID(),
      action: 'redeliver',
      target: before[0]?.event_id ?? '',
    });
    expect(redeliver.statusCode).toBe(404);
    expect(redeliver.body).not.toContain(receiver.url);

    const after = await subscriptions();
    expect(after).toHaveLength(1);
    expect(after[0]?.previous_secret_expires_at).toBe(sub?.previous_secret_expires_at);
    expect((await eventsOf(id)).map((e) => e.attempts)).toEqual(before.map((e) => e.attempts));
  });

  it('shows a subscription the receiver disabled, with why, and turns it back on with Enable', async () => {
    const [sub] = await subscriptions();
    const id = sub?.subscription_id ?? '';
    // 410 Gone: the receiver says it is gone for good, and the subscription is disabled at once.
    receiver.answer(410, 'gone');
    const registered = await registerDomain(s.t.app, randomLabel('whg'), {
      headers: { cookie: aliceCookie },
      method: 'gems',
    });
    expect(registered.statusCode).toBe(200);
    await eventually(async () => (await subscriptions())[0]?.status === 'disabled');
    const page = await alice.get('/dashboard/webhooks');
    expect(page.body).toContain('Disabled');
    expect(page.body).toContain('410 Gone');

    receiver.answer(200, '{"ok":true}');
    const enabled = await alice.submit('/dashboard/webhooks', 'enable', {}, { target: id });
    expect(enabled.statusCode).toBe(200);
    expect(textOf(enabled.body, { cls: 'notice' })).toContain('on again');
    expect((await subscriptions())[0]?.status).toBe('active');
    expect(() => alice.formOf(enabled.body, 'enable', id)).toThrow();
  });

  it('deletes a subscription', async () => {
    const [sub] = await subscriptions();
    const res = await alice.submit('/dashboard/webhooks', 'delete_subscription', {}, { target: sub?.subscription_id });
    expect(res.statusCode).toBe(200);
    expect(textOf(res.body, { cls: 'notice' })).toContain('deleted');
    expect(await subscriptions()).toEqual([]);
    expect(res.body).toContain('No webhook subscriptions yet');
  });
});
