import type { EntityManager } from '@mikro-orm/postgresql';
import { Domain } from './entities/index.ts';
import type { DomainProfile } from './entities/domain.ts';

/** The public record of a domain, read as one joined row (no ORM objects: this is the hottest path). */
export interface PublicDomainRow {
  name: string;
  namespace: string;
  status: string;
  registrationDate: Date;
  expiryDate: Date;
  squadId: string | null;
  capabilities: string[];
  profile: DomainProfile;
  storefrontId: string | null;
  /** Set when an operator has claimed the owning account (exposed as the deprecated human_backed). */
  operatorAccountId: string | null;
}

// Domain reads used by the public discovery routes. Every query goes through the unique "name" index or
// the primary key; nothing here scans.
export function domainRepository(em: EntityManager) {
  return {
    /**
     * Lookup reads one joined row without hydrating entities: building the aliased column list of a
     * populated relation costs MikroORM more CPU than the query itself (see bench/README.md).
     */
    findPublicByName(name: string): Promise<PublicDomainRow | null> {
      return em
        .createQueryBuilder(Domain, 'd')
        .join('d.owner', 'o')
        .select([
          'd.name',
          'd.namespace',
          'd.status',
          'd.registrationDate',
          'd.expiryDate',
          'd.squadId',
          'd.capabilities',
          'd.profile',
          'd.storefrontId',
          'o.operatorAccount as operatorAccountId',
        ])
        .where({ name })
        .execute('get') as Promise<PublicDomainRow | null>;
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
