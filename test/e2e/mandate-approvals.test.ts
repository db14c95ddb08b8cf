import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import {
  Account,
  CheckoutSession,
  Domain,
  LedgerLine,
  MandateApproval,
  MandateSpend,
} from '../../src/db/entities/index.ts';
import { gemsBalance } from '../../src/ledger/gems.ts';
import { startRegistryStack, type RegistryStack } from '../helpers/registry-stack.ts';
import { WAIT_LIMIT_MS } from '../helpers/wait.ts';
import { claimedAgent, humanWithSession } from '../helpers/identities.ts';
import { registerDomain } from '../helpers/app.ts';
import { createDomain, createListing, randomLabel } from '../helpers/fixtures.ts';
import { startTestReceiver, type TestReceiver } from '../helpers/webhook-receiver.ts';

// Issue 29, approvals above a mandate's threshold (docs/mandates.md "Approvals"), over the real stack:
// API, worker, Temporal, PostgreSQL, the local Tempo chain. .agent costs 1500 gems ($15.00) a year.
const TTL_SECONDS = 6;

describe('mandate approvals', () => {
  let s: RegistryStack;
  let receiver: TestReceiver;
  let person: { accountId: string; cookie: string };
  const secret = randomBytes(24).toString('hex');
  beforeAll(async () => {
    s = await startRegistryStack({
      RATE_LIMIT_MAX: '10000',
      MANDATE_APPROVAL_TTL_SECONDS: String(TTL_SECONDS),
      WEBHOOK_ALLOW_INSECURE_LOCAL: 'true',
    });
    receiver = await startTestReceiver(secret);
    person = await humanWithSession(s.t.app, s.t.db.orm, `approvals-${randomLabel()}`);
  });
  afterAll(async () => {
    await receiver?.down();
    await s?.stop();
  });

  const inject = (method: 'GET' | 'PUT' | 'POST', url: string, headers: Record<string, string>, payload?: unknown) =>
    s.t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const asPerson = () => ({ cookie: person.cookie });

  /** A fresh agent claimed by the person, with gems, a mandate asking approval above $10, and a webhook. */
  async function agent(gems = 100_000) {
    const a = await claimedAgent(s.t.app, s.t.db.orm, person.cookie, gems);
    const set = await inject('PUT', `/api/v1/agents/${a.id}/mandate`, asPerson(), {
      approval_above: { usd: '10.00' },
    });
    expect(set.statusCode).toBe(200);
    const sub = await inject('POST', '/api/v1/webhooks/subscribe', a.key, {
      target_url: receiver.url,
      events: ['mandate.approval_requested', 'mandate.approval_decided'],
      secret,
    });
    expect(sub.statusCode).toBe(200);
    return a;
  }
  const approval = async (id: string, who: Record<string, string>) =>
    (await inject('GET', `/api/v1/approvals/${id}`, who)).json().approval;
  const stageOf = async (label: string) => {
    const d = await s.t.temporal.client.workflow.getHandle(`registration:${label}.agent`).describe();
    return { status: d.status.name, stage: d.searchAttributes?.RegistryStage?.[0] };
  };
  const until = async <T>(f: () => Promise<T>, ok: (v: T) => boolean, ms = WAIT_LIMIT_MS): Promise<T> => {
    const end = Date.now() + ms;
    for (;;) {
      const v = await f();
      if (ok(v) || Date.now() > end) return v;
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  const debits = (accountId: string) =>
    s.t.db.em().count(LedgerLine, { book: `user:${accountId}`, amount: { $lt: 0 } });
  // Each event is delivered on its own, so two close together may arrive in either order: read them in
  // the order they were committed (docs/webhooks.md).
  const eventsFor = (approvalId: string) =>
    receiver
      .events()
      .filter((e) => (e.data as { approval_id?: string }).approval_id === approvalId)
      .sort((x, y) => Date.parse(x.timestamp) - Date.parse(y.timestamp))
      .map((e) => [e.event_type, (e.data as { decision?: string }).decision ?? null]);

  it('gems: 202 and nothing moves while it waits; the agent cannot approve, a stranger sees nothing; approved, it registers once', async () => {
    const a = await agent();
    const label = randomLabel('appr');
    const asked = await registerDomain(s.t.app, label, { headers: a.key, method: 'gems' });
    expect(asked.statusCode).toBe(202);
    const body = asked.json();
    // An absolute URL, as every URL the API answers with (issue 51): the agent reads it as it is.
    expect(body).toMatchObject({
      status: 'approval_required',
      status_url: `${s.t.config.publicBaseUrl}/api/v1/approvals/${body.approval_id}`,
    });
    expect((await inject('GET', `/api/v1/approvals/${body.approval_id}`, a.key)).json().approval.status_url).toBe(
      body.status_url,
    );
    expect(await gemsBalance(s.t.db.em(), a.id)).toBe(100_000);
    expect(
      await until(
        () => stageOf(label),
        (v) => v.stage !== undefined,
      ),
    ).toEqual({
      status: 'RUNNING',
      stage: 'awaiting_approval',
    });
    // Asking again meanwhile answers the same approval.
    expect((await registerDomain(s.t.app, label, { headers: a.key, method: 'gems' })).json().approval_id).toBe(
      body.approval_id,
    );

    const seen = await approval(body.approval_id, a.key);
    expect(seen).toMatchObject({ status: 'pending', operation: 'register', name: `${label}.agent` });
    expect(seen.amount).toEqual({ usd: '15.00', gems: 1500 });
    const listed = (await inject('GET', '/api/v1/approvals?status=pending', asPerson())).json().data;
    expect(listed.map((x: { approval_id: string }) => x.approval_id)).toContain(body.approval_id);

    const own = await inject('POST', `/api/v1/approvals/${body.approval_id}/approve`, a.key);
    expect(own.statusCode).toBe(403);
    const stranger = await humanWithSession(s.t.app, s.t.db.orm, `stranger-${randomLabel()}`);
    const other = await inject('POST', `/api/v1/approvals/${body.approval_id}/approve`, { cookie: stranger.cookie });
    expect(other.statusCode).toBe(404);
    expect((await inject('GET', `/api/v1/approvals/${body.approval_id}`, { cookie: stranger.cookie })).statusCode).toBe(
      404,
    );

    const ok = await inject('POST', `/api/v1/approvals/${body.approval_id}/approve`, asPerson());
    expect(ok.statusCode).toBe(200);
    expect(ok.json().approval).toMatchObject({ status: 'approved', decided_by: person.accountId });
    // Deciding again: the same way answers the approval; the other way is 409.
    expect((await inject('POST', `/api/v1/approvals/${body.approval_id}/approve`, asPerson())).statusCode).toBe(200);
    expect((await inject('POST', `/api/v1/approvals/${body.approval_id}/refuse`, asPerson())).statusCode).toBe(409);

    const done = await until(
      () => approval(body.approval_id, a.key),
      (v) => v.checkout.outcome === 'registered',
    );
    expect(done.checkout).toEqual({ stage: 'done', outcome: 'registered' });
    expect(await s.t.db.em().count(Domain, { name: `${label}.agent` })).toBe(1);
    // Its checkout row closes with the registration (issue 38 item 19): it no longer holds a slot of
    // CHECKOUT_MAX_OPEN, and the checkout metrics count it registered, not abandoned a day later.
    const { sessionId } = await s.t.db.em().findOneOrFail(MandateApproval, { id: body.approval_id });
    expect((await s.t.db.em().findOneOrFail(CheckoutSession, { sessionId })).outcome).toBe('registered');
    expect(await gemsBalance(s.t.db.em(), a.id)).toBe(100_000 - 1500);
    expect(await debits(a.id)).toBe(1);
    expect(
      (await s.t.db.em().findOneOrFail(MandateSpend, { key: { $like: 'checkout:%' }, accountId: a.id })).status,
    ).toBe('spent');
    const events = await until(
      async () => eventsFor(body.approval_id),
      (e) => e.length >= 2,
    );
    expect(events).toEqual([
      ['mandate.approval_requested', null],
      ['mandate.approval_decided', 'approved'],
    ]);
  });

  it('mpp: approved, the checkout awaits payment; the agent re-sends for its 402 and pays it', async () => {
    const a = await agent(0);
    const label = randomLabel('apmpp');
    const asked = await registerDomain(s.t.app, label, { headers: a.key, method: 'mpp' });
    expect(asked.statusCode).toBe(202);
    expect(asked.headers['www-authenticate']).toBeUndefined();
    const id = asked.json().approval_id;
    // The person lowers the budget below it while it waits: it keeps its reservation and still waits.
    const lowered = await inject('PUT', `/api/v1/agents/${a.id}/mandate`, asPerson(), {
      approval_above: { usd: '10.00' },
      per_day: { usd: '1.00' },
    });
    expect(lowered.statusCode).toBe(200);
    expect(
      await until(
        () => stageOf(label),
        (v) => v.stage !== undefined,
      ),
    ).toMatchObject({ stage: 'awaiting_approval' });
    expect((await s.t.db.em().findOneOrFail(MandateSpend, { accountId: a.id })).status).toBe('reserved');
    expect((await inject('POST', `/api/v1/approvals/${id}/approve`, asPerson())).statusCode).toBe(200);
    const standing = await until(
      () => approval(id, a.key),
      (v) => v.checkout.stage === 'awaiting_payment',
    );
    expect(standing.message).toMatch(/re-send/);
    const challenge = await registerDomain(s.t.app, label, { headers: a.key, method: 'mpp' });
    expect(challenge.statusCode).toBe(402);
    const paid = await s.pay(challenge);
    const done = await inject(
      'POST',
      '/api/v1/domains/register',
      { ...a.key, authorization: `Payment ${paid.txHash}` },
      { domain: label, namespace: 'agent', years: 1, agreed_to_terms: true, payment_method: 'mpp' },
    );
    expect(done.statusCode).toBe(200);
    expect(await s.t.db.em().count(Domain, { name: `${label}.agent` })).toBe(1);
  });

  it.each(['renew', 'buy'] as const)('%s with gems: 202, approved, applied once by the run', async (rail) => {
    const a = await agent();
    let res;
    if (rail === 'renew') {
      const owner = await s.t.db.em().findOneOrFail(Account, { id: a.id });
      const expiryDate = new Date(Date.now() + 300 * 24 * 3600_000);
      const d = await createDomain(s.t.db.orm, { label: randomLabel('aren'), namespace: 'agent', owner, expiryDate });
      res = await inject('POST', '/api/v1/renew', a.key, { domain: d.name, years: 1, payment_method: 'gems' });
    } else {
      const listing = await createListing(s.t.db.orm, { priceGems: 1500 });
      res = await inject('POST', '/api/v1/domains/buy-secondary', a.key, {
        domain: listing.name,
        payment_method: 'gems',
      });
    }
    expect(res.statusCode).toBe(202);
    const id = res.json().approval_id;
    expect(await gemsBalance(s.t.db.em(), a.id)).toBe(100_000);
    expect((await approval(id, a.key)).operation).toBe(rail);
    expect((await inject('POST', `/api/v1/approvals/${id}/approve`, asPerson())).statusCode).toBe(200);
    const done = await until(
      () => approval(id, a.key),
      (v) => v.checkout.outcome !== null,
    );
    expect(done.checkout.outcome).toBe(rail === 'renew' ? 'renewed' : 'purchased');
    expect(await gemsBalance(s.t.db.em(), a.id)).toBe(100_000 - 1500);
    expect(await debits(a.id)).toBe(1);
  });

  it('refused: the run ends Completed refused, nothing charged, the reservation released, the name free', async () => {
    const a = await agent();
    const label = randomLabel('refu');
    const id = (await registerDomain(s.t.app, label, { headers: a.key, method: 'gems' })).json().approval_id;
    const no = await inject('POST', `/api/v1/approvals/${id}/refuse`, asPerson());
    expect(no.json().approval).toMatchObject({ status: 'refused' });
    const ended = await until(
      () => stageOf(label),
      (v) => v.status === 'COMPLETED',
    );
    expect(ended).toEqual({ status: 'COMPLETED', stage: 'refused' });
    expect((await approval(id, a.key)).checkout.outcome).toBe('approval_refused');
    expect(await gemsBalance(s.t.db.em(), a.id)).toBe(100_000);
    expect((await s.t.db.em().findOneOrFail(MandateSpend, { accountId: a.id })).status).toBe('released');
    expect(await debits(a.id)).toBe(0);
    // The name is free again (the person could now raise the threshold, say).
    await inject('PUT', `/api/v1/agents/${a.id}/mandate`, asPerson(), {});
    expect((await registerDomain(s.t.app, label, { headers: a.key, method: 'gems' })).statusCode).toBe(200);
  });

  it('left unanswered until the deadline: expired, nothing charged, reservation released, name free again', async () => {
    const a = await agent();
    const label = randomLabel('expi');
    const asked = await registerDomain(s.t.app, label, { headers: a.key, method: 'gems' });
    const id = asked.json().approval_id;
    expect(Date.parse(asked.json().expires_at) - Date.now()).toBeLessThanOrEqual(TTL_SECONDS * 1000);
    const ended = await until(
      () => stageOf(label),
      (v) => v.status === 'COMPLETED',
      (TTL_SECONDS + 8) * 1000,
    );
    expect(ended).toEqual({ status: 'COMPLETED', stage: 'refused' });
    const seen = await approval(id, asPerson());
    expect(seen).toMatchObject({ status: 'expired', decided_by: null, checkout: { outcome: 'approval_expired' } });
    expect((await inject('POST', `/api/v1/approvals/${id}/approve`, asPerson())).statusCode).toBe(409);
    expect(await gemsBalance(s.t.db.em(), a.id)).toBe(100_000);
    expect(await debits(a.id)).toBe(0);
    expect((await s.t.db.em().findOneOrFail(MandateSpend, { accountId: a.id })).status).toBe('released');
    const events = await until(
      async () => eventsFor(id),
      (e) => e.length >= 2,
    );
    expect(events).toEqual([
      ['mandate.approval_requested', null],
      ['mandate.approval_decided', 'expired'],
    ]);
    // The name is free: another registration without approval succeeds.
    await inject('PUT', `/api/v1/agents/${a.id}/mandate`, asPerson(), {});
    expect((await registerDomain(s.t.app, label, { headers: a.key, method: 'gems' })).statusCode).toBe(200);
  });
  // Issue 38 items 12 and 13: a purchase waiting for the person holds its name like an unpaid checkout, on
  // every rail: it counts against CHECKOUT_MAX_OPEN (3 here) and search and quote say being_registered.
  it('waiting purchases count against CHECKOUT_MAX_OPEN on every rail and hold their names; a refusal frees both at once', async () => {
    const a = await agent();
    expect(
      (await inject('PUT', `/api/v1/agents/${a.id}/mandate`, asPerson(), { approval_above: { gems: 0 } })).statusCode,
    ).toBe(200);
    const labels = [randomLabel('hold'), randomLabel('hold'), randomLabel('hold'), randomLabel('hold')];
    const waiting = [
      await registerDomain(s.t.app, labels[0]!, { headers: a.key, method: 'gems' }),
      await registerDomain(s.t.app, labels[1]!, { headers: a.key, method: 'mpp' }),
      await registerDomain(s.t.app, labels[2]!, { headers: a.key, method: 'gems' }),
    ];
    expect(waiting.map((r) => r.statusCode)).toEqual([202, 202, 202]);
    // The fourth, on either rail, gets the open-checkout refusal, and leaves nothing behind.
    for (const method of ['gems', 'mpp']) {
      const over = await registerDomain(s.t.app, labels[3]!, { headers: a.key, method });
      expect([method, over.statusCode, over.json().code]).toEqual([method, 429, 'too_many_open_checkouts']);
    }
    expect(await s.t.db.em().count(MandateApproval, { accountId: a.id })).toBe(3);
    expect(await s.t.db.em().count(MandateSpend, { accountId: a.id, status: 'reserved' })).toBe(3);

    const search = async (label: string) =>
      (await inject('GET', `/api/v1/domains/search?q=${label}.agent`, {})).json().results[0];
    const quote = async (label: string) =>
      (await inject('POST', '/api/v1/domains/quote', {}, { domain: label, namespace: 'agent', years: 1 })).json();
    for (const label of labels.slice(0, 3)) {
      expect(await search(label)).toMatchObject({ available: false, reason: 'being_registered' });
      expect(await quote(label)).toMatchObject({ available: false, reason: 'being_registered' });
    }
    expect(await search(labels[3]!)).toMatchObject({ available: true });

    // Refused: the slot and the name are free when the refusal answers, not when the run gets to it.
    const no = await inject('POST', `/api/v1/approvals/${waiting[0]!.json().approval_id}/refuse`, asPerson());
    expect(no.statusCode).toBe(200);
    expect(await search(labels[0]!)).toMatchObject({ available: true, reason: 'available' });
    expect((await registerDomain(s.t.app, labels[3]!, { headers: a.key, method: 'gems' })).statusCode).toBe(202);
  });

  it('renew with gems asked again while it waits answers the same approval', async () => {
    const a = await agent();
    const owner = await s.t.db.em().findOneOrFail(Account, { id: a.id });
    const expiryDate = new Date(Date.now() + 300 * 24 * 3600_000);
    const d = await createDomain(s.t.db.orm, { label: randomLabel('again'), namespace: 'agent', owner, expiryDate });
    const renew = () => inject('POST', '/api/v1/renew', a.key, { domain: d.name, years: 1, payment_method: 'gems' });
    const first = await renew();
    expect(first.statusCode).toBe(202);
    const again = await renew();
    expect([again.statusCode, again.json().approval_id]).toEqual([202, first.json().approval_id]);
    expect(await s.t.db.em().count(MandateApproval, { accountId: a.id })).toBe(1);
    expect(await s.t.db.em().count(MandateSpend, { accountId: a.id, status: 'reserved' })).toBe(1);
  });

  // Issue 38 item 6. The worker is stopped, so the run cannot release anything: whatever the person and the
  // agent read right after the refusal answered is the refusal's own doing. (Last: it restarts the worker.)
  it('refused: the budget the person and the agent read is right as soon as the refusal answers', async () => {
    const a = await agent();
    expect(
      (
        await inject('PUT', `/api/v1/agents/${a.id}/mandate`, asPerson(), {
          approval_above: { usd: '10.00' },
          per_day: { usd: '100.00' },
        })
      ).statusCode,
    ).toBe(200);
    const label = randomLabel('rbud');
    const id = (await registerDomain(s.t.app, label, { headers: a.key, method: 'gems' })).json().approval_id;
    await until(
      () => stageOf(label),
      (v) => v.stage === 'awaiting_approval',
    );
    const remaining = async (who: Record<string, string>) =>
      (await inject('GET', `/api/v1/agents/${a.id}/mandate`, who)).json().mandate.remaining.per_day.usd;
    expect(await remaining(a.key)).toBe('85.00');

    await s.worker?.stop();
    try {
      expect((await inject('POST', `/api/v1/approvals/${id}/refuse`, asPerson())).statusCode).toBe(200);
      expect((await inject('GET', '/api/v1/agents/me', a.key)).json().mandate.remaining.per_day.usd).toBe('100.00');
      expect(await remaining(asPerson())).toBe('100.00');
      expect((await s.t.db.em().findOneOrFail(MandateSpend, { accountId: a.id })).status).toBe('released');
    } finally {
      s.worker = await s.startWorker();
    }
    // The run, when it gets to it, ends refused; its own release finds nothing more to do.
    const ended = await until(
      () => stageOf(label),
      (v) => v.status === 'COMPLETED',
    );
    expect(ended).toEqual({ status: 'COMPLETED', stage: 'refused' });
    expect((await s.t.db.em().findOneOrFail(MandateSpend, { accountId: a.id })).status).toBe('released');
    expect(await remaining(a.key)).toBe('100.00');
  });
});
