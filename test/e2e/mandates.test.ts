import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Account, Domain, LedgerTransaction, MandateSpend, OutboxEvent } from '../../src/db/entities/index.ts';
import { gemsBalance } from '../../src/ledger/gems.ts';
import { startRegistryStack, type RegistryStack } from '../helpers/registry-stack.ts';
import { claimedAgent, humanWithSession } from '../helpers/identities.ts';
import { registerDomain } from '../helpers/app.ts';
import { createDomain, createListing, randomLabel } from '../helpers/fixtures.ts';
import { eventually } from '../helpers/hosted-checkout.ts';

// Issue 29: spend mandates, over the real stack (API, worker, Temporal, PostgreSQL, the local Tempo chain).
// .agent costs an agent 1500 gems a year ($15.00 at the default rate of $0.01 a gem).
describe('spend mandates', () => {
  let s: RegistryStack;
  let person: { accountId: string; cookie: string };
  beforeAll(async () => {
    s = await startRegistryStack({ RATE_LIMIT_MAX: '10000', CHECKOUT_MAX_OPEN: '20' });
    person = await humanWithSession(s.t.app, s.t.db.orm, `mandates-${randomLabel()}`);
    asPerson.cookie = person.cookie;
  });
  afterAll(() => s?.stop());

  const inject = (
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: unknown,
  ) => s.t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const asPerson = { cookie: '' };

  /** A fresh agent claimed by the person, with gems. */
  const agent = (gems?: number) => claimedAgent(s.t.app, s.t.db.orm, person.cookie, gems);
  const setMandate = (agentId: string, mandate: unknown) =>
    inject('PUT', `/api/v1/agents/${agentId}/mandate`, asPerson, mandate);
  const spends = (accountId: string) =>
    s.t.db.em().find(MandateSpend, { accountId }, { orderBy: { createdAt: 'asc' } });

  it('without a mandate an agent spends as today, and /me says so', async () => {
    const a = await agent();
    expect((await registerDomain(s.t.app, randomLabel('free'), { headers: a.key, method: 'gems' })).statusCode).toBe(
      200,
    );
    const me = await inject('GET', '/api/v1/agents/me', a.key);
    expect(me.json().mandate).toBeNull();
    expect(await spends(a.id)).toEqual([]);
    expect((await inject('GET', `/api/v1/agents/${a.id}/mandate`, a.key)).json().code).toBe('mandate_not_found');
    // /me remembers that there is no mandate (the read cache) until the database announces one, and forgets
    // it again when it is removed: the change reaches it within the notification's way back.
    const meShows = async (present: boolean) => {
      for (let i = 0; i < 40; i++) {
        const m = (await inject('GET', '/api/v1/agents/me', a.key)).json().mandate;
        if ((m !== null) === present) return m;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`/me never showed the mandate ${present ? 'set' : 'removed'}`);
    };
    expect((await setMandate(a.id, { per_day: { gems: 9000 } })).statusCode).toBe(200);
    expect(await meShows(true)).toMatchObject({ per_day: { gems: 9000 } });
    expect((await inject('DELETE', `/api/v1/agents/${a.id}/mandate`, asPerson)).statusCode).toBe(200);
    expect(await meShows(false)).toBeNull();
  });

  it('only the person who manages the agent changes its mandate; every change is recorded', async () => {
    const a = await agent();
    const own = await inject('PUT', `/api/v1/agents/${a.id}/mandate`, a.key, { per_day: { gems: 1 } });
    expect(own.statusCode).toBe(403);
    const stranger = await humanWithSession(s.t.app, s.t.db.orm, `stranger-${randomLabel()}`);
    const other = await inject(
      'PUT',
      `/api/v1/agents/${a.id}/mandate`,
      { cookie: stranger.cookie },
      { per_day: { gems: 1 } },
    );
    expect(other.json().code).toBe('account_not_found');

    expect((await setMandate(a.id, { per_day: { usd: '50.00' } })).statusCode).toBe(200);
    expect((await setMandate(a.id, { per_day: { usd: '20.00' }, allowed_operations: ['register'] })).statusCode).toBe(
      200,
    );
    expect((await inject('DELETE', `/api/v1/agents/${a.id}/mandate`, a.key)).statusCode).toBe(403);
    expect((await inject('DELETE', `/api/v1/agents/${a.id}/mandate`, asPerson)).statusCode).toBe(200);
    const history = (await inject('GET', `/api/v1/agents/${a.id}/mandate/history`, a.key)).json();
    expect(history.total).toBe(3);
    const [removed, changed, created] = history.data;
    expect(created).toMatchObject({ changed_by: person.accountId, before: null, after: { per_day: { usd: '50.00' } } });
    expect(changed).toMatchObject({
      before: { per_day: { usd: '50.00' } },
      after: { allowed_operations: ['register'] },
    });
    expect(removed).toMatchObject({ before: { per_day: { usd: '20.00' } }, after: null });
  });

  // Each limit on each gems rail: the refusal comes before any gems move.
  type Rail = 'register' | 'renew' | 'buy' | 'offer';
  async function attempt(rail: Rail, a: { id: string; key: Record<string, string> }) {
    if (rail === 'register') return registerDomain(s.t.app, randomLabel('lim'), { headers: a.key, method: 'gems' });
    if (rail === 'renew') {
      const owner = await s.t.db.em().findOneOrFail(Account, { id: a.id });
      const expiryDate = new Date(Date.now() + 300 * 24 * 3600_000);
      const d = await createDomain(s.t.db.orm, { label: randomLabel('ren'), namespace: 'agent', owner, expiryDate });
      return inject('POST', '/api/v1/renew', a.key, { domain: d.name, years: 1, payment_method: 'gems' });
    }
    if (rail === 'buy') {
      const listing = await createListing(s.t.db.orm, { priceGems: 1500 });
      return inject('POST', '/api/v1/domains/buy-secondary', a.key, { domain: listing.name, payment_method: 'gems' });
    }
    const d = await createDomain(s.t.db.orm, { label: randomLabel('off'), namespace: 'agent' });
    return inject('POST', '/api/v1/domains/make-offer', a.key, { domain: d.name, amount: 1500, currency: 'gems' });
  }
  const cases: [string, Record<string, unknown>, string, Record<string, unknown>][] = [
    [
      'per-operation cap (USD)',
      { per_operation: { usd: '14.99' } },
      'mandate_exceeded',
      { limit: 'per_operation', unit: 'usd' },
    ],
    [
      'per-day budget (gems)',
      { per_day: { gems: 1499 } },
      'mandate_exceeded',
      { limit: 'per_day', unit: 'gems', remaining: 1499 },
    ],
    [
      '30-day budget (USD)',
      { per_30_days: { usd: '10.00' } },
      'mandate_exceeded',
      { limit: 'per_30_days', remaining: '10.00' },
    ],
    ['operation not allowed', { allowed_operations: [] }, 'mandate_forbids', { rule: 'operation' }],
    [
      'namespace not allowed',
      { allowed_namespaces: ['bpo'] },
      'mandate_forbids',
      { rule: 'namespace', value: 'agent' },
    ],
  ];
  it.each((['register', 'renew', 'buy', 'offer'] as Rail[]).flatMap((r) => cases.map((c) => [r, ...c] as const)))(
    '%s: %s refuses, nothing moves',
    async (rail, _what, mandate, code, details) => {
      const a = await agent();
      expect((await setMandate(a.id, mandate)).statusCode).toBe(200);
      const res = await attempt(rail, a);
      expect({ status: res.statusCode, code: res.json().code, details: res.json().details }).toMatchObject({
        status: 403,
        code,
        details,
      });
      expect(await gemsBalance(s.t.db.em(), a.id)).toBe(100_000);
      expect(await spends(a.id)).toEqual([]);
    },
  );

  // Issue 38 item 13: a namespace that does not exist would silently forbid every purchase.
  it('allowed_namespaces refuses namespaces that do not exist with 400 unknown_namespace, and changes nothing', async () => {
    const a = await agent();
    for (const bad of [['AGENT'], ['\u0430gent'], ['<b>agent</b>'], ['.agent'], ['agent', 'nope']]) {
      const res = await setMandate(a.id, { per_day: { usd: '5.00' }, allowed_namespaces: bad });
      expect([bad, res.statusCode, res.json().code]).toEqual([bad, 400, 'unknown_namespace']);
      expect(res.json().details.namespaces).toEqual(bad.filter((n) => n !== 'agent'));
      expect(res.json().details.known).toContain('agent');
    }
    expect((await inject('GET', `/api/v1/agents/${a.id}/mandate`, asPerson)).statusCode).toBe(404);
    expect((await inject('GET', `/api/v1/agents/${a.id}/mandate/history`, asPerson)).json().total).toBe(0);
    const ok = await setMandate(a.id, { allowed_namespaces: ['agent', 'bpo'] });
    expect([ok.statusCode, ok.json().mandate.allowed_namespaces]).toEqual([200, ['agent', 'bpo']]);
  });

  it('each rail spends within the limits, and /me shows what remains', async () => {
    const a = await agent();
    await setMandate(a.id, { per_operation: { gems: 1500 }, per_day: { usd: '60.00' } });
    for (const rail of ['register', 'renew', 'buy', 'offer'] as Rail[])
      expect((await attempt(rail, a)).statusCode).toBeLessThan(300);
    const me = (await inject('GET', '/api/v1/agents/me', a.key)).json();
    expect(me.mandate.remaining.per_day).toMatchObject({ usd: '0.00', gems: null });
    expect(Date.parse(me.mandate.remaining.per_day.refills_at)).toBeGreaterThan(Date.now());
    const rows = await spends(a.id);
    expect(rows.map((r) => [r.operation, r.status])).toEqual([
      ['register', 'spent'],
      ['renew', 'spent'],
      ['buy', 'spent'],
      ['offer', 'reserved'], // its escrow, until the offer is sold or ends
    ]);
    const refused = await attempt('register', a);
    expect(refused.json()).toMatchObject({
      code: 'mandate_exceeded',
      details: { limit: 'per_day', remaining: '0.00' },
    });
    expect(refused.json().details.refills_at).toBe(me.mandate.remaining.per_day.refills_at);
    // The offer withdrawn: its reservation no longer counts.
    const offerId = (
      await s.t.db
        .em()
        .findOneOrFail(
          LedgerTransaction,
          { reference: { $like: 'escrow:offer:%' }, id: { $gt: 0 } },
          { orderBy: { id: 'desc' } },
        )
    ).reference.slice('escrow:offer:'.length);
    expect((await inject('POST', `/api/v1/domains/offers/${offerId}/withdraw`, a.key)).statusCode).toBe(200);
    expect((await spends(a.id)).at(-1)?.status).toBe('released');
    expect((await attempt('register', a)).statusCode).toBe(200);
  });

  it('50 concurrent gems purchases at a budget allowing 5: exactly 5 domains and 5 debits', async () => {
    const a = await agent();
    await setMandate(a.id, { per_day: { gems: 5 * 1500 } });
    const labels = Array.from({ length: 50 }, () => randomLabel('race'));
    const answers = await Promise.all(
      labels.map((l) => registerDomain(s.t.app, l, { headers: a.key, method: 'gems' })),
    );
    const codes = answers.map((r) => (r.statusCode === 200 ? 'ok' : r.json().code));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(5);
    expect(codes.filter((c) => c === 'mandate_exceeded')).toHaveLength(45);
    expect(await s.t.db.em().count(Domain, { owner: a.id })).toBe(5);
    expect(await gemsBalance(s.t.db.em(), a.id)).toBe(100_000 - 5 * 1500);
    expect((await spends(a.id)).filter((r) => r.status === 'spent')).toHaveLength(5);
  });

  it('machine payments: concurrent challenges never exceed the budget; a change while one waits keeps its reservation', async () => {
    const a = await agent();
    await setMandate(a.id, { per_day: { usd: '30.00' } });
    const labels = [0, 1, 2, 3].map(() => randomLabel('mpp'));
    const answers = await Promise.all(labels.map((l) => registerDomain(s.t.app, l, { headers: a.key, method: 'mpp' })));
    const waiting = labels.filter((_, i) => answers[i]!.statusCode === 402);
    expect(waiting).toHaveLength(2);
    expect(answers.filter((r) => r.json().code === 'mandate_exceeded')).toHaveLength(2);
    // The person lowers the budget while both wait: their reservations hold, the next request sees the new one.
    expect((await setMandate(a.id, { per_day: { usd: '15.00' } })).statusCode).toBe(200);
    const label = waiting[0]!;
    const first = answers[labels.indexOf(label)]!;
    const paid = await s.pay(first);
    const done = await registerDomain(s.t.app, label, {
      headers: { ...a.key, authorization: `Payment ${paid.txHash}` },
      method: 'mpp',
    });
    expect(done.statusCode).toBe(200);
    const rows = await spends(a.id);
    expect(rows.map((r) => r.status).sort()).toEqual(['reserved', 'spent']);
    expect((await registerDomain(s.t.app, randomLabel('next'), { headers: a.key, method: 'mpp' })).json().code).toBe(
      'mandate_exceeded',
    );
  });

  // The refusal keeps the mandate's rule or limit (`details`) beside what was credited.
  it.each([
    ['forbids', { allowed_operations: ['renew'] }, { rule: 'operation', value: 'register', allowed: ['renew'] }],
    [
      'exceeded',
      { per_operation: { usd: '14.99' } },
      { limit: 'per_operation', unit: 'usd', max: '14.99', remaining: '14.99', refills_at: null },
    ],
  ] as const)(
    'a payment that arrives for a checkout the mandate refuses at activation (%s) is credited back as gems',
    async (kind, mandate, details) => {
      const a = await agent(0);
      const label = randomLabel('late');
      const first = await registerDomain(s.t.app, label, { headers: a.key, method: 'mpp' });
      expect(first.statusCode).toBe(402);
      // Set while the checkout waits, with no reservation to hold: judged at activation.
      await setMandate(a.id, mandate);
      const paid = await s.pay(first);
      const refused = await registerDomain(s.t.app, label, {
        headers: { ...a.key, authorization: `Payment ${paid.txHash}` },
        method: 'mpp',
      });
      expect(refused.json()).toMatchObject({
        code: `mandate_${kind}`,
        details: { ...details, credited: { account_id: a.id, gems: 1500 } },
      });
      expect(await gemsBalance(s.t.db.em(), a.id)).toBe(1500);
      expect(await s.t.db.em().count(Domain, { name: `${label}.agent` })).toBe(0);
    },
  );

  // Gaps closed after issue 29 landed: auto-renew under a mandate, and machine payments on renew and buy-secondary.
  describe('auto-renew and machine-paid renew / buy-secondary', () => {
    const DAY = 24 * 3600_000;
    /** A name of the agent expiring tomorrow (inside AUTO_RENEW_DAYS_BEFORE), auto-renew on by the agent. */
    async function autoRenewing(a: { id: string; key: Record<string, string> }) {
      const owner = await s.t.db.em().findOneOrFail(Account, { id: a.id });
      const expiryDate = new Date(Date.now() + DAY);
      const d = await createDomain(s.t.db.orm, { label: randomLabel('auto'), namespace: 'agent', owner, expiryDate });
      const on = await inject('PUT', `/api/v1/domains/${d.name}/auto-renew`, a.key, { enabled: true, max_gems: 2000 });
      expect(on.statusCode).toBe(200);
      return { id: d.id, expiryDate };
    }
    const eventsOf = async (domainId: number) =>
      (
        await s.t.db
          .em()
          .find(OutboxEvent, { eventType: { $like: 'domain.renew%' } }, { orderBy: { createdAt: 'asc' } })
      )
        .filter((e) => e.payload.domain_id === domainId)
        .map((e) => ({ type: e.eventType, ...e.payload }) as { type: string } & Record<string, unknown>);

    it('the expiry sweep renews only what the mandate allows: refused ones say why, the allowed one counts', async () => {
      const [forbidden, tooSmall, allowed] = await Promise.all([agent(), agent(), agent()]);
      expect((await setMandate(forbidden.id, { allowed_operations: ['register'] })).statusCode).toBe(200);
      expect((await setMandate(tooSmall.id, { per_day: { gems: 1000 } })).statusCode).toBe(200);
      expect(
        (await setMandate(allowed.id, { per_day: { usd: '20.00' }, allowed_operations: ['renew'] })).statusCode,
      ).toBe(200);
      const names = await Promise.all([forbidden, tooSmall, allowed].map((a) => autoRenewing(a)));
      // The sweep runs every 2 s in this stack: wait until each name has its outcome for the term.
      await eventually(async () => (await Promise.all(names.map((n) => eventsOf(n.id)))).every((e) => e.length > 0));
      const [f, t, ok] = await Promise.all(names.map((n) => eventsOf(n.id)));
      expect(f).toEqual([expect.objectContaining({ type: 'domain.renewal_failed', reason: 'mandate_forbids' })]);
      expect(t).toEqual([expect.objectContaining({ type: 'domain.renewal_failed', reason: 'mandate_exceeded' })]);
      expect(ok).toEqual([expect.objectContaining({ type: 'domain.renewed', auto_renew: true })]);
      for (const [a, n] of [
        [forbidden, names[0]!],
        [tooSmall, names[1]!],
      ] as const) {
        expect((await s.t.db.em().findOneOrFail(Domain, { id: n.id })).expiryDate.getTime()).toBe(
          n.expiryDate.getTime(),
        );
        expect(await gemsBalance(s.t.db.em(), a.id)).toBe(100_000);
        expect(await spends(a.id)).toEqual([]);
      }
      expect((await s.t.db.em().findOneOrFail(Domain, { id: names[2]!.id })).expiryDate.getTime()).toBeGreaterThan(
        names[2]!.expiryDate.getTime() + 300 * DAY,
      );
      expect(await gemsBalance(s.t.db.em(), allowed.id)).toBe(100_000 - 1500);
      expect((await spends(allowed.id)).map((r) => [r.operation, r.status, Number(r.gems)])).toEqual([
        ['renew', 'spent', 1500],
      ]);
      const me = (await inject('GET', '/api/v1/agents/me', allowed.key)).json();
      expect(me.mandate.remaining.per_day).toMatchObject({ usd: '5.00' });
    });

    // Issue 38 item 10: the sweep has no one waiting to approve, so above the threshold it refuses and says so.
    it('auto-renew above the approval threshold is never paid silently: refused and announced; raised, it renews', async () => {
      const a = await agent();
      expect((await setMandate(a.id, { approval_above: { usd: '10.00' } })).statusCode).toBe(200);
      const name = await autoRenewing(a);
      await eventually(async () => (await eventsOf(name.id)).length > 0);
      expect(await eventsOf(name.id)).toEqual([
        expect.objectContaining({ type: 'domain.renewal_failed', reason: 'mandate_approval_required' }),
      ]);
      expect((await s.t.db.em().findOneOrFail(Domain, { id: name.id })).expiryDate.getTime()).toBe(
        name.expiryDate.getTime(),
      );
      expect(await gemsBalance(s.t.db.em(), a.id)).toBe(100_000);
      expect(await spends(a.id)).toEqual([]);
      // The person raises the threshold: a later sweep renews it (the failure was announced once).
      expect((await setMandate(a.id, { approval_above: { usd: '20.00' } })).statusCode).toBe(200);
      await eventually(async () => (await eventsOf(name.id)).length > 1);
      expect((await eventsOf(name.id)).map((e) => e.type)).toEqual(['domain.renewal_failed', 'domain.renewed']);
      expect(await gemsBalance(s.t.db.em(), a.id)).toBe(100_000 - 1500);
      expect((await spends(a.id)).map((r) => [r.operation, r.status, Number(r.gems)])).toEqual([
        ['renew', 'spent', 1500],
      ]);
    });

    it('renew and buy-secondary by machine payment: over budget 403 before any challenge; within, 402 → pay → 200, spent', async () => {
      const a = await agent(0);
      const owner = await s.t.db.em().findOneOrFail(Account, { id: a.id });
      const mine = await createDomain(s.t.db.orm, {
        label: randomLabel('mren'),
        namespace: 'agent',
        owner,
        expiryDate: new Date(Date.now() + 300 * DAY),
      });
      const listing = await createListing(s.t.db.orm, { priceGems: 1500, priceUsdMinor: 15_000_000n });
      const renew = (headers: Record<string, string> = {}) =>
        inject(
          'POST',
          '/api/v1/renew',
          { ...a.key, ...headers },
          { domain: mine.name, years: 1, payment_method: 'mpp' },
        );
      const buy = (headers: Record<string, string> = {}) =>
        inject(
          'POST',
          '/api/v1/domains/buy-secondary',
          { ...a.key, ...headers },
          {
            domain: listing.name,
            payment_method: 'mpp',
          },
        );

      await setMandate(a.id, { per_operation: { usd: '14.99' } });
      for (const res of [await renew(), await buy()]) {
        expect({ status: res.statusCode, code: res.json().code, details: res.json().details }).toMatchObject({
          status: 403,
          code: 'mandate_exceeded',
          details: { limit: 'per_operation', unit: 'usd' },
        });
        expect(res.headers['www-authenticate']).toBeUndefined();
      }
      expect(await spends(a.id)).toEqual([]);

      await setMandate(a.id, { per_day: { usd: '40.00' } });
      for (const [op, send] of [
        ['renew', renew],
        ['buy', buy],
      ] as const) {
        const first = await send();
        expect(first.statusCode).toBe(402);
        const paid = await s.pay(first, 1);
        const done = await send({ authorization: `Payment ${paid.txHash}` });
        expect({ op, status: done.statusCode }).toEqual({ op, status: 200 });
      }
      expect((await spends(a.id)).map((r) => [r.operation, r.status])).toEqual([
        ['renew', 'spent'],
        ['buy', 'spent'],
      ]);
      expect((await s.t.db.em().findOneOrFail(Domain, { id: listing.domainId })).owner.id).toBe(a.id);
      const me = (await inject('GET', '/api/v1/agents/me', a.key)).json();
      expect(me.mandate.remaining.per_day).toMatchObject({ usd: '10.00' });
    });
  });
});
