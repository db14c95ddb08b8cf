import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Account } from '../../src/db/entities/index.ts';
import { teamRoles, type TeamRole } from '../../src/domain/team.ts';
import { buildDashboardApp, type DashboardTestApp } from '../helpers/dashboard.ts';
import { createDomain, randomLabel } from '../helpers/fixtures.ts';

// Every dashboard page offers only the forms the person's role may use (docs/teams.md "Roles", issue 51):
// for each role, every form a team's domain page shows, sent as it stands, is never refused for the role;
// an auditor is shown none that changes anything; and the members' forms are the owner's alone.

/** The forms a page shows: each one's hidden `action` and, for a row's form, its `target`. */
const formsOf = (page: string) =>
  [...page.matchAll(/<form method="post"[\s\S]*?<\/form>/g)].flatMap((m) => {
    const action = /name="action" value="([a-z_]+)"/.exec(m[0])?.[1];
    const target = /name="target" value="([^"]+)"/.exec(m[0])?.[1];
    return action ? [{ action, ...(target ? { target } : {}) }] : [];
  });

describe('dashboard: the forms each role is shown', () => {
  let t: DashboardTestApp;
  let teamId = '';
  let name = '';
  const people = {} as Record<TeamRole, Awaited<ReturnType<DashboardTestApp['signIn']>>>;

  const api = (who: { cookie: string }, method: 'POST' | 'GET', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await buildDashboardApp();
    for (const role of teamRoles) people[role] = await t.signIn(`roles-${role}-${randomLabel()}`);
    teamId = (await api(people.owner, 'POST', '/api/v1/teams', { name: 'Role Labs' })).json().team.id;
    for (const role of teamRoles.filter((r) => r !== 'owner')) {
      const { token } = (await api(people.owner, 'POST', `/api/v1/teams/${teamId}/invitations`, { role })).json();
      expect((await api(people[role], 'POST', '/api/v1/teams/invitations/accept', { token })).statusCode).toBe(200);
    }
    // Every member's session acts for the team (the header's switcher).
    for (const role of teamRoles)
      await t.db.orm.em
        .fork()
        .getConnection()
        .execute('update web_session set team_id = ? where account_id = ?', [teamId, people[role].accountId]);
    const team = await t.db.orm.em.fork().findOneOrFail(Account, teamId);
    name = (await createDomain(t.db.orm, { label: randomLabel('roles'), namespace: 'agent', owner: team })).name;
  });
  afterAll(() => t?.close());

  it.each(teamRoles)("a %s is shown on the team's domain page only forms its role may use", async (role) => {
    const { browser } = people[role];
    const page = await browser.get(`/dashboard/domains/${name}`);
    expect(page.statusCode).toBe(200);
    const shown = formsOf(page.body);
    // Each form shown, sent as it stands: never refused for the role (it may be refused for what is typed).
    for (const { action, target } of shown) {
      // A form sent before may have changed the page (a lock hides the transfer): only forms still shown.
      const now = formsOf((await browser.get(`/dashboard/domains/${name}`)).body);
      if (!now.some((f) => f.action === action && f.target === target)) continue;
      const sent = await browser.submit(`/dashboard/domains/${name}`, action, {}, target ? { target } : {});
      expect({ role, action, refusedForRole: /role_not_allowed|Your role in this team/.test(sent.body) }).toEqual({
        role,
        action,
        refusedForRole: false,
      });
    }
    // An auditor changes nothing: no form but cancelling a pending unlock, which keeps a name as it is.
    if (role === 'auditor') expect(shown.map((f) => f.action).filter((a) => a !== 'cancel_unlock')).toEqual([]);
    // Nor words that explain a form the role is not shown (a person trying the dashboard met them).
    const explains = /set a price below|Give a price in gems|The name moves to the other account/.test(page.body);
    expect({ role, explains }).toEqual({ role, explains: ['owner', 'admin', 'operator'].includes(role) });
  });

  it.each(teamRoles)('a %s is shown the members’ forms only as the owner', async (role) => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/dashboard/team',
      headers: { cookie: people[role].cookie },
    });
    expect(page.statusCode).toBe(200);
    const shown = formsOf(page.body).map((f) => f.action);
    expect({ role, setRole: shown.includes('set_role'), remove: shown.includes('remove_member') }).toEqual({
      role,
      setRole: role === 'owner',
      remove: role === 'owner',
    });
  });

  it.each(teamRoles)("a %s is shown on the team's page only forms its role may use", async (role) => {
    const { browser } = people[role];
    const teamPage = (await browser.get('/dashboard/team')).body;
    const shown = formsOf(teamPage);
    // Each one sent as it stands (an empty amount, no name to move): refused for what is typed, never for the role.
    // The members' forms are the owner's alone (above), and sending them would change the team under the others.
    for (const { action, target } of shown.filter((f) => !['set_role', 'remove_member'].includes(f.action))) {
      const sent = await browser.submit('/dashboard/team', action, {}, target ? { target } : {});
      expect({ role, action, refusedForRole: /role_not_allowed|Your role in this team/.test(sent.body) }).toEqual({
        role,
        action,
        refusedForRole: false,
      });
    }
    // Gems are billing's (and the owner's and an admin's); moving in is a setting (owner, admin).
    const actions = shown.map((f) => f.action);
    expect({ role, gems: actions.includes('move_gems'), moveIn: actions.includes('move_in') }).toEqual({
      role,
      gems: ['owner', 'admin', 'billing'].includes(role),
      moveIn: ['owner', 'admin'].includes(role),
    });
    // Each section goes with its form.
    expect({ role, gems: teamPage.includes('gems-heading'), moveIn: teamPage.includes('move-heading') }).toEqual({
      role,
      gems: ['owner', 'admin', 'billing'].includes(role),
      moveIn: ['owner', 'admin'].includes(role),
    });
  });
});
