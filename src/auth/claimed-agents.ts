import type { EntityManager } from '@mikro-orm/postgresql';
import { accountRepository } from '../db/account-repository.ts';
import { credentialRepository } from '../db/credential-repository.ts';
import { domainRepository } from '../db/domain-repository.ts';
import type { AccountRecord, ApiKeyRecord } from '../domain/account.ts';
import type { Page, Paged } from '../domain/page.ts';
import { revokeOwnKey } from './accounts.ts';

/** An agent a person claimed, as its operator manages it: its keys and how many domains it holds. */
export interface ClaimedAgent {
  agent: AccountRecord;
  keys: ApiKeyRecord[];
  domainCount: number;
}

/**
 * One page of the agents an operator claimed (oldest claim first), each with its keys and its count of
 * held domains: three queries for the page, never one per agent.
 */
export async function claimedAgents(em: EntityManager, operatorId: string, page: Page): Promise<Paged<ClaimedAgent>> {
  const { rows: agents, total } = await accountRepository(em).claimedPage(operatorId, page);
  if (agents.length === 0) return { rows: [], total };
  const ids = agents.map((a) => a.id);
  const keys = await credentialRepository(em).keysOfAll(ids);
  const countOf = await domainRepository(em).liveCountsByOwner(ids);
  return {
    rows: agents.map((agent) => ({
      agent,
      keys: keys.filter((k) => k.accountId === agent.id),
      domainCount: countOf.get(agent.id) ?? 0,
    })),
    total,
  };
}

/**
 * Revokes a key of an agent the operator claimed (effective on its next request). The claiming operator
 * manages the agent (spec 5 rule 1; the same relation that lets them see its domains and reset its
 * checkouts), so they may stop a leaked or unwanted key without holding its secret. False when the
 * agent is not theirs or has no such key: the caller cannot tell the two apart.
 */
export async function revokeClaimedAgentKey(
  em: EntityManager,
  operatorId: string,
  agentId: string,
  keyId: string,
): Promise<boolean> {
  const agent = await accountRepository(em).managerOf(agentId);
  if (agent?.managerId !== operatorId) return false;
  return revokeOwnKey(em, agentId, keyId);
}

/**
 * The person behind an account (docs/teams.md "Registrar lock"): for a claimed agent, whoever claimed it, as
 * themselves or for a team (its claim code records them); anyone else is their own. Null for an agent claimed
 * for a team before the person who claimed it was recorded: its code names the team.
 */
export async function personBehind(em: EntityManager, accountId: string): Promise<string | null> {
  const [claim] = await em.execute<{ used_by: string; by_team: boolean }[]>(
    `select c.used_by_id as used_by, exists (select 1 from team t where t.id = c.used_by_id) as by_team
       from claim_code c where c.account_id = ? and c.used_by_id is not null order by c.used_at desc limit 1`,
    [accountId],
  );
  if (!claim) return accountId;
  return claim.by_team ? null : claim.used_by;
}
