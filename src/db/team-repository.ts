import type { EntityManager } from '@mikro-orm/postgresql';
import { Account, Team, TeamInvitation, TeamMember } from './entities/index.ts';
import {
  invitationRefusal,
  type TeamInvitationRecord,
  type TeamMemberRecord,
  type TeamMembership,
  type TeamRecord,
  type TeamRole,
} from '../domain/team.ts';

const teamOf = (t: Team): TeamRecord => ({ id: t.id, name: t.name, createdAt: t.createdAt });
const invitationOf = (i: TeamInvitation): TeamInvitationRecord => ({
  id: i.id,
  teamId: i.teamId,
  role: i.role,
  createdBy: i.createdBy,
  expiresAt: i.expiresAt,
  usedBy: i.usedBy ?? null,
  usedAt: i.usedAt ?? null,
  revokedAt: i.revokedAt ?? null,
  createdAt: i.createdAt,
});

/** What removing a member revoked: the team's keys they made, keys of agents they claimed for it, open links they made. */
export interface Removal {
  teamKeys: number;
  agentKeys: number;
  invitations: number;
}

/** What accepting an invitation found: joined, or why not. */
export type Acceptance =
  { joined: TeamMembership; already: boolean } | { refused: 'unknown' | 'used' | 'expired' | 'revoked' };

