import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { EXPIRED } from '../domain/expiry.ts';
import type { ListingTerms } from '../domain/market.ts';
import { Account, CheckoutSession, Domain, Listing } from './entities/index.ts';

/** The domain a listing change acts on, as read under its row lock. */
export interface ListingSubject {
  id: number;
  name: string;
  namespace: string;
  status: string;
  ownerId: string;
}

/** A stored listing, as the owner's routes show it. */
export interface ListingRecord extends ListingTerms {
  domainName: string;
  listedAt: Date;
  updatedAt: Date;
}

/**
 * Checkouts during which a name's listing may not change: someone is buying it. A registration checkout
 * never holds a listing: only an active name is listed, and an active name has no registration of its own
 * open but the one that registered it, whose row may still read open for a moment after its answer (or
 * until the expiry sweep closes it, when the API that recorded it died before starting its run). Chaos
 * found the owner's listing right after a registration refused for that.
 */
const HOLDING_OPERATIONS = ['purchase'];

/** A listing row as plain data (also the seller's own list, src/db/market-lists.ts). */
export const recordOf = (l: Listing): ListingRecord => ({
  domainName: l.domainName,
  priceGems: l.priceGems ?? null,
  priceUsdMinor: l.priceUsdMinor ?? null,
  minOfferGems: l.minOfferGems ?? null,
  minOfferUsdMinor: l.minOfferUsdMinor ?? null,
  listedAt: l.createdAt,
  updatedAt: l.updatedAt,
});

// The reads and writes of a listing change (docs/market.md "Listings"). Built over the transaction's
// EntityManager: the domain row lock taken by lockByName holds until that transaction ends, so a
// listing is never written beside a concurrent transfer, sale or expiry of the same name (each of which
// takes the same row and removes the listing in its own transaction).
export function listingRepository(tx: EntityManager) {
  return {
    /** The record holding the name (never an expired one), locked FOR UPDATE. */
    async lockByName(name: string): Promise<ListingSubject | null> {
      const d = await tx.findOne(Domain, { name, status: { $ne: EXPIRED } }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      return d && { id: d.id, name: d.name, namespace: d.namespace.name, status: d.status, ownerId: d.owner.id };
    },

    /** Whether an open purchase checkout holds the name (docs/registration.md "Unpaid checkouts"). */
    async hasOpenCheckout(name: string): Promise<boolean> {
      const open = await tx.findOne(
        CheckoutSession,
        { name, operation: { $in: HOLDING_OPERATIONS }, outcome: null, expiresAt: { $gt: new Date() } },
        { fields: ['sessionId'] },
      );
      return open !== null;
    },

    /**
     * Creates or replaces the listing of the locked domain, sold by its current owner. Replacing keeps
     * `listed_at`; a row left by an earlier owner or an earlier record of the name (which transfers, sales
     * and expiry remove, so only as a safeguard) is dropped and the listing starts afresh.
     */
    async save(subject: ListingSubject, terms: ListingTerms): Promise<ListingRecord> {
      const row = await tx.findOne(Listing, { domainId: subject.id });
      if (row && row.seller.id === subject.ownerId) {
        Object.assign(row, terms);
        await tx.flush();
        return recordOf(row);
      }
      if (row) {
        tx.remove(row);
        await tx.flush(); // the delete must precede the insert of the same key
      }
      await tx.nativeDelete(Listing, { domainName: subject.name });
      const fresh = tx.create(Listing, {
        domainId: subject.id,
        domainName: subject.name,
        seller: tx.getReference(Account, subject.ownerId),
        ...terms,
      });
      await tx.flush();
      return recordOf(fresh);
    },

    /** The domain record's listing; null: not listed. */
    async find(domainId: number): Promise<ListingRecord | null> {
      const row = await tx.findOne(Listing, { domainId });
      return row && recordOf(row);
    },

    /** Removes the domain's listing; false when it had none. */
    async remove(domainId: number): Promise<boolean> {
      return (await tx.nativeDelete(Listing, { domainId })) > 0;
    },
  };
}
