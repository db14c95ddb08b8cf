import { z } from 'zod';
import { INVITATION_MAX_SECONDS, teamRoles } from '../../domain/team.ts';
import { isoTimestamp } from '../schemas/common.ts';
import { EXAMPLE, example } from '../schemas/examples.ts';

const TEAM_ID = '3a9e4f1c-8b2d-4c6e-a1f7-5d0b9c2e6a84';
const role = z.enum(teamRoles).describe('owner, admin, operator, billing or auditor (docs/teams.md "Roles")');

export const teamParams = z.object({ team_id: z.uuid() });
export const memberParams = teamParams.extend({ account_id: z.uuid() });
export const invitationParams = teamParams.extend({ invitation_id: z.uuid() });

export const createTeamBody = example(
  z.strictObject({ name: z.string().trim().min(1).max(100).describe('The team’s name, as members see it') }),
  { name: 'Scout Labs' },
);
export const inviteBody = example(
  z.strictObject({
    role,
    expires_in_seconds: z
      .int()
      .min(60)
      .max(INVITATION_MAX_SECONDS)
      .optional()
      .describe('How long the link stays usable: 7 days unless said, at most 30'),
  }),
  { role: 'operator', expires_in_seconds: 86_400 },
);
export const acceptBody = example(z.strictObject({ token: z.string().min(16).max(128) }), {
  token: 'q3J0cH0xVt8r7mB2yE5nKa1LwZ4sGd6fPuH9iQcXoRk',
});
export const roleBody = example(z.strictObject({ role }), { role: 'billing' });

const team = z.object({ id: z.string(), name: z.string(), created_at: isoTimestamp });
const membership = z.object({ team, role });
const member = z.object({
  account_id: z.string(),
  display_name: z.string().nullable(),
  role,
  joined_at: isoTimestamp,
});
const invitation = z.object({
  id: z.string(),
  role,
  created_by: z.string(),
  expires_at: isoTimestamp,
  used_by: z.string().nullable(),
  used_at: isoTimestamp.nullable(),
  revoked_at: isoTimestamp.nullable(),
  created_at: isoTimestamp,
});

const exampleTeam = { id: TEAM_ID, name: 'Scout Labs', created_at: EXAMPLE.at };
const exampleInvitation = {
  id: '9c1d2e3f-4a5b-4c6d-8e7f-0a1b2c3d4e5f',
  role: 'operator' as const,
  created_by: EXAMPLE.accountId,
  expires_at: EXAMPLE.expiry,
  used_by: null,
  used_at: null,
  revoked_at: null,
  created_at: EXAMPLE.at,
};

export const membershipResponse = example(z.object({ status: z.literal('success'), ...membership.shape }), {
  status: 'success',
  team: exampleTeam,
  role: 'owner',
});
export const acceptResponse = example(
  z.object({
    status: z.literal('success'),
    ...membership.shape,
    already_member: z.boolean().describe('True: you were a member already; the link stays unused'),
  }),
  { status: 'success', team: exampleTeam, role: 'operator', already_member: false },
);
export const teamsResponse = example(z.object({ status: z.literal('success'), data: z.array(membership) }), {
  status: 'success',
  data: [{ team: exampleTeam, role: 'owner' }],
});
export const teamResponse = example(
  z.object({
    status: z.literal('success'),
    team,
    role: role.describe('Your role in it'),
    members: z.array(member),
    holdings: z.object({ names: z.int(), agents: z.int() }),
  }),
  {
    status: 'success',
    team: exampleTeam,
    role: 'owner',
    members: [{ account_id: EXAMPLE.accountId, display_name: 'Ada', role: 'owner', joined_at: EXAMPLE.at }],
    holdings: { names: 3, agents: 2 },
  },
);
export const invitationResponse = example(
  z.object({
    status: z.literal('success'),
    invitation,
    token: z.string().describe('The link’s secret: shown once, never again'),
    url: z.string().describe('The link to send: the dashboard page that accepts it'),
  }),
  {
    status: 'success',
    invitation: exampleInvitation,
    token: 'q3J0cH0xVt8r7mB2yE5nKa1LwZ4sGd6fPuH9iQcXoRk',
    url: 'https://registry.example/dashboard/invitations/q3J0cH0xVt8r7mB2yE5nKa1LwZ4sGd6fPuH9iQcXoRk',
  },
);
export const invitationsResponse = example(z.object({ status: z.literal('success'), data: z.array(invitation) }), {
  status: 'success',
  data: [exampleInvitation],
});
export const doneResponse = example(z.object({ status: z.literal('success') }), { status: 'success' });
export const gemsMoveBody = example(
  z.strictObject({
    amount: z.int().min(1).max(2_147_483_647).describe('Whole gems'),
    direction: z.enum(['to_team', 'from_team']).describe('From you to the team, or from the team to you'),
  }),
  { amount: 5000, direction: 'to_team' },
);
export const gemsMoveResponse = example(
  z.object({
    status: z.literal('success'),
    balances: z.object({ you: z.int(), team: z.int() }).describe('Both balances after the move, in gems'),
  }),
  { status: 'success', balances: { you: 1000, team: 5000 } },
);
export const moveResponse = example(
  z.object({
    status: z.literal('success'),
    names: z.array(z.string()).describe('Your names, now the team’s'),
    agents: z.array(z.string()).describe('The agents you claimed, now managed by the team (their names stay theirs)'),
    kept_locked: z.array(z.string()).describe('Locked names, left with you: unlock them to move them'),
  }),
  { status: 'success', names: [EXAMPLE.name], agents: [EXAMPLE.accountId], kept_locked: [] },
);
