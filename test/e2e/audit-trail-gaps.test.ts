import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AuditEvent } from '../../src/db/entities/index.ts';
import { grantGems } from '../../src/ledger/gems.ts';
import { registerDomain } from '../helpers/app.ts';
import { provision, humanWithSession } from '../helpers/identities.ts';
import { randomLabel } from '../helpers/fixtures.ts';
import { startRegistryStack, type RegistryStack } from '../helpers/registry-stack.ts';

type Person = { accountId: string; cookie: string };

// Issue 49 part 3, the trail's gaps: who joined a team (in the team's trail), the dashboard's switcher, the
// member who decided an approval for a team, and a lock lifted by its delay, each one event.
describe('audit trail gaps', () => {
  let s: RegistryStack;
  let owner: Person;
  let teamId = '';
  let lastToken = '';
  const call = (
    who: Person,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
    team: string | null = null,
    headers: Record<string, string> = {},
  ) =>
    s.t.app.inject({
      method,
      url,
      headers: { cookie: who.cookie, ...(team ? { 'x-team-id': team } : {}), ...headers },
      ...(payload ? { payload } : {}),
    });
  const eventsOf = (where: object) => s.t.db.em().find(AuditEvent, where, { orderBy: { id: 'asc' } });
  async function member(role: string): Promise<Person> {
    const who = await humanWithSession(s.t.app, s.t.db.orm, `gaps-${role}-${randomLabel()}`);
    const token = (await call(owner, 'POST', `/api/v1/teams/${teamId}/invitations`, { role })).json().token;
    expect((await call(who, 'POST', '/api/v1/teams/invitations/accept', { token })).statusCode).toBe(200);
    lastToken = token;
    return who;
  }

  beforeAll(async () => {
    s = await startRegistryStack({ RATE_LIMIT_MAX: '10000', REGISTRAR_UNLOCK_DELAY_SECONDS: '2' });
    owner = await humanWithSession(s.t.app, s.t.db.orm, `gaps-owner-${randomLabel()}`);
    teamId = (await call(owner, 'POST', '/api/v1/teams', { name: 'Gaps' })).json().team.id;
  }, 120_000);
  afterAll(() => s?.stop());

  it('writes an acceptance in the team’s trail: one event, the joiner its actor, the team its object', async () => {
    const joiner = await member('operator');
    const accepted = await eventsOf({
      actorAccountId: joiner.accountId,
      action: 'POST /api/v1/teams/invitations/accept',
    });
    expect(accepted.map((e) => e.object)).toEqual([teamId]);
    // The link used again by someone else changes nothing, and records nothing.
    const late = await humanWithSession(s.t.app, s.t.db.orm, `gaps-late-${randomLabel()}`);
    expect((await call(late, 'POST', '/api/v1/teams/invitations/accept', { token: lastToken })).statusCode).toBe(410);
    expect(await eventsOf({ actorAccountId: late.accountId })).toEqual([]);
    const trail = (
      await call(
        owner,
        'GET',
        '/api/v1/audit?action=POST%20%2Fapi%2Fv1%2Fteams%2Finvitations%2Faccept',
        undefined,
        teamId,
      )
    ).json();
    expect(trail.data.map((e: { actor: { account_id: string } }) => e.actor.account_id)).toContain(joiner.accountId);
  });

  it('records the dashboard switcher: one event naming the team chosen', async () => {
    const page = await call(owner, 'GET', '/dashboard');
    const csrf = /name="csrf_token" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const switched = await s.t.app.inject({
      method: 'POST',
      url: '/dashboard/switch',
      headers: {
        cookie: owner.cookie,
        origin: s.baseUrl,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: `csrf_token=${encodeURIComponent(csrf)}&team_id=${teamId}&return_to=%2Fdashboard`,
    });
    expect(switched.statusCode).toBe(303);
    const mine = await eventsOf({ action: 'POST /dashboard/switch', actorAccountId: owner.accountId });
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ object: teamId, credentialKind: 'session' });
    expect(mine[0]?.details).toMatchObject({ before: { team_id: null }, after: { team_id: teamId } });
  });

  it('names the member, not the team, as who decided a team agent’s approval', async () => {
    const billing = await member('billing');
    const agent = await provision(s.t.app);
    expect(
      (await call(owner, 'POST', '/api/v1/agents/claim', { claim_code: agent.claim_code }, teamId)).statusCode,
    ).toBe(200);
    await grantGems(s.t.db.em(), { accountId: agent.account_id, amount: 100_000, reference: `grant:${randomLabel()}` });
    const set = await call(
      billing,
      'PUT',
      `/api/v1/agents/${agent.account_id}/mandate`,
      { approval_above: { gems: 0 } },
      teamId,
    );
    expect(set.statusCode).toBe(200);
    const asked = await registerDomain(s.t.app, randomLabel('gaps'), {
      headers: { 'x-api-key': agent.api_key },
      method: 'gems',
    });
    expect(asked.statusCode).toBe(202);
    const approved = await call(
      billing,
      'POST',
      `/api/v1/approvals/${asked.json().approval_id}/approve`,
      undefined,
      teamId,
    );
    expect(approved.statusCode).toBe(200);
    expect(approved.json().approval.decided_by).toBe(billing.accountId);
  });

  it('writes one registry event when an unlock takes effect after its delay', async () => {
    // A person of their own (the owner's session acts for the team since it switched).
    const holder = await humanWithSession(s.t.app, s.t.db.orm, `gaps-holder-${randomLabel()}`);
    await grantGems(s.t.db.em(), { accountId: holder.accountId, amount: 100_000, reference: `grant:${randomLabel()}` });
    const label = randomLabel('unl');
    const name = `${label}.agent`;
    const reg = await registerDomain(s.t.app, label, { headers: { cookie: holder.cookie }, method: 'gems' });
    expect(reg.statusCode).toBe(200);
    expect((await call(holder, 'POST', `/api/v1/domains/${name}/lock`)).json().locked).toBe(true);
    expect((await call(holder, 'POST', `/api/v1/domains/${name}/unlock`)).json().unlock.status).toBe('pending');
    const end = Date.now() + 30_000;
    while ((await call(holder, 'GET', `/api/v1/domains/${name}/lock`)).json().locked && Date.now() < end)
      await new Promise((r) => setTimeout(r, 250));
    const lifted = await eventsOf({ object: name, credentialKind: 'registry' });
    expect(lifted).toHaveLength(1);
    expect(lifted[0]).toMatchObject({
      action: 'registry: domain.unlocked',
      actorAccountId: null,
      subjectAccountId: holder.accountId,
    });
    expect(lifted[0]?.details).toMatchObject({ before: { locked: true }, after: { locked: false } });
    // The owner reads it in their own trail.
    const trail = (await call(holder, 'GET', `/api/v1/audit?object=${name}`)).json();
    expect(trail.data.map((e: { action: string }) => e.action)).toContain('registry: domain.unlocked');
  });
});
