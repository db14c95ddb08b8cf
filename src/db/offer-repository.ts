import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { MarketCurrency, OfferStatus } from '../domain/market.ts';
import { Account, Offer } from './entities/index.ts';

/** An offer as stored (docs/market.md "Offers"). */
export interface OfferRecord {
  id: string;
  domainId: number;
  domainName: string;
  bidderId: string;
  /** The owner when the offer was made (or who accepted it): the offer is to them. */
  sellerId: string;
  currency: MarketCurrency;
  /** Whole gems, or pathUSD minor units. */
  amount: bigint;
  status: OfferStatus;
  expiresAt: Date;
  decidedAt: Date | null;
  /** The keyed request's operation that decided it. */
  decidedByOperation: string | null;
  /** The sale an accepted offer became. */
  saleId: number | null;
  createdAt: Date;
}

const recordOf = (o: Offer): OfferRecord => ({
  id: o.id,
  domainId: o.domainId,
  domainName: o.domainName,
  bidderId: o.bidder.id,
  sellerId: o.seller.id,
  currency: o.currency,
  amount: o.amount,
  status: o.status,
  expiresAt: o.expiresAt,
  decidedAt: o.decidedAt ?? null,
  decidedByOperation: o.decidedByOperation ?? null,
  saleId: o.saleId ?? null,
  createdAt: o.createdAt,
});

// Offers on names. Built over the caller's EntityManager: `lock` holds the offer's row until that
// transaction ends, and the changes to a locked offer (`decide`, `end`, `accept`, `attachSale`) are
// written with the transaction's next flush, with the rest of its unit of work (the escrow's ledger
// posting, its order). Read an offer again after that flush to see it as written.
export function offerRepository(em: EntityManager) {
  const managed = (id: string) => em.findOneOrFail(Offer, { id });
  return {
    async find(id: string): Promise<OfferRecord | null> {
      const o = await em.findOne(Offer, { id });
      return o && recordOf(o);
    },

    /** An offer read in this transaction, as it stands now (after the transaction's changes to it). */
    async get(id: string): Promise<OfferRecord> {
      return recordOf(await managed(id));
    },

    /** The offer, its row locked until the transaction ends; null: none. */
    async lock(id: string): Promise<OfferRecord | null> {
      const o = await em.findOne(Offer, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      return o && recordOf(o);
    },

    /** A new pending offer, written with the transaction's next flush. */
    open(
      o: Pick<
        OfferRecord,
        'id' | 'domainId' | 'domainName' | 'bidderId' | 'sellerId' | 'currency' | 'amount' | 'expiresAt'
      >,
    ) {
      const { bidderId, sellerId, ...rest } = o;
      em.create(Offer, {
        ...rest,
        bidder: em.getReference(Account, bidderId),
        seller: em.getReference(Account, sellerId),
        status: 'pending',
        decidedAt: null,
        saleId: null,
      });
    },

    /** The pending offers on a domain record, but one. */
    async pendingOn(domainId: number, except: string | null): Promise<OfferRecord[]> {
      const rows = await em.find(Offer, { domainId, status: 'pending', ...(except ? { id: { $ne: except } } : {}) });
      return rows.map(recordOf);
    },

    /** The keyed operation deciding the offer (its retry is answered, not refused). */
    async decidedBy(id: string, operationId: string | null): Promise<void> {
      (await managed(id)).decidedByOperation = operationId;
    },

    /** The offer ends (rejected, withdrawn, expired) now. */
    async end(id: string, status: 'rejected' | 'withdrawn' | 'expired'): Promise<void> {
      Object.assign(await managed(id), { status, decidedAt: new Date() });
    },

    /** The owner accepts the offer now: it is to them. */
    async accept(id: string, sellerId: string): Promise<void> {
      Object.assign(await managed(id), {
        status: 'accepted',
        decidedAt: new Date(),
        seller: em.getReference(Account, sellerId, { wrapped: true }),
      });
    },

    /** The sale the accepted offer became, written with the transaction's next flush. */
    async attachSale(id: string, saleId: number): Promise<void> {
      (await managed(id)).saleId = saleId;
    },

    /** The sale the offer became, written now (the offer need not be read first). */
    async linkSale(id: string, saleId: number): Promise<void> {
      await em.nativeUpdate(Offer, { id }, { saleId });
    },

    /** An accepted offer that was never paid ends (nothing was held). */
    async lapse(id: string): Promise<void> {
      await em.nativeUpdate(Offer, { id, status: 'accepted', saleId: null }, { status: 'expired' });
    },

    /**
     * Spec 4.7's offers list for these accounts: offers they made (`outgoing`) and offers on the names they
     * own now (`incoming`), newest first, paged; with `domain`, only those on that name's current record.
     */
    async pageFor(
      accountIds: readonly string[],
      page: { limit: number; offset: number },
      domain?: string,
      direction?: 'incoming' | 'outgoing',
    ): Promise<{ total: number; rows: OfferRecord[] }> {
      const ids = `{${accountIds.join(',')}}`;
      const made = 'o.bidder_id = any(?::uuid[])';
      const received = `o.domain_id in (select id from domain where owner_id = any(?::uuid[]) and status <> 'expired')`;
      const mine = direction === 'outgoing' ? made : direction === 'incoming' ? received : `(${made} or ${received})`;
      const owners = direction ? [ids] : [ids, ids];
      const where =
        domain === undefined
          ? mine
          : `${mine} and o.domain_id in (select id from domain where name = ? and status <> 'expired')`;
      const args = domain === undefined ? owners : [...owners, domain];
      const [count] = await em.execute<{ total: string }[]>(
        `select count(*)::text as total from offer o where ${where}`,
        args,
      );
      const rows = await em.execute<{ id: string }[]>(
        `select o.id from offer o where ${where} order by o.created_at desc, o.id limit ? offset ?`,
        [...args, page.limit, page.offset],
      );
      const offers = rows.length ? await em.find(Offer, { id: { $in: rows.map((r) => r.id) } }) : [];
      const byId = new Map(offers.map((o) => [o.id, o]));
      return { total: Number(count?.total ?? 0), rows: rows.map((r) => recordOf(byId.get(r.id) as Offer)) };
    },
  };
}
