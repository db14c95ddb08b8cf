import { defineEntity, p } from '@mikro-orm/core';
import { createdAt, timestamps } from './base.ts';
import { teamRoles } from '../../domain/team.ts';

/**
 * A team (docs/teams.md "Organizations"): its id is the id of the account that holds its agents, names,
 * keys, webhooks and mandates, so everything that asks "who owns this" answers the team as it would a person.
 */
const TeamSchema = defineEntity({
  name: 'Team',
  tableName: 'team',
  properties: {
    id: p.uuid().primary(),
    name: p.string().length(100),
    createdBy: p.uuid(),
    createdAt,
  },
});
export class Team extends TeamSchema.class {}
TeamSchema.setClass(Team);

/** A person's membership of a team, with their one role. Removing the row removes their access at once. */
const TeamMemberSchema = defineEntity({
  name: 'TeamMember',
  tableName: 'team_member',
  properties: {
    teamId: p.uuid().primary(),
    accountId: p.uuid().primary().index(),
    role: p.enum([...teamRoles]),
    ...timestamps,
  },
});
export class TeamMember extends TeamMemberSchema.class {}
TeamMemberSchema.setClass(TeamMember);

/** An invitation link: single use (`used_at`), expiring, carrying the role it grants. Only its digest is kept. */
const TeamInvitationSchema = defineEntity({
  name: 'TeamInvitation',
  tableName: 'team_invitation',
  properties: {
    id: p.uuid().primary(),
    teamId: p.uuid().index(),
    tokenHash: p.string().length(64).unique(),
    role: p.enum([...teamRoles]),
    createdBy: p.uuid(),
    expiresAt: p.datetime().columnType('timestamptz'),
    usedBy: p.uuid().nullable(),
    usedAt: p.datetime().columnType('timestamptz').nullable(),
    revokedAt: p.datetime().columnType('timestamptz').nullable(),
    createdAt,
  },
});
export class TeamInvitation extends TeamInvitationSchema.class {}
TeamInvitationSchema.setClass(TeamInvitation);

export { TeamSchema, TeamMemberSchema, TeamInvitationSchema };
