import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import {
  Account,
  Domain,
  DomainOrder,
  IdempotencyKey,
  LedgerTransaction,
  Offer,
  Sale,
  WebhookSubscription,
} from '../../src/db/entities/index.ts';
import { declaredRoutes } from '../../src/server/declared.ts';
import { gemsBalance, grantGems } from '../../src/ledger/gems.ts';
import { registerDomain, type RegisterRequest } from '../helpers/app.ts';
import { createDomain, randomLabel } from '../helpers/fixtures.ts';
import { eventually } from '../helpers/hosted-checkout.ts';
import { humanWithSession, provision } from '../helpers/identities.ts';
import { startRegistryStack, type RegistryStack } from '../helpers/registry-stack.ts';
import { WAIT_LIMIT_MS } from '../helpers/wait.ts';
import { startTestReceiver } from '../helpers/webhook-receiver.ts';

// Idempotency-Key on mutating calls (docs/api.md "Idempotency keys"), through the real API,
// PostgreSQL, Temporal and worker: a retry with the same key gets the first answer and never pays twice.
describe('Idempotency-Key', () => {
  let s: RegistryStack;
  let key: Record<string, string>;
  let accountId: string;

  /** A gems registration's request under Idempotency-Key `idem`. */
  const idempotent = (idem: string, headers = key): RegisterRequest => ({
    headers: { ...headers, 'idempotency-key': idem },
    method: 'gems',
  });
  const debits = (name: string) => s.t.db.em().count(LedgerTransaction, { memo: name });

  beforeAll(async () => {
    // No worker at first: a gems registration then stays in flight until the test starts one.
    s = await startRegistryStack({ WEBHOOK_ALLOW_INSECURE_LOCAL: 'true' }, { worker: false });
    const agent = await provision(s.t.app);
    key = { 'x-api-key': agent.api_key };
    accountId = agent.account_id;
    await grantGems(s.t.db.em(), { accountId, amount: 100_000, reference: `g:${randomLabel()}` });
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('answers 409 while the first request runs, then replays its answer; one domain, one debit', async () => {
    const label = randomLabel('idem');
    const idem = `k-${label}`;
    const first = registerDomain(s.t.app, label, idempotent(idem));
    await eventually(async () => (await s.t.db.em().count(IdempotencyKey, { key: idem })) === 1);
    const during = await registerDomain(s.t.app, label, idempotent(idem));
    expect(during.statusCode).toBe(409);
    expect(during.json()).toMatchObject({ status: 'error', code: 'idempotency_key_in_use' });

    s.worker = await s.startWorker();
    const answered = await first;
    expect(answered.statusCode).toBe(200);
    expect(answered.json().domain).toMatchObject({ name: `${label}.agent`, status: 'active' });

    const again = await registerDomain(s.t.app, label, idempotent(idem));
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(answered.body);
    expect(await s.t.db.em().count(Domain, { name: `${label}.agent` })).toBe(1);
    expect(await debits(`${label}.agent`)).toBe(1);
  });

  it('refuses the same key with another request (422) and changes nothing', async () => {
    const label = randomLabel('idem');
    const idem = `k-${label}`;
    expect((await registerDomain(s.t.app, label, idempotent(idem))).statusCode).toBe(200);
    const other = await registerDomain(s.t.app, label, { ...idempotent(idem), body: { years: 2 } });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ status: 'error', code: 'idempotency_key_reused' });
    const elsewhere = await registerDomain(s.t.app, randomLabel('idem'), idempotent(idem));
    expect(elsewhere.statusCode).toBe(422);
    expect(await debits(`${label}.agent`)).toBe(1);
  });

  it('keeps a key per credential: another agent’s request with the same key runs on its own', async () => {
    const other = await provision(s.t.app);
    await grantGems(s.t.db.em(), { accountId: other.account_id, amount: 100_000, reference: `g:${randomLabel()}` });
    const idem = `shared-${randomLabel()}`;
    const mine = await registerDomain(s.t.app, randomLabel('idem'), idempotent(idem));
    const theirs = await registerDomain(s.t.app, randomLabel('idem'), idempotent(idem, { 'x-api-key': other.api_key }));
    expect(mine.statusCode).toBe(200);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json().domain.name).not.toBe(mine.json().domain.name);
  });

  it('replays a business refusal, but not a payment challenge (the paid retry must reach the checkout)', async () => {
    const taken = randomLabel('idem');
    expect((await registerDomain(s.t.app, taken, idempotent(`k-${taken}`))).statusCode).toBe(200);
    const refused = await registerDomain(s.t.app, taken, idempotent(`k2-${taken}`));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('name_taken');
    const replayed = await registerDomain(s.t.app, taken, idempotent(`k2-${taken}`));
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.body).toBe(refused.body);

    const label = randomLabel('idem');
    const challenge = () => registerDomain(s.t.app, label, { ...idempotent(`pay-${label}`), method: 'mpp' });
    const first = await challenge();
    expect(first.statusCode).toBe(402);
    const second = await challenge();
    expect(second.statusCode).toBe(402);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    // The same checkout both times; the key keeps no answer, and no longer holds.
    expect(second.json().session_id).toBe(first.json().session_id);
    const row = await s.t.db.em().findOneOrFail(IdempotencyKey, { key: `pay-${label}` });
    expect(row.status).toBeNull();
    expect(row.heldUntil.getTime()).toBeLessThan(Date.now());
  });

  it('replays a profile change, and refuses a malformed key before doing anything', async () => {
    const label = randomLabel('idem');
    expect((await registerDomain(s.t.app, label, idempotent(`k-${label}`))).statusCode).toBe(200);
    const edit = (display_name: string, idem: string) =>
      s.t.app.inject({
        method: 'PATCH',
        url: `/api/v1/domains/${label}.agent/profile`,
        headers: { ...key, 'idempotency-key': idem },
        payload: { display_name },
      });
    const first = await edit('Once', `p-${label}`);
    expect(first.statusCode).toBe(200);
    expect((await edit('Once', `p-${label}`)).headers['idempotent-replayed']).toBe('true');
    expect((await edit('Twice', `p-${label}`)).statusCode).toBe(422);
    const bad = await edit('Never', 'x'.repeat(256));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('validation_failed');
    const shown = await s.t.app.inject({ method: 'GET', url: `/api/v1/lookup/${label}.agent` });
    expect(shown.json().profile.display_name).toBe('Once');
  });

  it('keeps a key per principal: the same person acting for a team is not answered with their own kept answer', async () => {
    const person = await humanWithSession(s.t.app, s.t.db.orm, `idem-${randomLabel()}`);
    const label = randomLabel('idem');
    const owner = await s.t.db.em().findOneOrFail(Account, { id: person.accountId });
    await createDomain(s.t.db.orm, { label, namespace: 'agent', owner });
    const made = await s.t.app.inject({
      method: 'POST',
      url: '/api/v1/teams',
      headers: { cookie: person.cookie },
      payload: { name: `idem ${label}` },
    });
    const team = made.json().team.id as string;
    const edit = (headers: Record<string, string>) =>
      s.t.app.inject({
        method: 'PATCH',
        url: `/api/v1/domains/${label}.agent/profile`,
        headers: { cookie: person.cookie, 'idempotency-key': `t-${label}`, ...headers },
        payload: { display_name: 'Mine' },
      });
    expect((await edit({})).statusCode).toBe(200);
    expect((await edit({})).headers['idempotent-replayed']).toBe('true');
    // The team does not manage the person's name: asked for the team, the same request is decided afresh.
    const forTeam = await edit({ 'x-team-id': team });
    expect(forTeam.headers['idempotent-replayed']).toBeUndefined();
    expect([403, 404]).toContain(forTeam.statusCode);
  });

  /** A keyed POST to a spawned API process: its status, or 'no answer' when the process dies under it. */
  const sendTo = (base: string, path: string, body: object, idem: string, caller = key) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { ...caller, 'content-type': 'application/json', 'idempotency-key': idem },
      body: JSON.stringify(body),
    }).then(
      (r) => r.status,
      () => 'no answer',
    );

  /** The same request again, as a client does: 409 idempotency_key_in_use until the dead hold lapses. */
  async function retry(path: string, body: object, idem: string, caller = key) {
    const started = Date.now();
    for (;;) {
      const res = await s.t.app.inject({
        method: 'POST',
        url: path,
        headers: { ...caller, 'idempotency-key': idem },
        payload: body,
      });
      if (
        Date.now() - started > WAIT_LIMIT_MS ||
        res.statusCode !== 409 ||
        res.json().code !== 'idempotency_key_in_use'
      )
        return { res, waited: Date.now() - started };
      await sleep(500);
    }
  }

  /**
   * The dead request's hold made to lapse now rather than HOLD_MS (15 s) after its last renewal: that
   * it lapses by itself, and the retry then takes the key over, is shown once (the registration below);
   * the other cases are about what the retry answers, and each would wait those 15 s for nothing.
   */
  const lapse = (idem: string) =>
    s.t.db.em().getConnection().execute('update idempotency_key set held_until = now() where key = ?', [idem]);

  it('an API process killed mid-request: a retry with the key gets what the dead request did (registration, renewal, purchase, offer), never a second charge', async () => {
    // The worker stops, so each request is still in flight (its run started, its answer not sent) when
    // its API process is SIGKILLed.
    await s.worker?.stop();
    s.worker = null;
    const label = randomLabel('crash');
    const name = `${label}.agent`;
    const runs = async (type: string) =>
      (
        await s.t.temporal.client.workflow.count(
          `TaskQueue = '${s.taskQueue}' AND WorkflowType = '${type}' AND RegistryDomain = '${name}'`,
        )
      ).count;
    /** Sends the request to a production API process, and kills the process once the run has started. */
    const diesMidRequest = async (path: string, body: object, idem: string, type: string, caller = key) => {
      const api = await s.spawnApi();
      const lost = sendTo(api.url, path, body, idem, caller);
      const before = await runs(type);
      await eventually(async () => (await runs(type)) > before);
      expect(await runs(type)).toBe(before + 1);
      await api.kill();
      expect(await lost).toBe('no answer');
    };

    const registration = { domain: label, namespace: 'agent', years: 1, agreed_to_terms: true, payment_method: 'gems' };
    await diesMidRequest('/api/v1/domains/register', registration, `r-${label}`, 'registrationWorkflow');
    s.worker = await s.startWorker();
    await eventually(async () => (await s.t.db.em().count(Domain, { name, status: 'active' })) === 1);
    const registered = await retry('/api/v1/domains/register', registration, `r-${label}`);
    expect(registered.res.statusCode).toBe(200);
    expect(registered.res.json().domain).toMatchObject({ name, status: 'active' });
    // The key was taken over once the dead request stopped renewing its hold (HOLD_MS, 15 s).
    expect(registered.waited).toBeLessThan(20_000);
    expect(await debits(name)).toBe(1);

    await s.worker.stop();
    s.worker = null;
    const renewal = { domain: name, years: 1, payment_method: 'gems' };
    await diesMidRequest('/api/v1/renew', renewal, `n-${label}`, 'renewalWorkflow');
    s.worker = await s.startWorker();
    const renewals = () => s.t.db.em().count(DomainOrder, { domainName: name, kind: 'renewal' });
    await eventually(async () => (await renewals()) === 1);
    await lapse(`n-${label}`);
    const renewed = await retry('/api/v1/renew', renewal, `n-${label}`);
    expect(renewed.res.statusCode).toBe(200);
    const order = await s.t.db.em().findOneOrFail(DomainOrder, { domainName: name, kind: 'renewal' });
    expect(renewed.res.json().order.order_id).toBe(order.id);
    // Without the key's operation, this retry would have renewed (and charged) a second time.
    expect(await renewals()).toBe(1);
    expect(await debits(name)).toBe(2);
    // And the answer is now kept: the same key replays it at once.
    const replay = await retry('/api/v1/renew', renewal, `n-${label}`);
    expect(replay.res.headers['idempotent-replayed']).toBe('true');
    expect(replay.res.body).toBe(renewed.res.body);

    // The retry arrives while the dead request's run still waits for a worker, and the worker comes back
    // while the retry reads: it answers that run's renewal however the run's close falls between its reads.
    // Chaos seed 7186 renewed twice once: its retry read the orders before the run closed and the run after
    // (src/renewal/service.ts now asks the run first, open or closed).
    await s.worker.stop();
    s.worker = null;
    await diesMidRequest('/api/v1/renew', renewal, `m-${label}`, 'renewalWorkflow');
    await lapse(`m-${label}`);
    const [meeting, worker] = await Promise.all([
      retry('/api/v1/renew', renewal, `m-${label}`),
      sleep(1_000).then(() => s.startWorker()),
    ]);
    s.worker = worker;
    expect(meeting.res.statusCode).toBe(200);
    expect(await renewals()).toBe(2);
    expect(await debits(name)).toBe(3);
    const orders = await s.t.db.em().find(DomainOrder, { domainName: name, kind: 'renewal' });
    expect(orders.map((o) => o.id)).toContain(meeting.res.json().order.order_id);

    // A purchase: the owner lists the name, another agent buys it with gems through a process that dies.
    const buyer = await provision(s.t.app);
    const buyerKey = { 'x-api-key': buyer.api_key };
    await grantGems(s.t.db.em(), { accountId: buyer.account_id, amount: 10_000, reference: `g:${randomLabel()}` });
    const listed = await s.t.app.inject({
      method: 'PUT',
      url: `/api/v1/domains/${name}/listing`,
      headers: key,
      payload: { price: { gems: 1000, usd: null } },
    });
    expect(listed.statusCode).toBe(200);
    await s.worker.stop();
    s.worker = null;
    const purchase = { domain: name, payment_method: 'gems' };
    await diesMidRequest('/api/v1/domains/buy-secondary', purchase, `b-${label}`, 'purchaseWorkflow', buyerKey);
    s.worker = await s.startWorker();
    const sales = () => s.t.db.em().count(Sale, { domainName: name });
    await eventually(async () => (await sales()) === 1);
    await lapse(`b-${label}`);
    const bought = await retry('/api/v1/domains/buy-secondary', purchase, `b-${label}`, buyerKey);
    // Without the key's operation, this retry found the listing gone and answered 404 not_listed.
    expect(bought.res.statusCode).toBe(200);
    expect(bought.res.json().sale).toMatchObject({ domain: name, buyer_id: buyer.account_id, price: 1000 });
    expect(await sales()).toBe(1);
    expect((await s.t.db.em().findOneOrFail(Domain, { name })).owner.id).toBe(buyer.account_id);

    // An offer: the first owner bids on the name it sold, with gems held in escrow, through a process that dies.
    await s.worker.stop();
    s.worker = null;
    const balanceBefore = await gemsBalance(s.t.db.em(), accountId);
    const bid = { domain: name, amount: 700, currency: 'gems' };
    await diesMidRequest('/api/v1/domains/make-offer', bid, `o-${label}`, 'offerWorkflow');
    s.worker = await s.startWorker();
    const offersMade = () => s.t.db.em().find(Offer, { domainName: name, bidder: accountId });
    await eventually(async () => (await offersMade()).length === 1);
    await lapse(`o-${label}`);
    const offered = await retry('/api/v1/domains/make-offer', bid, `o-${label}`);
    expect(offered.res.statusCode).toBe(200);
    const [made] = await offersMade();
    expect(offered.res.json().offer).toMatchObject({ offer_id: made?.id, status: 'pending', amount: 700 });
    // One offer, one escrow: without the key's operation this retry opened a second offer and held 700 more.
    expect(await offersMade()).toHaveLength(1);
    expect(await gemsBalance(s.t.db.em(), accountId)).toBe(balanceBefore - 700);
  });

  /**
   * The moment a crash loses an answer whose work is done. One connection holds a row the request's
   * work must wait on (the gate), while a second takes the key's row once the request has claimed it;
   * the gate lets go, the work commits, and the answer waits on the key's row until the API process is
   * SIGKILLed. A dead process's statement already inside PostgreSQL would still run once the lock goes:
   * it goes with its connection, as when a host dies, so the answer is never kept.
   */
  async function diesBetweenCommitAndAnswer(q: {
    path: string;
    body: object;
    idem: string;
    gate: [sql: string, params: unknown[]];
    committed: () => Promise<boolean>;
  }) {
    const [gate, keyLock] = [
      new pg.Client({ connectionString: s.t.db.url }),
      new pg.Client({ connectionString: s.t.db.url }),
    ];
    for (const c of [gate, keyLock]) {
      await c.connect();
      await c.query('begin');
    }
    const api = await s.spawnApi();
    try {
      await gate.query(...q.gate);
      const lost = sendTo(api.url, q.path, q.body, q.idem);
      await eventually(
        async () =>
          (await keyLock.query('select 1 from idempotency_key where key = $1 for update', [q.idem])).rowCount === 1,
      );
      await gate.query('rollback');
      await eventually(q.committed);
      expect(await q.committed()).toBe(true);
      // The answer's write, waiting on the key's row: the request has done its work and is answering.
      const answering = `from pg_stat_activity
         where query like 'update idempotency_key set status%' and wait_event_type = 'Lock'`;
      // (Asked on the gate's connection, now outside any transaction: each read of pg_stat_activity fresh.)
      await eventually(async () => (await gate.query(`select 1 ${answering}`)).rowCount === 1);
      await api.kill();
      expect(await lost).toBe('no answer');
      const { rowCount } = await gate.query(`select pg_terminate_backend(pid) ${answering}`);
      expect(rowCount).toBe(1);
    } finally {
      await keyLock.query('rollback');
      for (const c of [gate, keyLock]) await c.end();
    }
  }

  /** A name the test's agent has just registered (with a worker running). */
  async function ownName(prefix: string) {
    s.worker ??= await s.startWorker();
    const label = randomLabel(prefix);
    expect((await registerDomain(s.t.app, label, idempotent(`reg-${label}`))).statusCode).toBe(200);
    return { label, name: `${label}.agent` };
  }

  it('a transfer whose API died after it committed, before its answer was kept: the retry answers that transfer', async () => {
    const { label, name } = await ownName('move');
    const to = await provision(s.t.app);
    const body = { domain: name, to_account_id: to.account_id };
    await diesBetweenCommitAndAnswer({
      path: '/api/v1/domains/transfer',
      body,
      idem: `t-${label}`,
      gate: ['select 1 from domain where name = $1 for update', [name]],
      committed: async () => (await s.t.db.em().findOneOrFail(Domain, { name })).owner.id === to.account_id,
    });
    await lapse(`t-${label}`);
    const { res } = await retry('/api/v1/domains/transfer', body, `t-${label}`);
    // Without the key's operation the retry was refused 403: the name no longer belonged to the caller.
    expect(res.statusCode).toBe(200);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    const orders = await s.t.db.em().find(DomainOrder, { domainName: name, kind: 'transfer' });
    expect(orders).toHaveLength(1);
    expect(res.json()).toMatchObject({ domain: { name, owner_id: to.account_id }, order_id: orders[0]?.id });
  });

  it('a webhook subscription whose answer was lost: the retry answers that subscription and its secret, not a second one', async () => {
    const receiver = await startTestReceiver('unused');
    try {
      const body = { target_url: receiver.url, events: ['domain.registered'] };
      const idem = `w-${randomLabel()}`;
      const mine = () => s.t.db.em().count(WebhookSubscription, { account: accountId, targetUrl: receiver.url });
      await diesBetweenCommitAndAnswer({
        path: '/api/v1/webhooks/subscribe',
        body,
        idem,
        // The subscription's insert checks its account row, and waits while another holds it.
        gate: ['select 1 from account where id = $1 for update', [accountId]],
        committed: async () => (await mine()) === 1,
      });
      await lapse(idem);
      const { res } = await retry('/api/v1/webhooks/subscribe', body, idem);
      // Without the key's operation the retry made a second subscription (every event delivered twice).
      expect(res.statusCode).toBe(200);
      expect(await mine()).toBe(1);
      const stored = await s.t.db
        .em()
        .findOneOrFail(WebhookSubscription, { account: accountId, targetUrl: receiver.url });
      // The generated secret was never shown (the first answer was lost): this answer shows it.
      expect(res.json()).toMatchObject({ subscription: { subscription_id: stored.id }, secret: stored.secret });
    } finally {
      await receiver.stop();
    }
  });

  it('an offer accepted through an API that died before its answer was kept: the retry answers that acceptance', async () => {
    const { label, name } = await ownName('sold');
    const bidder = await provision(s.t.app);
    await grantGems(s.t.db.em(), { accountId: bidder.account_id, amount: 5_000, reference: `g:${randomLabel()}` });
    const made = await s.t.app.inject({
      method: 'POST',
      url: '/api/v1/domains/make-offer',
      headers: { 'x-api-key': bidder.api_key },
      payload: { domain: name, amount: 900, currency: 'gems' },
    });
    expect(made.statusCode).toBe(200);
    const offerId = made.json().offer.offer_id as string;
    const path = `/api/v1/domains/offers/${offerId}/respond`;
    await diesBetweenCommitAndAnswer({
      path,
      body: { action: 'accept' },
      idem: `a-${label}`,
      // The decision locks the offer's row, and waits while another holds it.
      gate: ['select 1 from offer where id = $1 for update', [offerId]],
      committed: async () => (await s.t.db.em().findOneOrFail(Offer, { id: offerId })).saleId !== null,
    });
    await lapse(`a-${label}`);
    const { res } = await retry(path, { action: 'accept' }, `a-${label}`);
    // Without the decision's operation the seller's retry was refused 404: the name is no longer theirs.
    expect(res.statusCode).toBe(200);
    const sale = await s.t.db.em().findOneOrFail(Sale, { domainName: name });
    expect(res.json().offer).toMatchObject({ offer_id: offerId, status: 'accepted', sale_id: sale.id });
    expect(await s.t.db.em().count(Sale, { domainName: name })).toBe(1);
    expect((await s.t.db.em().findOneOrFail(Domain, { name })).owner.id).toBe(bidder.account_id);
    // Another key of the same seller is not that decision: the offer is no longer pending to it (409,
    // with the offer as it ended: the seller it ended with still sees it).
    const other = await retry(path, { action: 'accept' }, `a2-${label}`);
    expect([other.res.statusCode, other.res.json()]).toMatchObject([
      409,
      { code: 'offer_not_pending', offer: { offer_id: offerId, status: 'accepted', sale_id: sale.id } },
    ]);
  });

  it('an offer answered 503 while no worker could open it: the same request retried opens that one offer, never a second escrow', async () => {
    const { label, name } = await ownName('wait');
    const bidder = await provision(s.t.app);
    await grantGems(s.t.db.em(), { accountId: bidder.account_id, amount: 5_000, reference: `g:${randomLabel()}` });
    const bid = () =>
      s.t.app.inject({
        method: 'POST',
        url: '/api/v1/domains/make-offer',
        headers: { 'x-api-key': bidder.api_key, 'idempotency-key': `o-${label}` },
        payload: { domain: name, amount: 700, currency: 'gems' },
      });
    // No worker: the offer's run is started, but nothing opens the offer before the API gives up (30 s).
    await s.worker?.stop();
    s.worker = null;
    const first = await bid();
    expect(first.statusCode).toBe(503);
    s.worker = await s.startWorker();
    const second = await bid();
    expect([second.statusCode, second.json()]).toMatchObject([200, {}]);
    // The first attempt's run takes its opening when a worker comes; a retry under a fresh operation id
    // would have started a second run, whose offer escrowed the amount a second time.
    await sleep(3_000);
    const offers = await s.t.db.em().find(Offer, { domainName: name, bidder: bidder.account_id });
    expect(offers.map((o) => o.id)).toEqual([second.json().offer.offer_id]);
    expect(await gemsBalance(s.t.db.em(), bidder.account_id)).toBe(4300);
  });

  it('a hosted checkout whose answer was lost: the retry hands out the same checkout at once', async () => {
    s.worker ??= await s.startWorker();
    const human = await humanWithSession(s.t.app, s.t.db.orm, `idem-${randomLabel()}`);
    const label = randomLabel('bpo');
    const start = () =>
      registerDomain(s.t.app, label, {
        headers: { cookie: human.cookie, 'idempotency-key': `h-${label}` },
        method: 'gfavip_checkout',
        body: { namespace: 'bpo' },
      });
    const first = await start();
    expect(first.statusCode).toBe(202);
    // As an API killed after it opened the checkout, before it kept its answer, leaves the key.
    await s.t.db
      .em()
      .nativeUpdate(
        IdempotencyKey,
        { key: `h-${label}` },
        { status: null, contentType: null, body: null, answeredAt: null, heldUntil: new Date(Date.now() - 1_000) },
      );
    // Before, the takeover waited for the checkout's outcome, which needs the URL it never handed out.
    const retry = await Promise.race([start(), new Promise<null>((r) => setTimeout(() => r(null), 10_000))]);
    expect(retry?.statusCode).toBe(202);
    expect(retry?.json()).toEqual(first.json());
  });

  it('is documented on every route that takes it', async () => {
    const doc = (await s.t.app.inject({ method: 'GET', url: '/openapi.json' })).json<{
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[]; responses: object }>>;
    }>();
    const idempotent = declaredRoutes.filter((r) => r.config.idempotent).map((r) => `${r.method} ${r.url}`);
    expect(idempotent).toHaveLength(14);
    for (const route of idempotent) {
      const [method, url] = route.split(' ') as [string, string];
      const op = doc.paths[url.replace(/:([a-z_]+)/g, '{$1}')]?.[method.toLowerCase()];
      expect({ route, header: op?.parameters?.some((p) => p.in === 'header' && p.name === 'idempotency-key') }).toEqual(
        {
          route,
          header: true,
        },
      );
      expect(Object.keys(op?.responses ?? {})).toEqual(expect.arrayContaining(['409', '422']));
    }
  });
});
