import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Account } from '../../src/db/entities/index.ts';
import {
  buildDashboardApp,
  dashboardBrowser,
  type DashboardTestApp,
  textOf,
  visitWithoutSession,
} from '../helpers/dashboard.ts';
import { createDomain, randomLabel } from '../helpers/fixtures.ts';
import { humanWithSession, provision } from '../helpers/identities.ts';

// The agents page (issue 27): claim an agent by its claim code, see its domains and keys, revoke a key
// (the claiming operator manages the agent); another person sees none of it and changes nothing.
describe('dashboard: agents', () => {
  let t: DashboardTestApp;
  let aliceCookie = '';
  let bobCookie = '';
  let alice: ReturnType<typeof dashboardBrowser>;
  let bob: ReturnType<typeof dashboardBrowser>;

  beforeAll(async () => {
    t = await buildDashboardApp();
    ({ cookie: aliceCookie, browser: alice } = await t.signIn('agents-alice'));
    ({ cookie: bobCookie, browser: bob } = await t.signIn('agents-bob'));
  });
  afterAll(() => t?.close());

  const whoAmI = (key: string) =>
    t.app.inject({ method: 'GET', url: '/api/v1/agents/me', headers: { 'x-api-key': key } });
  const agentsOf = async (cookie: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/agents', headers: { cookie } })).json<{
      data: { account_id: string; domain_count: number; keys: { key_id: string; revoked_at: string | null }[] }[];
      total: number;
    }>();
  const provisionNamed = async (name: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/agents/provision',
      payload: { display_name: name },
    });
    return res.json<{ account_id: string; api_key: string; key_id: string; claim_code: string }>();
  };

  it('sends a visitor without a session to sign in', async () => {
    expect(await visitWithoutSession(t.app, '/dashboard/agents')).toEqual({
      status: 303,
      location: '/auth/login?return_to=%2Fdashboard%2Fagents',
    });
  });

  it('claims an agent by its claim code; the agent, its domains and keys show, escaped', async () => {
    const empty = await alice.get('/dashboard/agents');
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toContain('No agents yet');
    expect(empty.body).toMatch(/<label\s*>Claim code/);
    expect(empty.body).toMatch(/>\s*Claim agent<\/button/);

    const agent = await provisionNamed('scout <b>one</b>');
    const label = randomLabel('ag');
    await createDomain(t.db.orm, { label, namespace: 'agent', owner: { id: agent.account_id } as Account });
    await t.settled();

    const claimed = await alice.submit('/dashboard/agents', 'claim_agent', { claim_code: agent.claim_code });
    expect(claimed.statusCode).toBe(200);
    expect(textOf(claimed.body, { cls: 'notice' })).toContain('claimed by you');
    expect(claimed.body).toContain('scout &lt;b&gt;one&lt;/b&gt;');
    expect(claimed.body).not.toContain('<b>one</b>');
    expect(claimed.body).toContain(`href="/dashboard/domains/${label}.agent"`);
    expect(claimed.body).toContain(`rk_agent_${agent.key_id}_…`);
    // Through the API: the agent is Alice's now.
    const listed = await agentsOf(aliceCookie);
    expect(listed.data.map((a) => a.account_id)).toEqual([agent.account_id]);
    expect(listed.data[0]?.domain_count).toBe(1);
    expect((await whoAmI(agent.api_key)).json().account.operator_linked).toBe(true);

    // Bob sees none of it.
    const bobs = await bob.get('/dashboard/agents');
    expect(bobs.statusCode).toBe(200);
    expect(bobs.body).not.toContain(agent.account_id);
    expect(bobs.body).not.toContain(label);
    expect(bobs.body).toContain('No agents yet');
    // Nor through the API: another owner's id narrows Bob's list to nothing.
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/v1/domains?owner_id=${agent.account_id}`,
      headers: { cookie: bobCookie },
    });
    expect(theirs.json()).toMatchObject({ data: [], total: 0 });
  });

  it('a used claim code is refused beside the form and claims nothing for another person', async () => {
    const agent = await provision(t.app);
    expect((await alice.submit('/dashboard/agents', 'claim_agent', { claim_code: agent.claim_code })).statusCode).toBe(
      200,
    );
    const again = await bob.submit('/dashboard/agents', 'claim_agent', { claim_code: agent.claim_code });
    expect(again.statusCode).toBe(400);
    expect(again.body).toMatch(/Claim agent<\/button\s*><p class="error" role="alert">The claim code is not valid/);
    expect(again.body).toContain(`value="${agent.claim_code}"`);
    expect((await agentsOf(bobCookie)).total).toBe(0);
  });

  it('an empty claim code shows its error beside the form and changes nothing', async () => {
    const before = (await agentsOf(aliceCookie)).total;
    const res = await alice.submit('/dashboard/agents', 'claim_agent', { claim_code: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/Claim agent<\/button\s*><p class="error" role="alert">claim_code: enter the claim code/);
    expect((await agentsOf(aliceCookie)).total).toBe(before);
  });

  it("revokes a claimed agent's key; another person's revoke is refused and the key keeps working", async () => {
    const agent = await provision(t.app);
    await alice.submit('/dashboard/agents', 'claim_agent', { claim_code: agent.claim_code });
    const target = `${agent.account_id}/${agent.key_id}`;

    const bobsForm = bob.formOf((await bob.get('/dashboard/agents')).body, 'claim_agent');
    const theirs = await bob.post('/dashboard/agents', { ...bobsForm, action: 'revoke_agent_key', target });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).toContain('None of the agents you claimed has a key with that id.');
    expect((await whoAmI(agent.api_key)).statusCode).toBe(200);

    const revoked = await alice.submit('/dashboard/agents', 'revoke_agent_key', {}, { target });
    expect(revoked.statusCode).toBe(200);
    expect(textOf(revoked.body, { cls: 'notice' })).toContain('revoked');
    expect((await whoAmI(agent.api_key)).statusCode).toBe(401);
    const keys = (await agentsOf(aliceCookie)).data.find((a) => a.account_id === agent.account_id)?.keys ?? [];
    expect(keys[0]?.revoked_at).not.toBeNull();
    // The page says so instead of offering Revoke again.
    const page = await alice.get('/dashboard/agents');
    expect(() => alice.formOf(page.body, 'revoke_agent_key', target)).toThrow();
  });

  it('the revoke API: only the claiming operator, never the agent’s key nor another person', async () => {
    const agent = await provision(t.app);
    await alice.submit('/dashboard/agents', 'claim_agent', { claim_code: agent.claim_code });
    const url = `/api/v1/agents/${agent.account_id}/keys/${agent.key_id}`;
    // An agent key may not revoke through this route (it is the operator's), nor may another agent.
    const byKey = await t.app.inject({ method: 'DELETE', url, headers: { 'x-api-key': agent.api_key } });
    expect(byKey.statusCode).toBe(403);
    const byBob = await t.app.inject({ method: 'DELETE', url, headers: { cookie: bobCookie } });
    expect(byBob.statusCode).toBe(404);
    expect((await whoAmI(agent.api_key)).statusCode).toBe(200);
    const byAlice = await t.app.inject({ method: 'DELETE', url, headers: { cookie: aliceCookie } });
    expect(byAlice.statusCode).toBe(200);
    expect((await whoAmI(agent.api_key)).statusCode).toBe(401);
  });

  it('pages the agents, ten to a page', async () => {
    const cookie = (await humanWithSession(t.app, t.db.orm, `agents-many-${randomLabel()}`, t.idp.issuer)).cookie;
    const many = dashboardBrowser(t.app, cookie);
    for (let i = 0; i < 11; i++) {
      const a = await provision(t.app);
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/agents/claim',
        headers: { cookie },
        payload: { claim_code: a.claim_code },
      });
    }
    const first = await many.get('/dashboard/agents');
    expect(first.body.match(/<section /g)?.length).toBe(10);
    expect(first.body).toContain('href="/dashboard/agents?page=2"');
    const second = await many.get('/dashboard/agents?page=2');
    expect(second.body.match(/<section /g)?.length).toBe(1);
  });
});
