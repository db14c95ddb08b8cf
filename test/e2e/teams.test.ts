import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AuditEvent, DomainOrder } from '../../src/db/entities/index.ts';
import { gemsBalance, grantGems } from '../../src/ledger/gems.ts';
import { registerDomain } from '../helpers/app.ts';
import { textOf } from '../helpers/dashboard.ts';
import { randomLabel } from '../helpers/fixtures.ts';
import { claimedAgent, humanWithSession, provision } from '../helpers/identities.ts';
import { startRegistryStack, type RegistryStack } from '../helpers/registry-stack.ts';

type Person = { accountId: string; cookie: string };

// Teams over real parts (API, worker, Temporal, PostgreSQL), as docs/teams.md "Organizations" says them: a
// link used once, a person's names and agents moved in with one recorded operation, each member acting for
// the team within their role, a lock lifted only by a second member, and a member removed or demoted
// refused on their very next request.
describe('teams', () => {
  let s: RegistryStack;
  let owner: Person, admin: Person, operator: Person, billing: Person, auditor: Person, stranger: Person;
  let teamId = '';

  const call = (
    who: Person,
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    team: string | null = teamId,
  ) =>
    s.t.app.inject({
      method,
      url,
      headers: { cookie: who.cookie, ...(team ? { 'x-team-id': team } : {}) },
      ...(payload ? { payload } : {}),
    });
  const person = (tag: string) => humanWithSession(s.t.app, s.t.db.orm, `team-${tag}-${randomLabel()}`);
  const sql = (query: string, params: unknown[]) => s.t.db.orm.em.fork().getConnection().execute(query, params);
  /** A new team of `who`'s: its id. */
  const teamOf = async (who: Person) =>
    (await call(who, 'POST', '/api/v1/teams', { name: `t ${randomLabel()}` }, null)).json().team.id as string;
  /** `who` joins `team` with `role` by a link its owner `by` made. */
  async function joins(team: string, by: Person, who: Person, role: string) {
    const { token } = (await call(by, 'POST', `/api/v1/teams/${team}/invitations`, { role }, null)).json();
    const joined = await call(who, 'POST', '/api/v1/teams/invitations/accept', { token }, null);
    expect(joined.statusCode).toBe(200);
  }
  async function join(who: Person, role: string) {
    const invited = await call(owner, 'POST', `/api/v1/teams/${teamId}/invitations`, { role }, null);
    expect(invited.statusCode).toBe(200);
    expect(invited.json().url).toContain(`/dashboard/invitations/${invited.json().token}`);
    const joined = await call(who, 'POST', '/api/v1/teams/invitations/accept', { token: invited.json().token }, null);
    expect(joined.json()).toMatchObject({ role, already_member: false, team: { id: teamId } });
    return invited.json().token as string;
  }

  beforeAll(async () => {
    s = await startRegistryStack({ RATE_LIMIT_MAX: '10000', REGISTRAR_UNLOCK_DELAY_SECONDS: '3600' });
    const people = await Promise.all(['owner', 'admin', 'operator', 'billing', 'auditor', 'stranger'].map(person));
    [owner, admin, operator, billing, auditor, stranger] = people as unknown as [
      Person,
      Person,
      Person,
      Person,
      Person,
      Person,
    ];
    const made = await call(owner, 'POST', '/api/v1/teams', { name: 'Scout Labs' }, null);
    expect(made.json()).toMatchObject({ role: 'owner', team: { name: 'Scout Labs' } });
    teamId = made.json().team.id;
  }, 120_000);
  afterAll(() => s?.stop());

  it('lets an invitation link in once, for one person, with its role', async () => {
    const token = await join(operator, 'operator');
    // Used: another person is refused; the one who used it is a member already.
    const again = await call(stranger, 'POST', '/api/v1/teams/invitations/accept', { token }, null);
    expect({ status: again.statusCode, code: again.json().code }).toEqual({ status: 410, code: 'invitation_used' });
    const same = await call(operator, 'POST', '/api/v1/teams/invitations/accept', { token }, null);
    expect(same.json()).toMatchObject({ role: 'operator', already_member: true });
    // An expired link, a withdrawn one, one nobody made.
    const short = await call(
      owner,
      'POST',
      `/api/v1/teams/${teamId}/invitations`,
      { role: 'auditor', expires_in_seconds: 60 },
      null,
    );
    await s.t.db.orm.em
      .fork()
      .getConnection()
      .execute(`update team_invitation set expires_at = now() - interval '1 second' where id = ?`, [
        short.json().invitation.id,
      ]);
    const expired = await call(
      stranger,
      'POST',
      '/api/v1/teams/invitations/accept',
      { token: short.json().token },
      null,
    );
    expect(expired.json().code).toBe('invitation_expired');
    const withdrawn = await call(owner, 'POST', `/api/v1/teams/${teamId}/invitations`, { role: 'admin' }, null);
    await call(
      owner,
      'DELETE',
      `/api/v1/teams/${teamId}/invitations/${withdrawn.json().invitation.id}`,
      undefined,
      null,
    );
    const revoked = await call(
      stranger,
      'POST',
      '/api/v1/teams/invitations/accept',
      { token: withdrawn.json().token },
      null,
    );
    expect(revoked.json().code).toBe('invitation_revoked');
    const unknown = await call(stranger, 'POST', '/api/v1/teams/invitations/accept', { token: 'x'.repeat(43) }, null);
    expect(unknown.statusCode).toBe(404);
    // Only the owner invites; a stranger sees no team.
    expect(
      (await call(operator, 'POST', `/api/v1/teams/${teamId}/invitations`, { role: 'owner' }, null)).json().code,
    ).toBe('role_not_allowed');
    expect((await call(stranger, 'GET', `/api/v1/teams/${teamId}`, undefined, null)).statusCode).toBe(404);
    expect((await call(stranger, 'GET', '/api/v1/domains')).json().code).toBe('not_a_member');
  });

  it('moves a person’s names and agents in with one recorded operation, and each role acts within its area', async () => {
    await Promise.all([join(admin, 'admin'), join(billing, 'billing'), join(auditor, 'auditor')]);
    // The owner's own name, and an agent they claimed with its own name.
    await grantGems(s.t.db.em(), { accountId: owner.accountId, amount: 100_000, reference: `grant:${randomLabel()}` });
    const own = randomLabel('own');
    expect((await registerDomain(s.t.app, own, { headers: { cookie: owner.cookie }, method: 'gems' })).statusCode).toBe(
      200,
    );
    const agent = await claimedAgent(s.t.app, s.t.db.orm, owner.cookie);
    const agentName = randomLabel('agt');
    expect((await registerDomain(s.t.app, agentName, { headers: agent.key, method: 'gems' })).statusCode).toBe(200);

    // An operator cannot move things in; the owner can.
    expect((await call(operator, 'POST', `/api/v1/teams/${teamId}/move-in`, undefined, null)).json().code).toBe(
      'role_not_allowed',
    );
    const moved = await call(owner, 'POST', `/api/v1/teams/${teamId}/move-in`, undefined, null);
    expect(moved.json()).toEqual({ status: 'success', names: [`${own}.agent`], agents: [agent.id], kept_locked: [] });
    expect(await s.t.db.em().count(DomainOrder, { domainName: `${own}.agent`, kind: 'transfer' })).toBe(1);
    expect(await s.t.db.em().count(AuditEvent, { action: 'POST /api/v1/teams/:team_id/move-in', object: teamId })).toBe(
      1,
    );

    // Every member sees what the team holds; the owner as themselves no longer holds it.
    for (const who of [admin, operator, billing, auditor]) {
      const names = (await call(who, 'GET', '/api/v1/domains')).json().data.map((d: { name: string }) => d.name);
      expect(names).toEqual(expect.arrayContaining([`${own}.agent`, `${agentName}.agent`]));
    }
    const mine = (await call(owner, 'GET', '/api/v1/domains', undefined, null)).json().data;
    expect(mine.map((d: { name: string }) => d.name)).not.toContain(`${own}.agent`);

    // Names: an operator changes a profile; billing and the auditor cannot.
    const profile = (who: Person) =>
      call(who, 'PATCH', `/api/v1/domains/${agentName}.agent/profile`, { description: `by ${who.accountId}` });
    expect((await profile(operator)).statusCode).toBe(200);
    for (const who of [billing, auditor]) {
      const refused = await profile(who);
      expect({ status: refused.statusCode, code: refused.json().code }).toEqual({
        status: 403,
        code: 'role_not_allowed',
      });
    }
    // Money: billing sets the agent's mandate; the operator cannot.
    const mandate = (who: Person) =>
      call(who, 'PUT', `/api/v1/agents/${agent.id}/mandate`, { per_day: { gems: 5000 } });
    expect((await mandate(operator)).json().code).toBe('role_not_allowed');
    expect((await mandate(billing)).statusCode).toBe(200);
    // The trail: the auditor and the owner read it, naming the member who acted; the operator cannot.
    expect((await call(operator, 'GET', '/api/v1/audit')).json().code).toBe('role_not_allowed');
    const trail = (await call(auditor, 'GET', '/api/v1/audit?limit=100')).json().data;
    const edit = trail.find((e: { action: string }) => e.action === 'PATCH /api/v1/domains/:domain_name/profile');
    expect(edit.actor).toMatchObject({ account_id: teamId, member_id: operator.accountId, credential: 'session' });
    expect(trail.some((e: { action: string }) => e.action === 'POST /api/v1/teams/:team_id/invitations')).toBe(true);
    // Changing nothing: the auditor's edit left no event.
    expect(trail.filter((e: { actor: { member_id: string } }) => e.actor.member_id === auditor.accountId)).toEqual([]);
  });

  it('locks for an owner or admin only, and lifts a lock when a second member approves', async () => {
    // The admin has been a member longer than the unlock delay (an hour here), and since before the lock.
    await sql(`update team_member set created_at = now() - interval '2 hours' where team_id = ? and account_id = ?`, [
      teamId,
      admin.accountId,
    ]);
    const name = (await call(owner, 'GET', '/api/v1/domains')).json().data[0].name as string;
    expect((await call(operator, 'POST', `/api/v1/domains/${name}/lock`)).json().code).toBe('role_not_allowed');
    expect((await call(owner, 'POST', `/api/v1/domains/${name}/lock`)).json().locked).toBe(true);
    const asked = await call(owner, 'POST', `/api/v1/domains/${name}/unlock`);
    expect(asked.json().unlock).toMatchObject({ status: 'pending', requested_by: owner.accountId });
    // Not the one who asked, not a role without the lock's area; another admin of the team, yes.
    expect((await call(owner, 'POST', `/api/v1/domains/${name}/unlock/approve`)).statusCode).toBe(403);
    expect((await call(operator, 'POST', `/api/v1/domains/${name}/unlock/approve`)).json().code).toBe(
      'role_not_allowed',
    );
    const approved = await call(admin, 'POST', `/api/v1/domains/${name}/unlock/approve`);
    expect(approved.json()).toMatchObject({ locked: false, unlock: null });
  });

  it('applies a role change and a removal on the very next request, keys and sessions included', async () => {
    const role = (to: string) =>
      call(owner, 'PATCH', `/api/v1/teams/${teamId}/members/${operator.accountId}`, { role: to }, null);
    // A team's keys are an admin's to make: refused to the operator until promoted.
    expect((await call(operator, 'POST', '/api/v1/keys', { key_class: 'live' })).json().code).toBe('role_not_allowed');
    expect((await role('admin')).statusCode).toBe(200);
    const key = await call(operator, 'POST', '/api/v1/keys', { key_class: 'live', name: 'ops' });
    expect(key.statusCode).toBe(200);
    const teamKey = { 'x-api-key': key.json().api_key as string };
    const viaKey = () => s.t.app.inject({ method: 'GET', url: '/api/v1/domains', headers: teamKey });
    expect((await viaKey()).statusCode).toBe(200);
    // The dashboard's switcher: the operator's session acts for the team without a header.
    await s.t.db.orm.em
      .fork()
      .getConnection()
      .execute(`update web_session set team_id = ? where account_id = ?`, [teamId, operator.accountId]);
    const viaSession = () => call(operator, 'GET', '/api/v1/domains', undefined, null);
    expect((await viaSession()).json().data.length).toBeGreaterThan(0);
    // The header says who is signed in (the person's own account) and, apart, whom they act for (issue 51).
    const dashboard = await s.t.app.inject({ method: 'GET', url: '/dashboard', headers: { cookie: operator.cookie } });
    expect(textOf(dashboard.body, { id: 'account-id' })).toBe(operator.accountId);
    expect(textOf(dashboard.body, { id: 'acting-for' })).toBe(', acting for Scout Labs');
    expect(dashboard.body).toMatch(
      new RegExp(`acting for <strong>Scout Labs</strong> as admin[\\s\\S]*?<code>${teamId}</code>`),
    );

    // Demoted to auditor: the key reads, and no longer writes.
    expect((await role('auditor')).statusCode).toBe(200);
    const name = (await viaKey()).json().data[0].name as string;
    const write = await s.t.app.inject({
      method: 'PATCH',
      url: `/api/v1/domains/${name}/profile`,
      headers: teamKey,
      payload: { description: 'demoted' },
    });
    expect(write.json().code).toBe('role_not_allowed');

    // Removed: the header is refused, the key stops, the session acts as the person again.
    expect(
      (await call(owner, 'DELETE', `/api/v1/teams/${teamId}/members/${operator.accountId}`, undefined, null))
        .statusCode,
    ).toBe(200);
    expect((await call(operator, 'GET', '/api/v1/domains')).json().code).toBe('not_a_member');
    expect((await viaKey()).statusCode).toBe(401);
    expect((await viaSession()).json().data).toEqual([]);
  });

  it('moves gems between a person and the team, either way, once per key, in the ledger and the trail (issue 51)', async () => {
    // A team of its own (the admin of the main team owns it), so the main team's tests below are untouched.
    const team = await teamOf(admin);
    await joins(team, admin, billing, 'billing');
    await joins(team, admin, operator, 'operator');
    await grantGems(s.t.db.em(), { accountId: billing.accountId, amount: 3000, reference: `g:${randomLabel()}` });
    const held = await gemsBalance(s.t.db.em(), billing.accountId);
    const move = (who: Person, payload: object, key?: string) =>
      s.t.app.inject({
        method: 'POST',
        url: `/api/v1/teams/${team}/gems`,
        headers: { cookie: who.cookie, ...(key ? { 'idempotency-key': key } : {}) },
        payload,
      });
    // Billing moves 2,000 in; the same request again with its key moves nothing more.
    const key = `k-${randomLabel()}`;
    const first = await move(billing, { amount: 2000, direction: 'to_team' }, key);
    expect(first.json()).toEqual({ status: 'success', balances: { you: held - 2000, team: 2000 } });
    expect((await move(billing, { amount: 2000, direction: 'to_team' }, key)).json()).toEqual(first.json());
    expect(await gemsBalance(s.t.db.em(), team)).toBe(2000);
    // More than the source holds: refused, nothing moved.
    const short = await move(billing, { amount: 5000, direction: 'from_team' });
    expect([short.statusCode, short.json().code, short.json().details]).toEqual([
      402,
      'insufficient_gems',
      { balance: 2000, required: 5000 },
    ]);
    // An operator's role is names, not gems; a stranger is not in the team.
    expect((await move(operator, { amount: 1, direction: 'from_team' })).json().code).toBe('role_not_allowed');
    expect((await move(stranger, { amount: 1, direction: 'from_team' })).statusCode).toBe(404);
    expect((await move(billing, { amount: 0, direction: 'to_team' })).statusCode).toBe(400);
    // Back out: 500 to the person.
    expect((await move(billing, { amount: 500, direction: 'from_team' })).json().balances).toEqual({
      you: held - 1500,
      team: 1500,
    });
    expect([await gemsBalance(s.t.db.em(), billing.accountId), await gemsBalance(s.t.db.em(), team)]).toEqual([
      held - 1500,
      1500,
    ]);
    // One audit event per move that happened, none for a refusal or the replay.
    expect(await s.t.db.em().count(AuditEvent, { action: 'POST /api/v1/teams/:team_id/gems', object: team })).toBe(2);
  });

  it('keeps an owner, and deletes only an empty team', async () => {
    const demote = await call(
      owner,
      'PATCH',
      `/api/v1/teams/${teamId}/members/${owner.accountId}`,
      { role: 'admin' },
      null,
    );
    expect({ status: demote.statusCode, code: demote.json().code }).toEqual({ status: 409, code: 'last_owner' });
    const leave = await call(owner, 'DELETE', `/api/v1/teams/${teamId}/members/${owner.accountId}`, undefined, null);
    expect(leave.json().code).toBe('last_owner');
    expect((await call(admin, 'DELETE', `/api/v1/teams/${teamId}`, undefined, null)).json().code).toBe(
      'role_not_allowed',
    );
    const full = await call(owner, 'DELETE', `/api/v1/teams/${teamId}`, undefined, null);
    expect({ status: full.statusCode, code: full.json().code }).toEqual({ status: 409, code: 'team_not_empty' });
    const empty = await call(owner, 'POST', '/api/v1/teams', { name: 'Empty' }, null);
    expect((await call(owner, 'DELETE', `/api/v1/teams/${empty.json().team.id}`, undefined, null)).statusCode).toBe(
      200,
    );
    expect((await call(owner, 'GET', '/api/v1/teams', undefined, null)).json().data).toEqual([
      { team: expect.objectContaining({ id: teamId }), role: 'owner' },
    ]);
  });

  // Issue 49: whatever one person's credentials can create (a team, an invitation, a second account, an agent, a
  // key) never lifts a lock sooner than its delay (docs/teams.md "Registrar lock").
  it('one person alone never lifts a lock at once: a team they make, moved into, and a second account they invite', async () => {
    const mallory = await person('mallory');
    const alt = await person('mallory-alt');
    const agent = await claimedAgent(s.t.app, s.t.db.orm, mallory.cookie);
    const label = randomLabel('held');
    const name = `${label}.agent`;
    expect((await registerDomain(s.t.app, label, { headers: agent.key, method: 'gems' })).statusCode).toBe(200);
    const locked = (
      await s.t.app.inject({ method: 'POST', url: `/api/v1/domains/${name}/lock`, headers: agent.key })
    ).json().lock;
    const asked = await s.t.app.inject({ method: 'POST', url: `/api/v1/domains/${name}/unlock`, headers: agent.key });
    const request = asked.json().unlock;

    // A team of theirs, the agent moved in with its name: the lock and the pending request are as they were.
    const team = await teamOf(mallory);
    const moved = await call(mallory, 'POST', `/api/v1/teams/${team}/move-in`, undefined, null);
    expect(moved.json()).toMatchObject({ agents: [agent.id], kept_locked: [] });
    const state = (await call(mallory, 'GET', `/api/v1/domains/${name}/lock`, undefined, team)).json();
    expect(state).toMatchObject({ locked: true, lock: locked, unlock: { id: request.id, status: 'pending' } });
    expect(state.unlock.effective_at).toBe(request.effective_at);

    // A second account of theirs, invited as admin, approves what they ask: refused, the name stays locked.
    await joins(team, mallory, alt, 'admin');
    const again = await call(mallory, 'POST', `/api/v1/domains/${name}/unlock`, undefined, team);
    expect(again.json().unlock.id).toBe(request.id);
    const approved = await call(alt, 'POST', `/api/v1/domains/${name}/unlock/approve`, undefined, team);
    expect({ status: approved.statusCode, rule: approved.json().details?.rule }).toEqual({
      status: 403,
      rule: 'joined_too_recently',
    });
    const transfer = await s.t.app.inject({
      method: 'POST',
      url: '/api/v1/domains/transfer',
      headers: agent.key,
      payload: { domain: name, to_account_id: alt.accountId },
    });
    expect(transfer.statusCode).toBe(423);
    // Nor is the person who claimed the agent that asked.
    const byClaimer = await call(mallory, 'POST', `/api/v1/domains/${name}/unlock/approve`, undefined, team);
    expect({ status: byClaimer.statusCode, rule: byClaimer.json().details?.rule }).toEqual({
      status: 403,
      rule: 'same_person',
    });
    expect((await call(mallory, 'GET', `/api/v1/domains/${name}/lock`, undefined, team)).json()).toMatchObject({
      locked: true,
      unlock: { id: request.id, status: 'pending' },
    });
  });

  it('a removed member keeps no power over the team’s things: the agents they claimed for it, the links they made', async () => {
    const boss = await person('boss');
    const leaver = await person('leaver');
    const leaverAlt = await person('leaver-alt');
    const team = await teamOf(boss);
    await joins(team, boss, leaver, 'owner');
    // The leaver claims an agent for the team (its keys are theirs to hold), which registers a name.
    const p = await provision(s.t.app);
    const claimed = await call(leaver, 'POST', '/api/v1/agents/claim', { claim_code: p.claim_code }, team);
    expect(claimed.statusCode).toBe(200);
    await grantGems(s.t.db.em(), { accountId: p.account_id, amount: 100_000, reference: `grant:${randomLabel()}` });
    const agentKey = { 'x-api-key': p.api_key };
    const label = randomLabel('kept');
    expect((await registerDomain(s.t.app, label, { headers: agentKey, method: 'gems' })).statusCode).toBe(200);
    const names = (await call(boss, 'GET', '/api/v1/domains', undefined, team)).json().data;
    expect(names.map((d: { name: string }) => d.name)).toContain(`${label}.agent`);
    // A link the leaver made while an owner.
    const link = (await call(leaver, 'POST', `/api/v1/teams/${team}/invitations`, { role: 'admin' }, null)).json();

    expect(
      (await call(boss, 'DELETE', `/api/v1/teams/${team}/members/${leaver.accountId}`, undefined, null)).statusCode,
    ).toBe(200);
    // The agent's key cannot move the team's name to the leaver.
    const moved = await s.t.app.inject({
      method: 'POST',
      url: '/api/v1/domains/transfer',
      headers: agentKey,
      payload: { domain: `${label}.agent`, to_account_id: leaver.accountId },
    });
    expect(moved.statusCode).toBe(401);
    expect((await call(boss, 'GET', `/api/v1/domains/${label}.agent`, undefined, team)).json().domain).toMatchObject({
      owner_id: p.account_id,
    });
    // Their link lets nobody in.
    const used = await call(leaverAlt, 'POST', '/api/v1/teams/invitations/accept', { token: link.token }, null);
    expect({ status: used.statusCode, code: used.json().code }).toEqual({ status: 410, code: 'invitation_revoked' });
  });
});
