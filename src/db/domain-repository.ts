import type { EntityManager } from '@mikro-orm/postgresql';
import { Domain } from './entities/index.ts';

// Domain reads used by the public discovery routes. Every query goes through the unique "name" index or
// the primary key; nothing here scans.
export function domainRepository(em: EntityManager) {
  return {
    findByName(name: string) {
      return em.findOne(Domain, { name }, { populate: ['owner'] });
    },
    findById(id: number) {
      return em.findOne(Domain, { id });
    },
    /** The subset of `names` that are registered (any status that still holds the name). */
    async registeredAmong(names: string[]): Promise<Set<string>> {
      if (names.length === 0) return new Set();
      const rows = await em.find(Domain, { name: { $in: names } }, { fields: ['name'] });
      return new Set(rows.map((r) => r.name));
    },
  };
}
