import type { EntityManager } from '@mikro-orm/postgresql';
import type { RenewalFacts } from '../domain/renewal-plan.ts';
import { gemsBalance } from '../ledger/gems.ts';
import { Account, Domain } from './entities/index.ts';

/** What the renewal rules need: the live domain record of the name, the actor's kind and balance. */
export async function renewalFacts(
  em: EntityManager,
  q: { name: string; actorAccountId: string | null },
): Promise<RenewalFacts> {
  const domain = await em.findOne(
    Domain,
    { name: q.name, status: { $ne: 'expired' } },
    { fields: ['id', 'status', 'expiryDate', 'owner'] },
  );
  const account = q.actorAccountId ? await em.findOne(Account, { id: q.actorAccountId }, { fields: ['kind'] }) : null;
  return {
    account: account ? { kind: account.kind } : null,
    domain: domain
      ? { id: domain.id, status: domain.status, expiryDate: domain.expiryDate, ownerId: domain.owner.id }
      : null,
    gemsBalance: q.actorAccountId ? await gemsBalance(em, q.actorAccountId) : 0,
  };
}
