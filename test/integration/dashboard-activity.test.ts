import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { Account, DomainOrder } from '../../src/db/entities/index.ts';
import {
  buildDashboardApp,
  dashboardBrowser,
  type DashboardTestApp,
  visitWithoutSession,
} from '../helpers/dashboard.ts';
import { randomLabel } from '../helpers/fixtures.ts';
import { humanWithSession, provision } from '../helpers/identities.ts';

// The activity page (issue 27): the ledger of GET /api/v1/domains/activity, newest first, fifty to a
// page; a claimed agent's orders are the person's too; another person sees none of them.
describe('dashboard: activity', () => {
  let t: DashboardTestApp;
  let alice: ReturnType<typeof dashboardBrowser>;
  let bob: ReturnType<typeof dashboardBrowser>;
  let aliceId = '';
  let aliceCookie = '';

  /** An order in the ledger, written as the paid effects write it. */
  async function order(data: { account: string; name: string; at: Date; kind?: 'registration' | 'renewal' }) {
    const em = t.db.orm.em.fork();
    em.create(DomainOrder, {
      reference: `test:${randomUUID()}`,
      kind: data.kind ?? 'registration',
      domainName: data.name,
      account: em.getReference(Account, data.account),
      owner: em.getReference(Account, data.account),
      paymentMethod: 'gems',
      years: 1,
      amountGems: 1500,
      amountMinor: null,
      currency: 'gems',
      paymentReference: null,
      resellerChannel: null,
      details: {},
      createdAt: data.at,
    });
    await em.flush();
  }

  beforeAll(async () => {
    t = await buildDashboardApp();
    ({ accountId: aliceId, cookie: aliceCookie, browser: alice } = await t.signIn('activity-alice'));
    bob = (await t.signIn('activity-bob')).browser;
  });
  afterAll(() => t?.close());

  it('sends a visitor without a session to sign in', async () => {
    expect(await visitWithoutSession(t.app, '/dashboard/activity')).toEqual({
      status: 303,
      location: '/auth/login?return_to=%2Fdashboard%2Factivity',
    });
  });

  it('says so in words when there is no activity yet', async () => {
    const res = await bob.get('/dashboard/activity');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('No activity yet');
  });

  it("lists the person's and their claimed agent's orders, newest first, escaped; another person sees none", async () => {
    const agent = await provision(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/agents/claim',
      headers: { cookie: aliceCookie },
      payload: { claim_code: agent.claim_code },
    });
    const own = `${randomLabel('own')}.agent`;
    const agents = `${randomLabel('agt')}.agent`;
    await order({ account: aliceId, name: own, at: new Date('2026-03-01T10:00:00Z') });
    await order({ account: agent.account_id, name: agents, at: new Date('2026-03-02T10:00:00Z'), kind: 'renewal' });
    await order({ account: aliceId, name: '<i>odd</i>.agent', at: new Date('2026-02-01T10:00:00Z') });

    const page = await alice.get('/dashboard/activity');
    expect(page.statusCode).toBe(200);
    const body = page.body;
    expect(body.indexOf(agents)).toBeGreaterThan(-1);
    expect(body.indexOf(agents)).toBeLessThan(body.indexOf(own));
    expect(body).toContain('Renewal (1 year)');
    expect(body).toContain('1,500 gems');
    expect(body).toContain('2026-03-01 10:00 UTC');
    expect(body).toContain('&lt;i&gt;odd&lt;/i&gt;.agent');
    expect(body).not.toContain('<i>odd</i>');
    // Issue 38 item 18: an order the agent paid for and owns was "You paid; the name is yours".
    const rowOf = (name: string) => body.slice(body.indexOf(name), body.indexOf('</tr>', body.indexOf(name)));
    const agentWords = `Agent ${agent.account_id.slice(0, 8)}`;
    expect(rowOf(agents)).toContain(`${agentWords} paid; the name is ${agentWords}’s`);
    expect(rowOf(agents)).not.toContain('You paid');
    expect(rowOf(own)).toContain('You paid; the name is yours');
    // The API says who, for the caller and its agents.
    const api = await t.app.inject({
      method: 'GET',
      url: '/api/v1/domains/activity',
      headers: { cookie: aliceCookie },
    });
    const entry = api.json<{ data: { domain: string; payer_id: string | null; owner_id: string | null }[] }>().data;
    expect(entry.find((e) => e.domain === agents)).toMatchObject({
      payer_id: agent.account_id,
      owner_id: agent.account_id,
    });

    const bobs = await bob.get('/dashboard/activity');
    expect(bobs.body).not.toContain(own);
    expect(bobs.body).not.toContain(agents);
    expect(bobs.body).toContain('No activity yet');
  });

  it('pages the ledger fifty to a page; a page number that is not one reads as the first', async () => {
    const p = await humanWithSession(t.app, t.db.orm, `activity-many-${randomLabel()}`, t.idp.issuer);
    const many = dashboardBrowser(t.app, p.cookie);
    const base = Date.parse('2026-04-01T00:00:00Z');
    for (let i = 0; i < 55; i++)
      await order({
        account: p.accountId,
        name: `many${String(i).padStart(2, '0')}.agent`,
        at: new Date(base + i * 60_000),
      });
    const first = await many.get('/dashboard/activity');
    expect(first.body.match(/<tr>/g)?.length).toBe(51); // the head row and fifty entries
    expect(first.body).toContain('many54.agent');
    expect(first.body).not.toContain('many04.agent');
    expect(first.body).toContain('href="/dashboard/activity?page=2"');
    const second = await many.get('/dashboard/activity?page=2');
    expect(second.body).toContain('many04.agent');
    expect(second.body).not.toContain('many05.agent');
    expect(second.body).toContain('href="/dashboard/activity?page=1"');
    const odd = await many.get('/dashboard/activity?page=-3');
    expect(odd.statusCode).toBe(200);
    expect(odd.body).toContain('many54.agent');
  });
  it('says the audit trail in words, pages it apart from the ledger, and exports a range of days (issue 51)', async () => {
    const carol = await t.signIn('activity-carol');
    for (let i = 0; i < 21; i++)
      expect(
        (await carol.browser.submit('/dashboard/keys', 'create_key', { name: `k${i}`, key_class: 'live' })).statusCode,
      ).toBe(200);
    const first = await carol.browser.get('/dashboard/activity');
    const trail = first.body.slice(first.body.indexOf('id="audit-heading"'));
    // The operation in words, never its route template; the person as "You".
    expect(trail).toContain('created the key');
    expect(trail).not.toContain('POST /api/v1/keys');
    expect(trail).toMatch(/data-label="Who">\s*You\s*</);
    // Twenty to a page: the trail's own pager, keeping the ledger's page.
    expect(trail).toContain('href="/dashboard/activity?audit_page=2"');
    const second = await carol.browser.get('/dashboard/activity?page=1&audit_page=2');
    const rest = second.body.slice(second.body.indexOf('id="audit-heading"'));
    expect(rest.match(/created the key/g)).toHaveLength(1);
    expect(rest).toContain('href="/dashboard/activity?page=1&amp;audit_page=1"');
    // The export: the API's JSON Lines for the days chosen, as a file.
    const today = new Date().toISOString().slice(0, 10);
    const file = await t.app.inject({
      method: 'GET',
      url: `/dashboard/activity/export?from=${today}&to=${today}`,
      headers: { cookie: carol.cookie },
    });
    expect([file.statusCode, file.statusCode === 200 ? '' : file.body.slice(0, 300)]).toEqual([200, '']);
    expect(file.headers['content-type']).toMatch(/^application\/x-ndjson/);
    expect(file.headers['content-disposition']).toContain('attachment');
    const lines = file.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { action: string });
    expect(lines.filter((l) => l.action === 'POST /api/v1/keys')).toHaveLength(21);
    // Days that are not days: the page's 400, nothing sent.
    const bad = await t.app.inject({
      method: 'GET',
      url: '/dashboard/activity/export?from=yesterday&to=',
      headers: { cookie: carol.cookie, accept: 'text/html' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toMatch(/^text\/html/);
    // The last day before the first: said, not an empty file (a person read it as "nothing happened").
    const swapped = await t.app.inject({
      method: 'GET',
      url: `/dashboard/activity/export?from=${today}&to=2020-01-01`,
      headers: { cookie: carol.cookie, accept: 'text/html' },
    });
    expect([swapped.statusCode, /comes before the first/.test(swapped.body)]).toEqual([400, true]);
    // The API's export alike, in JSON.
    const empty = await t.app.inject({
      method: 'GET',
      url: '/api/v1/audit/export?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z',
      headers: { cookie: carol.cookie },
    });
    expect([empty.statusCode, empty.json().code]).toEqual([400, 'validation_failed']);
  });
});
