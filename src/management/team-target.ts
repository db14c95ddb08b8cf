import type { EntityManager } from '@mikro-orm/postgresql';
import { personOf, type Principal } from '../auth/principal.ts';
import { accountRepository } from '../db/account-repository.ts';
import { teamRepository } from '../db/team-repository.ts';
import { AppError } from '../domain/errors.ts';

/**
 * Names go into a team only from inside it (docs/teams.md "Decisions"): a transfer to a team, or a
 * registration for one (`target_owner_id`), is refused with 403 `not_a_member` unless the caller acts for
 * that team, is one of its members, or is an agent the team manages. Otherwise anyone could fill a team
 * with names its owner never asked for and can then never delete it for (`409 team_not_empty`).
 */
export async function refuseOutsiderIntoTeam(
  em: EntityManager,
  principal: Principal | null,
  targetId: string,
): Promise<void> {
  const teams = teamRepository(em);
  if (!(await teams.isTeam(targetId))) return;
  if (principal) {
    if (principal.kind !== 'org_key' && principal.accountId === targetId) return;
    if (await teams.roleOf(targetId, personOf(principal))) return;
    const agent = principal.kind === 'org_key' ? null : await accountRepository(em).managerOf(principal.accountId);
    if (agent?.managerId === targetId) return;
  }
  throw new AppError(
    'not_a_member',
    `Account ${targetId} is a team you are not a member of: only its members put names into it.`,
    { team_id: targetId },
  );
}
