import type { EntityManager } from '@mikro-orm/postgresql';
import { Domain } from './entities/index.ts';

/** A domain's auto-renew setting: renew a year from the owner's gems when it costs at most `maxGems`. */
export function autoRenewRepository(em: EntityManager) {
  return {
    async set(domainId: number, maxGems: number | null): Promise<void> {
      await em.nativeUpdate(Domain, { id: domainId }, { autoRenewMaxGems: maxGems });
    },
    async get(domainId: number): Promise<number | null> {
      return (await em.findOne(Domain, { id: domainId }, { fields: ['autoRenewMaxGems'] }))?.autoRenewMaxGems ?? null;
    },
  };
}
