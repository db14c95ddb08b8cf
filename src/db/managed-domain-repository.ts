import type { EntityManager } from '@mikro-orm/postgresql';
import { EXPIRED_STATUS } from '../domain/expiring.ts';
import type { ManagedDomain } from '../domain/managed-domain.ts';
import type { Page, Paged } from '../domain/page.ts';
import { EXPIRED } from '../domain/expiry.ts';
import { Domain } from './entities/index.ts';

// An expired record is history, not a domain anyone manages: every read here skips it.
const held = { status: { $ne: EXPIRED } } as const;

function toManagedDomain(d: Domain): ManagedDomain {
  return {
    id: d.id,
    name: d.name,
    namespace: d.namespace.name,
    status: d.status,
    ownerId: d.owner.id,
    registrationDate: d.registrationDate,
    expiryDate: d.expiryDate,
    squadId: d.squadId ?? null,
    storefrontId: d.storefrontId ?? null,
  };
}

// Domain reads of the management routes; who may see what is decided by the caller (src/auth).
export function managedDomainRepository(em: EntityManager) {
  return {
    async findByName(name: string): Promise<ManagedDomain | null> {
      const d = await em.findOne(Domain, { name, ...held });
      return d && toManagedDomain(d);
    },

    /** Every domain of one owner, oldest registration first. */
    async ownedBy(ownerId: string): Promise<ManagedDomain[]> {
      return (await em.find(Domain, { owner: ownerId, ...held }, { orderBy: { id: 'asc' } })).map(toManagedDomain);
    },

    /** One page of the domains of these owners, oldest first; only the named ones when `names` is given. */
    async ofOwners(ownerIds: string[], names: string[] | null, { limit, offset }: Page): Promise<Paged<ManagedDomain>> {
      const owners = { owner: { $in: ownerIds }, ...held };
      const where = names ? { ...owners, name: { $in: names } } : owners;
      const [rows, total] = await em.findAndCount(Domain, where, { orderBy: { id: 'asc' }, limit, offset });
      return { rows: rows.map(toManagedDomain), total };
    },

    /** The domains of these owners that expire by `horizon` (also those already past it), soonest first; never expired ones. */
    async expiringOf(ownerIds: string[], horizon: Date): Promise<ManagedDomain[]> {
      const rows = await em.find(
        Domain,
        { owner: { $in: ownerIds }, expiryDate: { $lte: horizon }, status: { $ne: EXPIRED_STATUS } },
        { orderBy: { expiryDate: 'asc', id: 'asc' } },
      );
      return rows.map(toManagedDomain);
    },
  };
}
