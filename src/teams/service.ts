import { randomUUID } from 'node:crypto';
import { auditContext } from '../db/audit-context.ts';
import { personOf, type Principal } from '../auth/principal.ts';
import { generateSessionToken, sha256Hex } from '../auth/secrets.ts';
import type { Config } from '../config/env.ts';
import { domainRecords } from '../db/domain-records.ts';
import type { Orm } from '../db/orm.ts';
import { registrarLocks } from '../db/registrar-locks.ts';
import { teamRepository, type TeamRepository } from '../db/team-repository.ts';
import { transferRepository } from '../db/transfer-repository.ts';
import { AppError } from '../domain/errors.ts';
import { gemsBalance } from '../ledger/gems.ts';
import { accountBook, LedgerShortError, postJournal } from '../ledger/journal.ts';
import {
  INVITATION_DEFAULT_SECONDS,
  invitationRefusal,
  roleAllows,
  teamOperationArea,
  type TeamArea,
  type TeamInvitationRecord,
  type TeamMembership,
  type TeamRole,
} from '../domain/team.ts';

export interface NewInvitation {
  invitation: TeamInvitationRecord;
  /** The link's secret: shown once, only its digest is kept. */
  token: string;
  url: string;
}

export interface MoveOutcome {
  names: string[];
  agents: string[];
  /** Names left with the person because they are locked: a lock refuses every move (docs/teams.md). */
  keptLocked: string[];
}

const refusals = {
  unknown: () => new AppError('invitation_not_found', 'This invitation link is not known.'),
  used: () => new AppError('invitation_used', 'This invitation link has been used already: ask for a new one.'),
  expired: () => new AppError('invitation_expired', 'This invitation link has expired: ask for a new one.'),
  revoked: () => new AppError('invitation_revoked', 'This invitation link was withdrawn: ask for a new one.'),
};

/**
 * Teams (docs/teams.md "Organizations"): a person creates one and becomes its owner; members join by
 * single-use, expiring links and hold one role; the owner changes roles and removes members; a person moves
 * their names and agents in with one recorded operation. The routes address a team by its id in the path,
 * so each call here checks the caller's role in that team as it stands now.
 */
