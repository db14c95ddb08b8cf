import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { EXPIRED } from '../domain/expiry.ts';
import { Account, Domain, Namespace } from './entities/index.ts';
import type { ManagedDomain } from '../domain/managed-domain.ts';

/** A domain record as the paid operations read and change it. */
export type DomainRecord = Omit<ManagedDomain, 'squadId' | 'storefrontId' | 'autoRenewMaxGems'>;

/** A domain row as its record (the managed view adds its own columns to it). */
export const recordOf = (
  d: Pick<Domain, 'id' | 'name' | 'namespace' | 'status' | 'owner' | 'registrationDate' | 'expiryDate'>,
): DomainRecord => ({
  id: d.id,
  name: d.name,
  namespace: d.namespace.name,
  status: d.status,
  ownerId: d.owner.id,
  registrationDate: d.registrationDate,
  expiryDate: d.expiryDate,
});

// A domain record as the paid operations and the operator read and change it, in the caller's
// transaction: `lock` and `lockLive` hold the row until it ends, and the changes to a locked record
// (`extendTerm`, `moveTo`) are written with the transaction's next flush, like the rest of its unit of work.
export function domainRecords(em: EntityManager) {
  return {
    /** A record by its id (held or expired); null: none. */
    async find(id: number): Promise<DomainRecord | null> {
      const d = await em.findOne(Domain, { id });
      return d && recordOf(d);
    },

    /** The record that holds the name (never an expired one); null: the name is free. */
    async findLive(name: string): Promise<DomainRecord | null> {
      const d = await em.findOne(Domain, { name, status: { $ne: EXPIRED } });
      return d && recordOf(d);
    },

    /** The names an account holds (never an expired record), by name. */
    async liveNamesOf(ownerId: string): Promise<string[]> {
      const rows = await em.find(
        Domain,
        { owner: ownerId, status: { $ne: EXPIRED } },
        { fields: ['name'], orderBy: { name: 'asc' } },
      );
      return rows.map((d) => d.name);
    },

    /** A record, its row locked until the transaction ends; null: none. */
    async lock(id: number): Promise<DomainRecord | null> {
      const d = await em.findOne(Domain, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      return d && recordOf(d);
    },

    /** The record that holds the name, its row locked until the transaction ends; null: the name is free. */
    async lockLive(name: string): Promise<DomainRecord | null> {
      const d = await em.findOne(Domain, { name, status: { $ne: EXPIRED } }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      return d && recordOf(d);
    },

    /** A newly registered name, active from `registrationDate`, written now (for its id). */
    async register(r: {
      name: string;
      label: string;
      namespace: string;
      ownerId: string;
      registrationDate: Date;
      expiryDate: Date;
    }): Promise<DomainRecord> {
      const d = em.create(Domain, {
        name: r.name,
        label: r.label,
        namespace: em.getReference(Namespace, r.namespace),
        owner: em.getReference(Account, r.ownerId),
        status: 'active',
        registrationDate: r.registrationDate,
        expiryDate: r.expiryDate,
        capabilities: [],
        profile: {},
      });
      await em.flush();
      return recordOf(d);
    },

    /**
     * A record read in this transaction (locked) gets a new term and is active again (renewing in grace
     * restores the name); written with the transaction's next flush.
     */
    async extendTerm(id: number, expiryDate: Date): Promise<void> {
      const d = await em.findOneOrFail(Domain, { id });
      d.expiryDate = expiryDate;
      d.status = 'active';
    },

    /** A record read in this transaction (locked) changes hands; written with the transaction's next flush. */
    async moveTo(id: number, ownerId: string): Promise<void> {
      const d = await em.findOneOrFail(Domain, { id });
      d.owner = em.getReference(Account, ownerId, { wrapped: true });
    },

    /** The status of a record, held or expired; null: no such record. */
    async statusOf(id: number): Promise<string | null> {
      return (await em.findOne(Domain, { id }, { fields: ['status'] }))?.status ?? null;
    },

    /** Whether the record still holds its name (any status but expired). */
    async isLive(id: number): Promise<boolean> {
      return (await em.count(Domain, { id, status: { $ne: EXPIRED } })) > 0;
    },

    /**
     * Moves the expiry date of the record that holds the name, and nothing else (the operator's
     * `expire`: the expiry sweep does the rest). Null when no record holds the name.
     */
    async setExpiryDate(name: string, expiryDate: Date) {
      const d = await em.findOne(Domain, { name, status: { $ne: EXPIRED } });
      if (!d) return null;
      const previous = d.expiryDate;
      d.expiryDate = expiryDate;
      await em.flush();
      return { name: d.name, status: d.status, previousExpiryDate: previous, expiryDate: d.expiryDate };
    },
  };
}
