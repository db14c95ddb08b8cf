import { z } from 'zod';
import {
  acceptInvitation,
  createTeam,
  getTeam,
  invite,
  listInvitations,
  listTeams,
  moveGems,
  moveIn,
  removeMember,
  setRole,
} from '../../api/routes/teams.ts';
import { teamRoles } from '../../domain/team.ts';
import { dashboardRoutes } from '../page.ts';
import { action, answered, pageRoutes, request, type PageContext } from '../page-definition.ts';
import { renderInvitation, renderTeam, type TeamData } from '../views/team.ts';
import { keepInvitation } from './invitation-return.ts';
import { counted } from '../../domain/words.ts';

export const { page: teamPageRoute, post: teamActionRoute } = pageRoutes('/dashboard/team');
export const { page: invitationPageRoute, post: invitationActionRoute } = pageRoutes('/dashboard/invitations/:token');

/** The team the person acts for (the switcher's choice): its id, or '' acting as themselves. */
const actingFor = (ctx: PageContext) => (ctx.person.member ? ctx.person.accountId : '');

async function load(ctx: PageContext): Promise<TeamData> {
  const teams = (await ctx.read(listTeams)).data;
  const id = actingFor(ctx);
  if (!id) return { teams, current: null, invitations: null };
  const [current, invitations] = await Promise.all([
    ctx.read(getTeam, { params: { team_id: id } }),
    // The owner's only: another role sees the members without the links.
    ctx.call(listInvitations, { params: { team_id: id } }),
  ]);
  return { teams, current, invitations: invitations.ok ? invitations.body.data : null };
}

const member = z.object({ target: z.uuid() });

/** The team page over the team operations (/api/v1/teams…): members, roles, invitations, moving in. */
export const dashboardTeamRoutes = dashboardRoutes<TeamData>({
  page: teamPageRoute,
  post: teamActionRoute,
  title: () => 'Team',
  load,
  render: renderTeam,
  actions: {
    create_team: action({
      fields: z.object({ name: z.string() }),
      call: (f) => request(createTeam, { body: { name: f.name } }),
      done: (f) => ({ notice: `Team “${f.name}” created: choose it at the top of the page to act for it.` }),
    }),
    invite: action({
      fields: z.object({ role: z.enum(teamRoles) }),
      call: (f, ctx) => request(invite, { params: { team_id: actingFor(ctx) }, body: { role: f.role } }),
      done: (f, answer) => {
        const url = answered(answer)?.url;
        return {
          notice: `Invitation link made for one ${f.role}.`,
          ...(url && { reveal: { label: 'The invitation link.', value: url } }),
        };
      },
    }),
    set_role: action({
      fields: member.extend({ role: z.enum(teamRoles) }),
      call: (f, ctx) =>
        request(setRole, { params: { team_id: actingFor(ctx), account_id: f.target }, body: { role: f.role } }),
      done: (f) => ({ notice: `Role changed to ${f.role}: it applies from their next request.` }),
    }),
    remove_member: action({
      fields: member,
      call: (f, ctx) => request(removeMember, { params: { team_id: actingFor(ctx), account_id: f.target } }),
      done: () => ({ notice: 'Member removed: their access has ended.' }),
    }),
    move_in: action({
      fields: z.object({}),
      call: (_f, ctx) => request(moveIn, { params: { team_id: actingFor(ctx) } }),
      done: (_f, answer) => {
        const moved = answered(answer) ?? { names: [], agents: [], kept_locked: [] };
        const kept = moved.kept_locked.length ? ` Locked, left with you: ${moved.kept_locked.join(', ')}.` : '';
        return {
          notice: `Moved ${counted(moved.names.length, 'name')} and ${counted(moved.agents.length, 'agent')} into the team.${kept}`,
        };
      },
    }),
    move_gems: action({
      fields: z.object({
        amount: z.string().default(''),
        direction: z.enum(['to_team', 'from_team']).default('to_team'),
      }),
      call: (f, ctx) =>
        request(moveGems, {
          params: { team_id: actingFor(ctx) },
          // A word is refused by the API's own check, beside the form; a whole number moves.
          body: { amount: /^\s*\d+\s*$/.test(f.amount) ? Number(f.amount) : f.amount, direction: f.direction },
        }),
      done: (_f, answer) => {
        const b = answered(answer)?.balances;
        return {
          notice: b
            ? `Gems moved. You hold ${b.you.toLocaleString('en-US')}; the team ${b.team.toLocaleString('en-US')}.`
            : 'Gems moved.',
        };
      },
    }),
  },
});

type InvitationData = { team: string; role: string; expires_at: string } | { joined: true };

/** An invitation link's page: what it offers (410 once used, expired or withdrawn), and joining. */
export const dashboardInvitationRoutes = dashboardRoutes<InvitationData>({
  page: invitationPageRoute,
  post: invitationActionRoute,
  title: (_ctx, data) => ('joined' in data ? 'Invitation accepted' : `Join ${data.team}`),
  load: async (ctx) => {
    try {
      const { team, invitation } = await ctx.req.server.services.teams.preview(ctx.params.token ?? '');
      return { team: team.name, role: invitation.role, expires_at: invitation.expiresAt.toISOString() };
    } catch (err) {
      // Right after joining, the link is used: the page says what happened instead.
      if (ctx.afterAction) return { joined: true };
      throw err;
    }
  },
  render: renderInvitation,
  signInReturn: (req, reply) => keepInvitation(req, reply, (req.params as { token?: string }).token ?? ''),
  actions: {
    accept: action({
      fields: z.object({}),
      call: (_f, ctx) => request(acceptInvitation, { body: { token: ctx.params.token ?? '' } }),
      done: (_f, answer) => {
        const joined = answered(answer);
        if (!joined) return { notice: 'Invitation accepted.' };
        return {
          notice: joined.already_member
            ? `You are already a member of ${joined.team.name}.`
            : `You joined ${joined.team.name} as ${joined.role}.`,
        };
      },
    }),
  },
});
