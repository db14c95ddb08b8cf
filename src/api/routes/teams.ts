import { teamOperationArea, type TeamArea, type TeamInvitationRecord, type TeamMembership } from '../../domain/team.ts';
import { defineOperation } from '../../http/operations/operation.ts';
import { operationsPlugin } from '../../http/operations/route.ts';
import { clientErrors, errorBodySchema } from '../schemas/common.ts';
import {
  acceptBody,
  acceptResponse,
  createTeamBody,
  doneResponse,
  invitationParams,
  invitationResponse,
  invitationsResponse,
  inviteBody,
  memberParams,
  membershipResponse,
  gemsMoveBody,
  gemsMoveResponse,
  moveResponse,
  roleBody,
  teamParams,
  teamResponse,
  teamsResponse,
} from './teams.schemas.ts';
import { DASHBOARD, declareRoute } from '../../http/declaration.ts';

// Teams (docs/teams.md "Organizations"): people only (a bearer token or the dashboard), each route checking
// the caller's role in the team its path names. Acting *for* a team on the rest of the API is X-Team-Id.
const base = '/api/v1/teams';
const team = `${base}/:team_id`;
const refusals = { ...clientErrors, 401: errorBodySchema, 403: errorBodySchema, 409: errorBodySchema };
const tags = ['teams'];

const route = <M extends 'GET' | 'POST' | 'PATCH' | 'DELETE'>(
  method: M,
  url: string,
  operationId: string,
  description: string,
  inTeam?: TeamArea,
) =>
  declareRoute({
    method,
    url,
    access: DASHBOARD,
    area: 'self',
    ...(inTeam && { inTeam }),
    openapi: { operationId, description },
  });

export const listTeamsRoute = route('GET', base, 'listTeams', 'The teams you belong to, with your role in each.');
export const createTeamRoute = route(
  'POST',
  base,
  'createTeam',
  'Creates a team with you as its owner. A team holds agents, names, keys, webhooks and mandates as a person does; act for it on any route with `X-Team-Id: <team id>` (docs/teams.md "Organizations").',
);
export const getTeamRoute = route(
  'GET',
  team,
  'getTeam',
  'The team, your role, its members and what it holds. Any member.',
);
export const deleteTeamRoute = route(
  'DELETE',
  team,
  'deleteTeam',
  'Deletes the team: its owner, once it holds no names and no agents (409 `team_not_empty`). Its keys stop working.',
  teamOperationArea.delete,
);
export const inviteRoute = route(
  'POST',
  `${team}/invitations`,
  'inviteToTeam',
  'An invitation link for one person, with the role it grants: single use, expiring (7 days unless said). The token is shown once. The owner.',
  teamOperationArea.invite,
);
export const listInvitationsRoute = route(
  'GET',
  `${team}/invitations`,
  'listTeamInvitations',
  'The team’s latest invitations (never their tokens). The owner.',
  teamOperationArea.invitations,
);
export const withdrawInvitationRoute = route(
  'DELETE',
  `${team}/invitations/:invitation_id`,
  'withdrawTeamInvitation',
  'Withdraws an unused invitation: its link answers 410 `invitation_revoked`. The owner.',
  teamOperationArea.withdrawInvitation,
);
export const acceptInvitationRoute = route(
  'POST',
  `${base}/invitations/accept`,
  'acceptTeamInvitation',
  'Joins the team an invitation link names, with its role. A link works once: used again it answers 410 `invitation_used`; expired, 410 `invitation_expired`; withdrawn, 410 `invitation_revoked`. A member already keeps their role.',
);
export const setRoleRoute = route(
  'PATCH',
  `${team}/members/:account_id`,
  'setTeamMemberRole',
  'Changes a member’s role, at once (their next request acts with it). A team keeps an owner: 409 `last_owner`. The owner.',
  teamOperationArea.setRole,
);
export const removeMemberRoute = route(
  'DELETE',
  `${team}/members/:account_id`,
  'removeTeamMember',
  'Removes a member (the owner), or leaves the team (yourself). Their access ends at once: their next request, their session’s choice of the team and the keys they made for it are refused. A team keeps an owner: 409 `last_owner`.',
);
export const moveInRoute = route(
  'POST',
  `${team}/move-in`,
  'moveIntoTeam',
  'Moves your own names and the agents you claimed into the team, in one recorded operation: each name as a transfer (its `domain.transferred` event; a listing ends), each agent by making the team its operator (its names stay the agent’s). Locked names stay yours (`kept_locked`). Owner or admin.',
  teamOperationArea.moveIn,
);

/** Gems move between a person and the team: an owner's, admin's or billing member's (the service checks). */
export const moveGemsRoute = declareRoute({
  method: 'POST',
  url: `${team}/gems`,
  access: DASHBOARD,
  area: 'self',
  inTeam: teamOperationArea.moveGems,
  idempotent: true,
  openapi: {
    operationId: 'moveTeamGems',
    description:
      'Moves gems between you and the team, either way (`direction` `to_team` or `from_team`): one ledger transaction and one audit event. A team starts with none, and moving in moves no money: this is how a team gets gems for its renewals. Refused with nothing moved when the source holds too few (402 `insufficient_gems` with `details.balance` and `required`). Owner, admin or billing. Honours `Idempotency-Key`.',
  },
});