// Teams, their members and invitation links (docs/teams.md "Organizations"). A team's id is its account's:
// creating one writes both in the caller's transaction.
export function teamRepository(em: EntityManager) {
  return {
    /** A new team owned by `ownerId`: its account (which holds its assets), its row, its first member. */
    async create(name: string, ownerId: string): Promise<TeamRecord> {
      const account = em.create(Account, { kind: 'human', displayName: name });
      await em.flush();
      const team = em.create(Team, { id: account.id, name, createdBy: ownerId });
      em.create(TeamMember, { teamId: account.id, accountId: ownerId, role: 'owner' });
      await em.flush();
      return teamOf(team);
    },

    async find(teamId: string): Promise<TeamRecord | null> {
      const t = await em.findOne(Team, { id: teamId });
      return t && teamOf(t);
    },

    /** Whether an account is a team's (so it never signs in and never acts by itself). */
    async isTeam(accountId: string): Promise<boolean> {
      return (await em.count(Team, { id: accountId })) > 0;
    },

    /**
     * A person's role in a team, read from the database at every ask, never from the unit of work's identity
     * map (a removal takes effect at once, between a batch's items too); null: not a member.
     */
    async roleOf(teamId: string, accountId: string): Promise<TeamRole | null> {
      const m = await em.findOne(TeamMember, { teamId, accountId }, { fields: ['role'], refresh: true });
      return m?.role ?? null;
    },

    /** The teams a person belongs to, with their role in each, by name. */
    async teamsOf(accountId: string): Promise<TeamMembership[]> {
      const rows = await em.find(TeamMember, { accountId });
      if (rows.length === 0) return [];
      const teams = await em.find(Team, { id: { $in: rows.map((r) => r.teamId) } }, { orderBy: { name: 'asc' } });
      const roles = new Map(rows.map((r) => [r.teamId, r.role]));
      return teams.map((t) => ({ team: teamOf(t), role: roles.get(t.id) as TeamRole }));
    },

    async members(teamId: string): Promise<TeamMemberRecord[]> {
      const rows = await em.find(TeamMember, { teamId }, { orderBy: { createdAt: 'asc', accountId: 'asc' } });
      const names = new Map(
        (await em.find(Account, { id: { $in: rows.map((r) => r.accountId) } }, { fields: ['id', 'displayName'] })).map(
          (a) => [a.id, a.displayName ?? null],
        ),
      );
      return rows.map((r) => ({
        accountId: r.accountId,
        displayName: names.get(r.accountId) ?? null,
        role: r.role,
        joinedAt: r.createdAt,
      }));
    },

    /** The team's members row-locked, so a role change or removal never leaves it without an owner. */
    async lockMembers(teamId: string): Promise<TeamMemberRecord[]> {
      await em.execute('select 1 from team_member where team_id = ? for update', [teamId]);
      return this.members(teamId);
    },

    async setRole(teamId: string, accountId: string, role: TeamRole): Promise<void> {
      await em.nativeUpdate(TeamMember, { teamId, accountId }, { role, updatedAt: new Date() });
    },

    /** When a member joined the team (a member who left and came back: when they came back); null: not a member. */
    async joinedAt(teamId: string, accountId: string): Promise<Date | null> {
      const m = await em.findOne(TeamMember, { teamId, accountId }, { fields: ['createdAt'] });
      return m ? new Date(m.createdAt) : null;
    },

    /**
     * Removes a member and every power they had over the team's things (docs/teams.md "Organizations", the
     * item Leaving a team): their session stops acting for the team; the team's keys they made, and every key of
     * the agents they claimed for the team (the agents stay the team's; the member may hold copies of their
     * keys), are revoked; the invitation links they made and nobody used are withdrawn. Says what it revoked.
     */
    async remove(teamId: string, accountId: string): Promise<Removal> {
      await em.nativeDelete(TeamMember, { teamId, accountId });
      await em.execute('update web_session set team_id = null where account_id = ? and team_id = ?', [
        accountId,
        teamId,
      ]);
      const teamKeys = await em.execute<{ id: string }[]>(
        'update api_key set revoked_at = now() where account_id = ? and created_by = ? and revoked_at is null returning id',
        [teamId, accountId],
      );
      const agentKeys = await em.execute<{ id: string }[]>(
        `update api_key set revoked_at = now() where revoked_at is null and account_id in (
           select c.account_id from claim_code c join account a on a.id = c.account_id
            where c.used_by_id = ? and a.operator_account_id = ?) returning id`,
        [accountId, teamId],
      );
      const invitations = await em.nativeUpdate(
        TeamInvitation,
        { teamId, createdBy: accountId, usedAt: null, revokedAt: null },
        { revokedAt: new Date() },
      );
      return { teamKeys: teamKeys.length, agentKeys: agentKeys.length, invitations };
    },

    async invite(r: {
      id: string;
      teamId: string;
      tokenHash: string;
      role: TeamRole;
      createdBy: string;
      expiresAt: Date;
    }): Promise<TeamInvitationRecord> {
      const i = em.create(TeamInvitation, r);
      await em.flush();
      return invitationOf(i);
    },

    async invitations(teamId: string): Promise<TeamInvitationRecord[]> {
      const rows = await em.find(TeamInvitation, { teamId }, { orderBy: { createdAt: 'desc' }, limit: 50 });
      return rows.map(invitationOf);
    },

    async revokeInvitation(teamId: string, id: string): Promise<boolean> {
      return (
        (await em.nativeUpdate(
          TeamInvitation,
          { id, teamId, usedAt: null, revokedAt: null },
          { revokedAt: new Date() },
        )) > 0
      );
    },

    /** The invitation a link carries, whatever its state; null: none. */
    async invitationByToken(tokenHash: string): Promise<TeamInvitationRecord | null> {
      const i = await em.findOne(TeamInvitation, { tokenHash });
      return i && invitationOf(i);
    },

    /**
     * Uses an invitation: one conditional UPDATE marks it used, so two people (or one, twice) racing for one
     * link get one membership. A person already in the team keeps their role and the link stays unused.
     */
    async accept(tokenHash: string, accountId: string): Promise<Acceptance> {
      const i = await em.findOne(TeamInvitation, { tokenHash });
      if (!i) return { refused: 'unknown' };
      const team = await em.findOneOrFail(Team, { id: i.teamId });
      const role = await this.roleOf(i.teamId, accountId);
      if (role) return { joined: { team: teamOf(team), role }, already: true };
      const refused = invitationRefusal(invitationOf(i));
      if (refused) return { refused };
      const taken = await em.nativeUpdate(
        TeamInvitation,
        { id: i.id, usedAt: null, revokedAt: null, expiresAt: { $gt: new Date() } },
        { usedAt: new Date(), usedBy: accountId },
      );
      if (taken === 0) return { refused: 'used' };
      em.create(TeamMember, { teamId: i.teamId, accountId, role: i.role });
      await em.flush();
      return { joined: { team: teamOf(team), role: i.role }, already: false };
    },

    /** Deletes an empty team: its members, invitations and row. Its account stays, holding nothing. */
    async delete(teamId: string): Promise<void> {
      await em.nativeDelete(TeamInvitation, { teamId });
      await em.nativeDelete(TeamMember, { teamId });
      await em.execute('update web_session set team_id = null where team_id = ?', [teamId]);
      await em.execute('update api_key set revoked_at = now() where account_id = ? and revoked_at is null', [teamId]);
      await em.nativeDelete(Team, { id: teamId });
    },

    /** What a team still holds: live names and claimed agents. */
    async holdings(teamId: string): Promise<{ names: number; agents: number }> {
      const [n] = await em.execute<{ c: string }[]>(
        `select count(*)::text as c from domain where owner_id = ? and status <> 'expired'`,
        [teamId],
      );
      const agents = await em.count(Account, { operatorAccount: teamId });
      return { names: Number(n?.c ?? 0), agents };
    },

    /** Hands the agents a person claimed to the team (their names stay the agents'); returns their ids. */
    async adoptAgents(personId: string, teamId: string): Promise<string[]> {
      const rows = await em.execute<{ id: string }[]>(
        'update account set operator_account_id = ?, updated_at = now() where operator_account_id = ? returning id',
        [teamId, personId],
      );
      return rows.map((r) => r.id);
    },
  };
}

export type TeamRepository = ReturnType<typeof teamRepository>;
