import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { LightMyRequestResponse } from 'fastify';
import { Domain } from '../../src/db/entities/index.ts';
import { WITHIN_DAYS } from '../../src/domain/expiring.ts';
import type { DevOidcProvider } from '../../src/infra/dev-oidc/provider.ts';
import * as ops from '../../src/ops/commands.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { createDomain, randomLabel } from '../helpers/fixtures.ts';
import { humanWithSession, provision } from '../helpers/identities.ts';
import { startTestOidc } from '../helpers/oidc.ts';

const DAY = 24 * 3600 * 1000;
const YEAR = 365 * DAY;
type Headers = Record<string, string>;

// POST /api/v1/command (spec 4.8, 7): dry runs over a real database, every envelope and every refusal.
describe('POST /api/v1/command', () => {
  let t: TestApp;
  let idp: DevOidcProvider;
  let session: Headers;
  let bearer: Headers;
  let bobBearer: Headers;
  let agentKey: Headers;
  const ids = { alice: '', bob: '', agent: '', stranger: '' };
  // Alice's domains (and her claimed agent's), by what each one is for.
  const n = { soon: '', grace: '', later: '', expired: '', agents: '', partner: '', far: '', farthest: '' };
  let bobs = '';
  let strangers = '';

  const command = (headers: Headers, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/v1/command', headers, payload: payload as Record<string, unknown> });
  const show = (headers: Headers, params: Record<string, unknown> = {}, extra = {}) =>
    command(headers, { action: 'show_expiring_domains', mode: 'dry_run', params, ...extra });
  const renew = (headers: Headers, params: Record<string, unknown>) =>
    command(headers, { action: 'renew_domain', mode: 'dry_run', params });
  const domain = async (owner: string, expiresIn: number, namespace = 'agent', status = 'active') => {
    const d = await createDomain(t.db.orm, {
      label: randomLabel('cmd'),
      namespace,
      owner: { id: owner } as never,
      expiryDate: new Date(Date.now() + expiresIn),
    });
    if (status !== 'active') await t.db.orm.em.fork().nativeUpdate(Domain, { id: d.id }, { status });
    return d.name;
  };
  const row = async (name: string) => t.db.orm.em.fork().findOneOrFail(Domain, { name });
  const zoneless = (d: Date) => d.toISOString().slice(0, -1);
  const expectCommandError = (
    res: LightMyRequestResponse,
    status: number,
    code: string,
    echo: { action: string; mode: string } | null,
  ) => {
    expect([res.statusCode, res.headers['content-type']]).toEqual([
      status,
      expect.stringMatching(/^application\/json/),
    ]);
    const body = res.json();
    expect(body).toEqual({
      success: false,
      ...(echo ?? {}),
      error: { code, message: expect.any(String), ...(body.error?.details ? { details: expect.any(Object) } : {}) },
    });
    expect(body.error.message.length).toBeGreaterThan(10);
    return body;
  };

  beforeAll(async () => {
    idp = await startTestOidc();
    t = await buildTestApp({ OIDC_ISSUER: idp.issuer });
    bearer = { authorization: `Bearer ${await idp.mintAccessToken('alice')}` };
    bobBearer = { authorization: `Bearer ${await idp.mintAccessToken('bob')}` };
    const me = async (h: Headers) =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/agents/me', headers: h })).json().account.account_id;
    ids.alice = await me(bearer);
    ids.bob = await me(bobBearer);
    const s = await humanWithSession(t.app, t.db.orm, 'alice', idp.issuer);
    expect(s.accountId).toBe(ids.alice);
    session = { cookie: s.cookie };

    // Alice claims one agent: its domains are hers to manage. Another agent stays a stranger.
    const agent = await provision(t.app);
    ids.agent = agent.account_id;
    agentKey = { 'x-api-key': agent.api_key };
    const claim = await t.app.inject({
      method: 'POST',
      url: '/api/v1/agents/claim',
      headers: session,
      payload: { claim_code: agent.claim_code },
    });
    expect(claim.statusCode).toBe(200);
    ids.stranger = (await provision(t.app)).account_id;

    // Expiry instants sit an hour inside a whole day, so the day counts hold for the whole run.
    n.soon = await domain(ids.alice, 10 * DAY - 3600_000);
    n.grace = await domain(ids.alice, -2 * DAY - 3600_000, 'agent', 'grace');
    n.later = await domain(ids.alice, 100 * DAY - 3600_000);
    n.expired = await domain(ids.alice, -5 * DAY, 'agent', 'expired');
    n.agents = await domain(ids.agent, 20 * DAY - 3600_000, 'chatbot');
    n.partner = await domain(ids.alice, 200 * DAY, 'bpo');
    n.far = await domain(ids.alice, 9 * YEAR - 3600_000);
    n.farthest = await domain(ids.alice, 10 * YEAR - 3600_000);
    bobs = await domain(ids.bob, 5 * DAY);
    strangers = await domain(ids.stranger, 5 * DAY);
  });

  afterAll(async () => {
    await t?.close();
    await idp?.stop();
  });

  describe('show_expiring_domains', () => {
    it('lists what the caller and its claimed agents own that expires within the days, soonest first', async () => {
      const res = await show(session, { within_days: 30 }, { request_id: 'req-1' });
      expect(res.statusCode).toBe(200);
      const view = async (name: string, days: number) => {
        const d = await row(name);
        return {
          id: d.id,
          domain: name,
          status: d.status,
          is_active: d.status === 'active',
          owner_id: d.owner.id,
          expiry_date: zoneless(d.expiryDate),
          days_until_expiry: days,
        };
      };
      expect(res.json()).toEqual({
        success: true,
        action: 'show_expiring_domains',
        mode: 'dry_run',
        request_id: 'req-1',
        result: {
          summary: '3 domains you manage expire within 30 days.',
          requires_confirmation: false,
          requires_payment: false,
          warnings: [],
          resolved: { within_days: 30, managed_user_ids: [ids.alice, ids.agent] },
          data: {
            count: 3,
            // The grace domain is past its expiry (not yet expired), so it comes first; expired ones never show.
            domains: [await view(n.grace, -2), await view(n.soon, 10), await view(n.agents, 20)],
          },
          next_step: null,
        },
      });
      expect(res.json().result.data.domains[0]).toMatchObject({ status: 'grace', is_active: false });
      for (const d of res.json().result.data.domains)
        expect(d.expiry_date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}$/);
    });

    it('answers a bearer token the same, defaults to 30 days, and widens with within_days', async () => {
      const res = await command(bearer, { action: 'show_expiring_domains', mode: 'dry_run' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ request_id: null, result: { resolved: { within_days: 30 } } });
      const names = (r: LightMyRequestResponse) =>
        r.json().result.data.domains.map((d: { domain: string }) => d.domain);
      expect(names(res)).toEqual([n.grace, n.soon, n.agents]);
      expect(names(await show(bearer, { within_days: 365 }))).toEqual([n.grace, n.soon, n.agents, n.later, n.partner]);
      const one = (await show(bearer, { within_days: 10 })).json().result;
      expect([one.summary, one.data.count]).toEqual(['2 domains you manage expire within 10 days.', 2]);
    });

    it("never shows another account's domains", async () => {
      const res = await show(bobBearer, { within_days: 365 });
      expect(res.json().result).toMatchObject({
        summary: '1 domain you manage expires within 365 days.',
        resolved: { within_days: 365, managed_user_ids: [ids.bob] },
        data: { count: 1, domains: [expect.objectContaining({ domain: bobs, owner_id: ids.bob })] },
      });
    });

    // Names live up to ten years (plus a grace period): a window that reaches them is a fair question.
    it('accepts any window that can hold an expiry: ten years and the grace period', async () => {
      const names = (r: LightMyRequestResponse) =>
        r.json().result.data.domains.map((d: { domain: string }) => d.domain);
      expect(names(await show(session, { within_days: 366 }))).not.toContain(n.far);
      const tenYears = await show(session, { within_days: 3660 });
      expect(tenYears.statusCode).toBe(200);
      expect(names(tenYears).slice(-2)).toEqual([n.far, n.farthest]);
      const widest = await show(bearer, { within_days: WITHIN_DAYS.max });
      expect(widest.json().result).toMatchObject({ resolved: { within_days: WITHIN_DAYS.max } });
      expect(names(widest)).toEqual(names(tenYears));
      expect(WITHIN_DAYS.max).toBeGreaterThanOrEqual(3650 + 30);
    });

    it.each([0, WITHIN_DAYS.max + 1, 1e9, -1, 1.5, '30', null])(
      'refuses within_days %p with invalid_params',
      async (within_days) => {
        const body = expectCommandError(await show(session, { within_days }), 400, 'invalid_params', {
          action: 'show_expiring_domains',
          mode: 'dry_run',
        });
        expect(body.error.details.issues).toEqual([
          { location: 'body', path: 'params.within_days', message: expect.any(String) },
        ]);
      },
    );

    it('refuses a param it does not know', async () => {
      const body = expectCommandError(await show(session, { within_day: 10 }), 400, 'invalid_params', {
        action: 'show_expiring_domains',
        mode: 'dry_run',
      });
      expect(body.error.message).toMatch(/within_day/);
    });
  });

  describe('renew_domain', () => {
    it('plans the agent machine payment for mpp: agent price in USD, nothing charged', async () => {
      const before = await row(n.soon);
      const res = await command(bearer, {
        action: 'renew_domain',
        mode: 'dry_run',
        request_id: 'renew-7',
        params: { domain: n.soon, years: 2, payment_preference: 'mpp' },
      });
      expect(res.statusCode).toBe(200);
      const newExpiry = new Date(before.expiryDate.getTime() + 2 * YEAR);
      expect(res.json()).toEqual({
        success: true,
        action: 'renew_domain',
        mode: 'dry_run',
        request_id: 'renew-7',
        result: {
          summary: `Dry run: renewing ${n.soon} for 2 years costs 30 pathUSD (agent price, mpp); its expiry would move from ${zoneless(before.expiryDate)} to ${zoneless(newExpiry)}. Nothing was charged or renewed.`,
          requires_confirmation: true,
          requires_payment: true,
          warnings: [],
          resolved: {
            domain: n.soon,
            domain_id: before.id,
            years: 2,
            purchase_channel: 'agent',
            payment_method: 'mpp',
            namespace: 'agent',
            current_expiry_date: zoneless(before.expiryDate),
          },
          // agent: 1500 gems a year at 0.01 USD a gem.
          pricing: { currency_unit: 'pathUSD', unit_price: 15, gross_price: 30, discount_amount: 0, net_price: 30 },
          next_step: 'confirm',
        },
      });
      expect((await row(n.soon)).expiryDate).toEqual(before.expiryDate);
    });

    it.each(['agent_mpp', 'agent'])('plans the agent machine payment for %s too', async (payment_preference) => {
      const res = await renew(session, { domain: n.soon, years: 1, payment_preference });
      expect(res.json().result).toMatchObject({
        resolved: { purchase_channel: 'agent', payment_method: 'mpp' },
        pricing: { currency_unit: 'pathUSD', unit_price: 15, net_price: 15 },
        warnings: [],
      });
    });

    it('plans the human gems payment for gems, and for any other preference with a warning', async () => {
      const gems = (await renew(session, { domain: n.soon, years: 3, payment_preference: 'gems' })).json().result;
      expect([gems.resolved, gems.pricing, gems.warnings]).toEqual([
        expect.objectContaining({ purchase_channel: 'human', payment_method: 'gems', years: 3 }),
        { currency_unit: 'gems', unit_price: 2000, gross_price: 6000, discount_amount: 0, net_price: 6000 },
        [],
      ]);
      expect(gems.summary).toMatch(/costs 6000 gems \(human price, gems\)/);
      const other = (await renew(session, { domain: n.soon, years: 1, payment_preference: 'card' })).json().result;
      expect(other.pricing).toEqual({
        currency_unit: 'gems',
        unit_price: 2000,
        gross_price: 2000,
        discount_amount: 0,
        net_price: 2000,
      });
      expect(other.warnings).toEqual([expect.stringMatching(/"card" is not an agent machine-payment preference/)]);
    });

    it('defaults to mpp, takes the full name in any case, and warns where gems are no rail', async () => {
      const res = (await renew(session, { domain: n.soon.toUpperCase(), years: 1 })).json().result;
      expect(res.resolved).toMatchObject({ domain: n.soon, purchase_channel: 'agent' });
      const partner = (await renew(session, { domain: n.partner, years: 1, payment_preference: 'gems' })).json().result;
      expect([partner.resolved.namespace, partner.pricing.net_price]).toEqual(['bpo', 2000]);
      expect(partner.warnings).toEqual([expect.stringMatching(/Gems are not a rail of \.bpo/)]);
      expect((await renew(session, { domain: n.grace, years: 1 })).json().result.warnings).toEqual([
        expect.stringMatching(/grace period/),
      ]);
    });

    it("plans for a claimed agent's domain: its operator manages it", async () => {
      const res = await renew(session, { domain: n.agents, years: 1, payment_preference: 'agent' });
      expect(res.statusCode).toBe(200);
      expect(res.json().result.pricing).toEqual({
        currency_unit: 'pathUSD',
        unit_price: 10,
        gross_price: 10,
        discount_amount: 0,
        net_price: 10,
      });
    });

    it('charges an operator like anyone: renewals are never free', async () => {
      const s = await humanWithSession(t.app, t.db.orm, randomLabel('operator'), idp.issuer);
      await ops.setOperator(t.db.orm.em.fork(), s.accountId, true);
      const name = await domain(s.accountId, 30 * DAY);
      const res = (await renew({ cookie: s.cookie }, { domain: name, years: 2 })).json().result;
      expect(res.pricing).toEqual({
        currency_unit: 'pathUSD',
        unit_price: 15,
        gross_price: 30,
        discount_amount: 0,
        net_price: 30,
      });
      expect(res.warnings).toEqual([]);
    });

    it("refuses another account's name with forbidden", async () => {
      for (const name of [bobs, strangers]) {
        const res = await renew(session, { domain: name, years: 1, payment_preference: 'mpp' });
        expectCommandError(res, 403, 'forbidden', { action: 'renew_domain', mode: 'dry_run' });
      }
      expectCommandError(await renew(bobBearer, { domain: n.soon, years: 1 }), 403, 'forbidden', {
        action: 'renew_domain',
        mode: 'dry_run',
      });
    });

    it('refuses an unknown domain (404), a malformed name (400) and an expired domain (404: it is gone)', async () => {
      const echo = { action: 'renew_domain', mode: 'dry_run' };
      expectCommandError(
        await renew(session, { domain: 'nobody-here.agent', years: 1 }),
        404,
        'domain_not_found',
        echo,
      );
      expectCommandError(await renew(session, { domain: 'no such name', years: 1 }), 400, 'invalid_name', echo);
      expectCommandError(await renew(session, { domain: 'scout.nowhere', years: 1 }), 400, 'unknown_namespace', echo);
      expectCommandError(await renew(session, { domain: n.expired, years: 1 }), 404, 'domain_not_found', echo);
    });

    it.each([
      [{ years: 0 }, 'params.years'],
      [{ years: 11 }, 'params.years'],
      [{ years: 2.5 }, 'params.years'],
      [{ years: '2' }, 'params.years'],
      [{ years: undefined }, 'params.years'],
      [{ domain: undefined }, 'params.domain'],
      [{ payment_preference: 7 }, 'params.payment_preference'],
    ])('refuses %p with invalid_params naming %s', async (change, path) => {
      const res = await renew(session, { domain: n.soon, years: 1, ...change });
      const body = expectCommandError(res, 400, 'invalid_params', { action: 'renew_domain', mode: 'dry_run' });
      expect(body.error.details.issues).toEqual([{ location: 'body', path, message: expect.any(String) }]);
    });

    it('refuses a term reaching more than ten years ahead, saying how many years are allowed', async () => {
      const echo = { action: 'renew_domain', mode: 'dry_run' };
      expect((await renew(session, { domain: n.far, years: 1 })).statusCode).toBe(200);
      const two = expectCommandError(await renew(session, { domain: n.far, years: 2 }), 400, 'term_too_long', echo);
      expect([two.error.details, two.error.message]).toEqual([
        { max_years: 1 },
        expect.stringMatching(/at most 1 year\b/),
      ]);
      const none = expectCommandError(
        await renew(session, { domain: n.farthest, years: 1 }),
        400,
        'term_too_long',
        echo,
      );
      expect([none.error.details, none.error.message]).toEqual([
        { max_years: 0 },
        expect.stringMatching(/cannot be renewed now/),
      ]);
      // Ten years from an expiry ten days ahead would pass the limit; from one already passed (grace), not.
      expect((await renew(session, { domain: n.soon, years: 10 })).json().error.details).toEqual({ max_years: 9 });
      expect((await renew(session, { domain: n.grace, years: 10 })).json().result.resolved.years).toBe(10);
    });
  });

  describe('the envelope', () => {
    it('answers no credential with 401 unauthorized, without action or mode', async () => {
      const res = await show({}, { within_days: 30 });
      expect(res.json()).toEqual({ success: false, error: { code: 'unauthorized', message: expect.any(String) } });
      expect([res.statusCode, res.headers['www-authenticate']]).toEqual([401, expect.any(String)]);
    });

    it('refuses API keys (session or bearer only) and invalid credentials in the same envelope', async () => {
      expectCommandError(await show(agentKey), 403, 'credential_not_accepted', null);
      expectCommandError(await show({ authorization: 'Bearer not-a-token' }), 401, 'invalid_credential', null);
    });

    it.each(['register_domain', 'set_price', 'set_listing_status', 'delete_everything'])(
      'refuses action %s with unsupported_action, echoing action and mode',
      async (action) => {
        const res = await command(session, { action, mode: 'dry_run', params: { domain: n.soon } });
        expectCommandError(res, 400, 'unsupported_action', { action, mode: 'dry_run' });
      },
    );

    it.each(['confirm', 'execute', 'later'])('refuses mode %s with 400 mode_not_implemented', async (mode) => {
      for (const action of ['show_expiring_domains', 'renew_domain']) {
        const res = await command(bearer, { action, mode, params: { domain: n.soon, years: 1 } });
        expectCommandError(res, 400, 'mode_not_implemented', { action, mode });
      }
    });

    it('refuses a malformed request in the envelope: missing fields, unknown fields, bad JSON', async () => {
      const missing = expectCommandError(
        await command(session, { action: 'renew_domain' }),
        400,
        'validation_failed',
        null,
      );
      expect(missing.error.details.issues).toEqual([expect.objectContaining({ path: 'mode' })]);
      expectCommandError(
        await command(session, { action: 'show_expiring_domains', mode: 'dry_run', params: [] }),
        400,
        'validation_failed',
        null,
      );
      expectCommandError(
        await command(session, { action: 'show_expiring_domains', mode: 'dry_run', dry: true }),
        400,
        'validation_failed',
        null,
      );
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/v1/command',
        headers: { ...session, 'content-type': 'application/json' },
        payload: '{"action":',
      });
      expectCommandError(bad, 400, 'invalid_json', null);
    });
  });

  it('changes no row: every table has the same digest after every kind of dry run and refusal', async () => {
    const digest = async () => {
      const conn = t.db.orm.em.getConnection();
      const tables = await conn.execute<{ name: string }[]>(
        "select quote_ident(tablename) as name from pg_tables where schemaname = 'public' order by tablename",
      );
      expect(tables.length).toBeGreaterThan(5);
      const out: Record<string, string | null> = {};
      for (const { name } of tables) {
        const [r] = await conn.execute<{ md5: string | null }[]>(
          `select md5(string_agg(t::text, '' order by t::text)) as md5 from ${name} t`,
        );
        out[name] = r?.md5 ?? null;
      }
      return out;
    };
    const before = await digest();
    expect(Object.values(before).filter(Boolean).length).toBeGreaterThan(3);
    for (const headers of [session, bearer]) {
      expect((await show(headers, { within_days: 365 })).statusCode).toBe(200);
      for (const payment_preference of ['mpp', 'gems'])
        expect((await renew(headers, { domain: n.soon, years: 2, payment_preference })).statusCode).toBe(200);
      expect((await renew(headers, { domain: n.agents, years: 5 })).statusCode).toBe(200);
      expect((await renew(headers, { domain: bobs, years: 1 })).statusCode).toBe(403);
      expect((await renew(headers, { domain: n.far, years: 5 })).statusCode).toBe(400);
      expect((await command(headers, { action: 'renew_domain', mode: 'execute', params: {} })).statusCode).toBe(400);
    }
    expect(await digest()).toEqual(before);
  });
});