const teamView = (t: TeamMembership['team']) => ({ id: t.id, name: t.name, created_at: t.createdAt.toISOString() });
const membershipView = (m: TeamMembership) => ({ team: teamView(m.team), role: m.role });
const iso = (d: Date | null) => d?.toISOString() ?? null;
const invitationView = (i: TeamInvitationRecord) => ({
  id: i.id,
  role: i.role,
  created_by: i.createdBy,
  expires_at: i.expiresAt.toISOString(),
  used_by: i.usedBy,
  used_at: iso(i.usedAt),
  revoked_at: iso(i.revokedAt),
  created_at: i.createdAt.toISOString(),
});

export const listTeams = defineOperation(
  listTeamsRoute,
  { tags, summary: 'Your teams', response: { 200: teamsResponse, ...refusals } },
  async ({ principal }, services) => ({
    status: 'success' as const,
    data: (await services.teams.mine(principal!)).map(membershipView),
  }),
);
export const createTeam = defineOperation(
  createTeamRoute,
  { tags, summary: 'Create a team', body: createTeamBody, response: { 200: membershipResponse, ...refusals } },
  async ({ principal, body }, services) => ({
    status: 'success' as const,
    ...membershipView(await services.teams.create(principal!, body.name)),
  }),
);
export const getTeam = defineOperation(
  getTeamRoute,
  { tags, summary: 'A team and its members', params: teamParams, response: { 200: teamResponse, ...refusals } },
  async ({ principal, params }, services) => {
    const t = await services.teams.get(principal!, params.team_id);
    return {
      status: 'success' as const,
      team: teamView(t.team),
      role: t.role,
      members: t.members.map((m) => ({
        account_id: m.accountId,
        display_name: m.displayName,
        role: m.role,
        joined_at: m.joinedAt.toISOString(),
      })),
      holdings: t.holdings,
    };
  },
);
export const deleteTeam = defineOperation(
  deleteTeamRoute,
  { tags, summary: 'Delete an empty team', params: teamParams, response: { 200: doneResponse, ...refusals } },
  async ({ principal, params }, services) => {
    await services.teams.delete(principal!, params.team_id);
    return { status: 'success' as const };
  },
);
export const invite = defineOperation(
  inviteRoute,
  {
    tags,
    summary: 'Invite a person, with a role',
    params: teamParams,
    body: inviteBody,
    response: { 200: invitationResponse, ...refusals },
  },
  async ({ principal, params, body }, services) => {
    const made = await services.teams.invite(principal!, params.team_id, body.role, body.expires_in_seconds);
    return {
      status: 'success' as const,
      invitation: invitationView(made.invitation),
      token: made.token,
      url: made.url,
    };
  },
);
export const listInvitations = defineOperation(
  listInvitationsRoute,
  { tags, summary: 'A team’s invitations', params: teamParams, response: { 200: invitationsResponse, ...refusals } },
  async ({ principal, params }, services) => ({
    status: 'success' as const,
    data: (await services.teams.invitations(principal!, params.team_id)).map(invitationView),
  }),
);
export const withdrawInvitation = defineOperation(
  withdrawInvitationRoute,
  { tags, summary: 'Withdraw an invitation', params: invitationParams, response: { 200: doneResponse, ...refusals } },
  async ({ principal, params }, services) => {
    await services.teams.withdrawInvitation(principal!, params.team_id, params.invitation_id);
    return { status: 'success' as const };
  },
);
export const acceptInvitation = defineOperation(
  acceptInvitationRoute,
  {
    tags,
    summary: 'Join a team with an invitation link',
    body: acceptBody,
    response: { 200: acceptResponse, ...refusals, 410: errorBodySchema },
  },
  async ({ principal, body }, services) => {
    const joined = await services.teams.accept(principal!, body.token);
    return { status: 'success' as const, ...membershipView(joined), already_member: joined.already };
  },
);
export const setRole = defineOperation(
  setRoleRoute,
  {
    tags,
    summary: 'Change a member’s role',
    params: memberParams,
    body: roleBody,
    response: { 200: doneResponse, ...refusals },
  },
  async ({ principal, params, body }, services) => {
    await services.teams.setRole(principal!, params.team_id, params.account_id, body.role);
    return { status: 'success' as const };
  },
);
export const removeMember = defineOperation(
  removeMemberRoute,
  { tags, summary: 'Remove a member, or leave', params: memberParams, response: { 200: doneResponse, ...refusals } },
  async ({ principal, params }, services) => {
    await services.teams.remove(principal!, params.team_id, params.account_id);
    return { status: 'success' as const };
  },
);
export const moveIn = defineOperation(
  moveInRoute,
  {
    tags,
    summary: 'Move your names and agents into the team',
    params: teamParams,
    response: { 200: moveResponse, ...refusals },
  },
  async ({ principal, params }, services) => {
    const moved = await services.teams.moveIn(principal!, params.team_id);
    return { status: 'success' as const, names: moved.names, agents: moved.agents, kept_locked: moved.keptLocked };
  },
);

export const moveGems = defineOperation(
  moveGemsRoute,
  {
    tags,
    summary: 'Move gems between you and the team',
    params: teamParams,
    body: gemsMoveBody,
    response: { 200: gemsMoveResponse, 402: errorBodySchema, ...refusals },
  },
  async ({ principal, params, body }, services) => {
    const balances = await services.teams.moveGems(principal!, params.team_id, body);
    return { status: 'success' as const, balances: { you: balances.person, team: balances.team } };
  },
);

export const teamRoutes = operationsPlugin([
  listTeams,
  createTeam,
  acceptInvitation,
  getTeam,
  deleteTeam,
  invite,
  listInvitations,
  withdrawInvitation,
  setRole,
  removeMember,
  moveIn,
  moveGems,
]);
