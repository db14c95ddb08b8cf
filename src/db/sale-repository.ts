import type { EntityManager } from '@mikro-orm/postgresql';
import type { MarketCurrency } from '../domain/market.ts';
import { Account, Sale } from './entities/index.ts';

/** A completed secondary sale (docs/market.md "Market"), with where its seller's pathUSD proceeds stand. */
export interface SaleRecord {
  id: number;
  /** Unique: the purchase checkout's session, or `offer:<id>`. */
  reference: string;
  domainId: number;
  domainName: string;
  sellerId: string;
  buyerId: string;
  referrerId: string | null;
  currency: MarketCurrency;
  price: bigint;
  sellerAmount: bigint;
  referrerAmount: bigint;
  platformAmount: bigint;
  /** `listing` or `offer`. */
  source: string;
  paymentReference: string | null;
  /** pathUSD proceeds: `pending` (an address to pay), `held` (no address), `paid`; null for gems. */
  payoutStatus: string | null;
  payoutAddress: string | null;
  /** The signed payout transaction, stored before it is sent. */
  payoutRawTx: string | null;
  payoutTxHash: string | null;
  createdAt: Date;
}

const recordOf = (s: Sale): SaleRecord => ({
  id: s.id,
  reference: s.reference,
  domainId: s.domainId,
  domainName: s.domainName,
  sellerId: s.seller.id,
  buyerId: s.buyer.id,
  referrerId: s.referrer?.id ?? null,
  currency: s.currency,
  price: s.price,
  sellerAmount: s.sellerAmount,
  referrerAmount: s.referrerAmount,
  platformAmount: s.platformAmount,
  source: s.source,
  paymentReference: s.paymentReference ?? null,
  payoutStatus: s.payoutStatus ?? null,
  payoutAddress: s.payoutAddress ?? null,
  payoutRawTx: s.payoutRawTx ?? null,
  payoutTxHash: s.payoutTxHash ?? null,
  createdAt: s.createdAt,
});

// Sales and their payouts. A sale is written once per reference, in the transaction that moves the name
// (src/market/sale.ts); its payout columns follow the proceeds out to the chain (src/market/payouts.ts).
export function saleRepository(em: EntityManager) {
  return {
    /** The sale recorded under this reference, or null. */
    async find(reference: string): Promise<SaleRecord | null> {
      const s = await em.findOne(Sale, { reference });
      return s && recordOf(s);
    },

    /** A sale by its id, which must exist. */
    async get(id: number): Promise<SaleRecord> {
      return recordOf(await em.findOneOrFail(Sale, { id }));
    },

    /** Writes the sale now, in the caller's transaction (for its id and time). */
    async record(s: Omit<SaleRecord, 'id' | 'createdAt'>): Promise<SaleRecord> {
      const { sellerId, buyerId, referrerId, ...rest } = s;
      const sale = em.create(Sale, {
        ...rest,
        seller: em.getReference(Account, sellerId),
        buyer: em.getReference(Account, buyerId),
        referrer: referrerId ? em.getReference(Account, referrerId) : null,
      });
      await em.flush();
      return recordOf(sale);
    },

    /** The seller's sales whose pathUSD proceeds are held for want of a payout address. */
    async heldFor(sellerId: string): Promise<number[]> {
      const held = await em.find(Sale, { seller: sellerId, payoutStatus: 'held' }, { fields: ['id'] });
      return held.map((s) => s.id);
    },

    /** Held proceeds are taken for payment to this address (once: a conditional update). */
    async takeHeld(id: number, payoutAddress: string): Promise<void> {
      await em.nativeUpdate(Sale, { id, payoutStatus: 'held' }, { payoutStatus: 'pending', payoutAddress });
    },

    /** Stores the signed payout before it is sent, so a retry sends the very same transaction. */
    async storePayoutTx(id: number, rawTx: string, txHash: string): Promise<void> {
      await em.nativeUpdate(Sale, { id }, { payoutRawTx: rawTx, payoutTxHash: txHash });
    },

    async markPaid(id: number, txHash: string): Promise<void> {
      await em.nativeUpdate(Sale, { id }, { payoutStatus: 'paid', payoutTxHash: txHash });
    },
  };
}
