import type { EntityManager } from '@mikro-orm/postgresql';
import { EXPIRED_STATUS } from '../domain/expiring.ts';
import type { ManagedDomain } from '../domain/managed-domain.ts';
import type { Page, Paged } from '../domain/page.ts';
import { EXPIRED } from '../domain/expiry.ts';
import { recordOf } from './domain-records.ts';
import { Domain, Listing } from './entities/index.ts';

// An expired record is history, not a domain anyone manages: every read here skips it.
const held = { status: { $ne: EXPIRED } } as const;

// The columns a managed view reads.
const managedFields = [
  'id',
  'name',
  'namespace',
  'owner',
  'status',
  'registrationDate',
  'expiryDate',
  'squadId',
  'storefrontId',
  'autoRenewMaxGems',
] as const;

function toManagedDomain(d: Pick<Domain, (typeof managedFields)[number]>): ManagedDomain {
  return {
    ...recordOf(d),
    squadId: d.squadId ?? null,
    storefrontId: d.storefrontId ?? null,
    autoRenewMaxGems: d.autoRenewMaxGems ?? null,
  };
}

/** How a page of the management list is narrowed and ordered (GET /api/v1/domains). */
export interface DomainListFilter {
  /** Only this owner's domains (one of the manageable owners). */
  ownerId?: string | undefined;
  /** Only domains whose term ends by then (also those in grace). */
  expiresBy?: Date | undefined;
  /** `registered`: oldest first (the default); `expiry`: the soonest expiry first. */
  sort?: 'registered' | 'expiry' | undefined;
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

    /**
     * One page of the domains of these owners, oldest first (or soonest expiry first); only the named
     * ones when `names` is given. Each row says whether the name is listed for sale (one more query for
     * the page's rows, never per row).
     */
    async ofOwners(
      ownerIds: string[],
      names: string[] | null,
      { limit, offset }: Page,
      filter: DomainListFilter = {},
    ): Promise<Paged<ManagedDomain & { forSale: boolean }>> {
      const owners = filter.ownerId ? (ownerIds.includes(filter.ownerId) ? [filter.ownerId] : []) : ownerIds;
      const where = {
        owner: { $in: owners },
        ...held,
        ...(names ? { name: { $in: names } } : {}),
        ...(filter.expiresBy ? { expiryDate: { $lte: filter.expiresBy } } : {}),
      };
      const orderBy = filter.sort === 'expiry' ? ({ expiryDate: 'asc', id: 'asc' } as const) : ({ id: 'asc' } as const);
      // Only the columns the view needs: a domain's profile and skill text can be large.
      const [rows, total] = await em.findAndCount(Domain, where, { orderBy, limit, offset, fields: managedFields });
      const listed = rows.length
        ? new Set(
            (await em.find(Listing, { domainId: { $in: rows.map((d) => d.id) } }, { fields: ['domainId'] })).map(
              (l) => l.domainId,
            ),
          )
        : new Set<number>();
      return { rows: rows.map((d) => ({ ...toManagedDomain(d), forSale: listed.has(d.id) })), total };
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