export function teamService(deps: { orm: Orm; config: Config }) {
  const { orm, config } = deps;

  /** The caller's role in the team, required to allow `area`; 404 for a team they are not in. */
  async function roleIn(
    teams: TeamRepository,
    principal: Principal,
    teamId: string,
    area: TeamArea,
  ): Promise<TeamRole> {
    const role = await teams.roleOf(teamId, personOf(principal));
    if (!role) throw new AppError('team_not_found', `No team ${teamId} of yours.`);
    if (!roleAllows(role, area))
      throw new AppError('role_not_allowed', `Your role in this team (${role}) does not allow this.`, { role, area });
    return role;
  }

  /**
   * A member's role now, before `next` replaces it (null: removed): 404 for someone not in the team, and 409
   * for a change that would leave the team without an owner.
   */
  function roleBefore(members: { accountId: string; role: TeamRole }[], accountId: string, next: TeamRole | null) {
    const member = members.find((m) => m.accountId === accountId);
    if (!member) throw new AppError('member_not_found', `Account ${accountId} is not a member of this team.`);
    const others = members.filter((m) => m.role === 'owner' && m.accountId !== accountId).length;
    if (member.role === 'owner' && next !== 'owner' && others === 0)
      throw new AppError('last_owner', 'A team keeps at least one owner: make another member owner first.');
    return member.role;
  }

  return {
    async create(principal: Principal, name: string): Promise<TeamMembership> {
      const person = personOf(principal);
      const team = await orm.em.fork().transactional((tx) => teamRepository(tx).create(name, person));
      return { team, role: 'owner' };
    },

    mine: (principal: Principal) => teamRepository(orm.em.fork()).teamsOf(personOf(principal)),

    async get(principal: Principal, teamId: string) {
      const teams = teamRepository(orm.em.fork());
      const role = await roleIn(teams, principal, teamId, 'self');
      const team = await teams.find(teamId);
      if (!team) throw new AppError('team_not_found', `No team ${teamId} of yours.`);
      return { team, role, members: await teams.members(teamId), holdings: await teams.holdings(teamId) };
    },

    async invitations(principal: Principal, teamId: string) {
      const teams = teamRepository(orm.em.fork());
      await roleIn(teams, principal, teamId, teamOperationArea.invitations);
      return teams.invitations(teamId);
    },

    async invite(
      principal: Principal,
      teamId: string,
      role: TeamRole,
      expiresInSeconds?: number,
    ): Promise<NewInvitation> {
      const { token, hash } = generateSessionToken();
      const invitation = await orm.em.fork().transactional(async (tx) => {
        const teams = teamRepository(tx);
        await roleIn(teams, principal, teamId, teamOperationArea.invite);
        const seconds = expiresInSeconds ?? INVITATION_DEFAULT_SECONDS;
        return teams.invite({
          id: randomUUID(),
          teamId,
          tokenHash: hash,
          role,
          createdBy: personOf(principal),
          expiresAt: new Date(Date.now() + seconds * 1000),
        });
      });
      return { invitation, token, url: `${config.publicBaseUrl}/dashboard/invitations/${token}` };
    },

    async withdrawInvitation(principal: Principal, teamId: string, invitationId: string): Promise<void> {
      await orm.em.fork().transactional(async (tx) => {
        const teams = teamRepository(tx);
        await roleIn(teams, principal, teamId, teamOperationArea.withdrawInvitation);
        if (!(await teams.revokeInvitation(teamId, invitationId)))
          throw new AppError('invitation_not_found', 'No open invitation with this id in this team.');
      });
    },

    /** What a link offers, for the page that asks the person to accept it; refusals as `accept` would say them. */
    async preview(token: string) {
      const teams = teamRepository(orm.em.fork());
      const i = await teams.invitationByToken(sha256Hex(token));
      if (!i) throw refusals.unknown();
      const refused = invitationRefusal(i);
      if (refused) throw refusals[refused]();
      const team = await teams.find(i.teamId);
      if (!team) throw refusals.unknown();
      return { team, invitation: i };
    },

    async accept(principal: Principal, token: string): Promise<TeamMembership & { already: boolean }> {
      if (principal.kind !== 'bearer' && principal.kind !== 'session')
        throw new AppError('forbidden', 'A person joins a team: sign in (a bearer token or the dashboard), not a key.');
      const outcome = await orm.em.fork().transactional(async (tx) => {
        const accepted = await teamRepository(tx).accept(sha256Hex(token), personOf(principal));
        // Refused inside the transaction, so it rolls back with its audit event: a link that let nobody in
        // changed nothing.
        if ('refused' in accepted) throw refusals[accepted.refused]();
        // The joiner's event is the team's too: its trail shows who joined (docs/teams.md "Audit trail").
        auditContext.about(accepted.joined.team.id);
        return accepted;
      });
      return { ...outcome.joined, already: outcome.already };
    },

    async setRole(principal: Principal, teamId: string, accountId: string, role: TeamRole): Promise<void> {
      await orm.em.fork().transactional(async (tx) => {
        const teams = teamRepository(tx);
        await roleIn(teams, principal, teamId, teamOperationArea.setRole);
        const members = await teams.lockMembers(teamId);
        const was = roleBefore(members, accountId, role);
        await teams.setRole(teamId, accountId, role);
        auditContext.change({ member: accountId, role: was }, { member: accountId, role });
      });
    },

    /**
     * Removes a member (the owner), or the caller leaves (anyone). Their access ends with this commit, and with
     * it every power they had over the team's things: the team's keys they made, the keys of the agents they
     * claimed for it, the links they made (team-repository.ts `remove`).
     */
    async remove(principal: Principal, teamId: string, accountId: string): Promise<void> {
      await orm.em.fork().transactional(async (tx) => {
        const teams = teamRepository(tx);
        await roleIn(teams, principal, teamId, accountId === personOf(principal) ? 'self' : 'members');
        const members = await teams.lockMembers(teamId);
        const was = roleBefore(members, accountId, null);
        const revoked = await teams.remove(teamId, accountId);
        auditContext.change(
          { member: accountId, role: was },
          {
            member: accountId,
            role: null,
            revoked: {
              team_keys: revoked.teamKeys,
              agent_keys: revoked.agentKeys,
              invitations: revoked.invitations,
            },
          },
        );
      });
    },

    async delete(principal: Principal, teamId: string): Promise<void> {
      await orm.em.fork().transactional(async (tx) => {
        const teams = teamRepository(tx);
        await roleIn(teams, principal, teamId, teamOperationArea.delete);
        await teams.lockMembers(teamId);
        const held = await teams.holdings(teamId);
        if (held.names > 0 || held.agents > 0)
          throw new AppError('team_not_empty', 'The team still holds names or agents: move them out first.', {
            names: held.names,
            agents: held.agents,
          });
        await teams.delete(teamId);
      });
    },

    /**
     * Moves the calling person's own names and the agents they claimed into the team, in one transaction: each
     * name as a transfer (its order and `domain.transferred` event; its listing ends, as a transfer's does), each
     * agent by making the team its operator (its names stay the agent's, now managed by the team). A locked name
     * stays where it is and is named in the answer. Owner or admin of the team.
     */
    async moveIn(principal: Principal, teamId: string): Promise<MoveOutcome> {
      const person = personOf(principal);
      if (principal.kind === 'org_key')
        throw new AppError('forbidden', 'A person moves their own names and agents into a team.');
      return orm.em.fork().transactional(async (tx) => {
        const teams = teamRepository(tx);
        await roleIn(teams, principal, teamId, teamOperationArea.moveIn);
        const names = await domainRecords(tx).liveNamesOf(person);
        const out: MoveOutcome = { names: [], agents: [], keptLocked: [] };
        const transfers = transferRepository(tx);
        for (const name of names) {
          const d = await transfers.lockByName(name);
          if (!d || d.ownerId !== person) continue;
          if (await registrarLocks(tx).lockOf(d.id)) {
            out.keptLocked.push(d.name);
            continue;
          }
          await transfers.record({
            subject: d,
            toOwnerId: teamId,
            actorAccountId: person,
            reason: 'moved_into_team',
            actor: { account_id: person, team_id: teamId },
            operationId: null,
          });
          out.names.push(d.name);
        }
        out.agents = await teams.adoptAgents(person, teamId);
        return out;
      });
    },

    /**
     * Moves gems between the calling person and the team, either way (docs/teams.md "Gems"): a team starts
     * with none, and moving in moves no money. One balanced ledger transaction from one book to the other,
     * written with the request's audit event; refused before anything moves when the source is short (its
     * balance and what was asked in the refusal). Retried with its Idempotency-Key, the first move is
     * answered again, never made twice (the pipeline's idempotency step). Owner, admin or billing.
     */
    async moveGems(
      principal: Principal,
      teamId: string,
      m: { amount: number; direction: 'to_team' | 'from_team' },
    ): Promise<{ person: number; team: number }> {
      const person = personOf(principal);
      if (principal.kind === 'org_key') throw new AppError('forbidden', 'A person moves their own gems.');
      return orm.em.fork().transactional(async (tx) => {
        await roleIn(teamRepository(tx), principal, teamId, teamOperationArea.moveGems);
        const [from, to] = m.direction === 'to_team' ? [person, teamId] : [teamId, person];
        try {
          await postJournal(tx, {
            reference: `team-gems:${randomUUID()}`,
            kind: 'team_gems',
            memo: m.direction === 'to_team' ? `into team ${teamId}` : `out of team ${teamId}`,
            currency: 'gems',
            lines: [
              { book: accountBook(from), amount: -BigInt(m.amount) },
              { book: accountBook(to), amount: BigInt(m.amount) },
            ],
            covered: [accountBook(from)],
          });
        } catch (err) {
          if (!(err instanceof LedgerShortError)) throw err;
          throw new AppError(
            'insufficient_gems',
            `${m.direction === 'to_team' ? 'You hold' : 'The team holds'} ${err.balance} gems; ${m.amount} were asked for. Nothing moved.`,
            { balance: Number(err.balance), required: m.amount },
          );
        }
        return { person: await gemsBalance(tx, person), team: await gemsBalance(tx, teamId) };
      });
    },
  };
}

export type TeamService = ReturnType<typeof teamService>;
