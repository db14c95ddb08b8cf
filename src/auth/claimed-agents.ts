import type { EntityManager } from '@mikro-orm/postgresql';
import { Account, ApiKey } from '../db/entities/index.ts';
import { EXPIRED } from '../domain/expiry.ts';
import type { Page, Paged } from '../domain/page.ts';
import { revokeOwnKey } from './accounts.ts';

/** An agent a person claimed, as its operator manages it: its keys and how many domains it holds. */
export interface ClaimedAgent {
  agent: Account;
  keys: ApiKey[];
  domainCount: number;
}

/**
 * One page of the agents an operator claimed (oldest claim first), each with its keys and its count of
 * held domains: three queries for the page, never one per agent.
 */
export async function claimedAgents(em: EntityManager, operatorId: string, page: Page): Promise<Paged<ClaimedAgent>> {
  const [agents, total] = await em.findAndCount(
    Account,
    { operatorAccount: operatorId },
    { orderBy: { claimedAt: 'asc', id: 'asc' }, limit: page.limit, offset: page.offset },
  );
  if (agents.length === 0) return { rows: [], total };
  const ids = agents.map((a) => a.id);
  const keys = await em.find(ApiKey, { account: { $in: ids } }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  const counts = await em.execute<{ owner_id: string; n: string }[]>(
    `select owner_id, count(*) as n from domain where owner_id = any(?::uuid[]) and status <> ? group by owner_id`,
    [`{${ids.join(',')}}`, EXPIRED],
  );
  const countOf = new Map(counts.map((c) => [c.owner_id, Number(c.n)]));
  return {
    rows: agents.map((agent) => ({
      agent,
      keys: keys.filter((k) => k.account.id === agent.id),
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
  const agent = await em.findOne(Account, { id: agentId, operatorAccount: operatorId }, { fields: ['id'] });
  if (!agent) return false;
  return revokeOwnKey(em, agent.id, keyId);
}
