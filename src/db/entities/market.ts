import { defineEntity, p } from '@mikro-orm/core';
import { createdAt, timestamps } from './base.ts';
import { notifyNameChange } from './public-change.ts';
import { Account } from './account.ts';
import { marketCurrencies, offerStatuses } from '../../domain/market.ts';

/**
 * A name for sale (docs/market.md "Market"): at most one listing per domain record, removed when the name is
 * sold, withdrawn, transferred or expires. Prices are whole gems and pathUSD in 6-decimal minor units;
 * either may be null, not both. The floor (`min_offer`) is the seller's minimum for offers.
 */
const ListingSchema = defineEntity({
  name: 'Listing',
  tableName: 'listing',
  properties: {
    domainId: p.integer().primary().autoincrement(false),
    domainName: p.string().length(253).unique(),
    seller: () => p.manyToOne(Account).ref().index(),
    priceGems: p.integer().nullable(),
    priceUsdMinor: p.bigint().nullable(),
    minOfferGems: p.integer().nullable(),
    minOfferUsdMinor: p.bigint().nullable(),
    ...timestamps,
  },
  triggers: [notifyNameChange('domain_name')],
});
export class Listing extends ListingSchema.class {}
ListingSchema.setClass(Listing);

/**
 * An offer on a name. A gems offer holds its amount in the ledger's escrow book `escrow:offer:<id>`
 * from the moment it is made until it is accepted (paid to the seller) or ends (back to the bidder).
 * A pathUSD offer holds nothing: on acceptance the bidder pays it like a purchase (docs/market.md "Market").
 */
const OfferSchema = defineEntity({
  name: 'Offer',
  tableName: 'offer',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => crypto.randomUUID()),
    domainId: p.integer().index(),
    domainName: p.string().length(253),
    bidder: () => p.manyToOne(Account).ref().index(),
    /** The owner when the offer was made: the offer is to them. */
    seller: () => p.manyToOne(Account).ref().index(),
    currency: p.enum([...marketCurrencies]),
    /** Whole gems, or pathUSD minor units. */
    amount: p.bigint(),
    status: p.enum([...offerStatuses]).default('pending'),
    expiresAt: p.datetime().columnType('timestamptz'),
    decidedAt: p.datetime().columnType('timestamptz').nullable(),
    /** The keyed request's operation that accepted, rejected or withdrew it: its retry is answered, not refused. */
    decidedByOperation: p.string().length(64).nullable(),
    /** The sale an accepted offer became. */
    saleId: p.integer().nullable(),
    ...timestamps,
  },
  indexes: [{ name: 'offer_pending_domain_index', properties: ['domainId'], where: `"status" = 'pending'` }],
});
export class Offer extends OfferSchema.class {}
OfferSchema.setClass(Offer);

/**
 * A completed secondary sale, unique on its `reference` (the purchase checkout's session, or
 * `offer:<id>`), so a sale is recorded once however often its effect is retried. The split is what
 * the ledger moved; `payout_*` follow the seller's pathUSD proceeds out to the chain.
 */
const SaleSchema = defineEntity({
  name: 'Sale',
  tableName: 'sale',
  properties: {
    id: p.integer().primary().autoincrement(),
    reference: p.string().length(128).unique(),
    domainId: p.integer().index(),
    domainName: p.string().length(253),
    seller: () => p.manyToOne(Account).ref().index(),
    buyer: () => p.manyToOne(Account).ref().index(),
    referrer: () => p.manyToOne(Account).ref().nullable(),
    currency: p.enum([...marketCurrencies]),
    price: p.bigint(),
    sellerAmount: p.bigint(),
    referrerAmount: p.bigint(),
    platformAmount: p.bigint(),
    /** `listing` (buy-secondary, the human checkout) or `offer`. */
    source: p.string().length(16),
    paymentReference: p.string().nullable(),
    /** pathUSD proceeds: `pending` (an address to pay), `held` (no address: a withdrawable balance), `paid`. */
    payoutStatus: p.string().length(16).nullable(),
    payoutAddress: p.string().length(42).nullable(),
    /** The signed payout transaction, stored before it is sent, so a retry re-sends the same one. */
    payoutRawTx: p.text().nullable(),
    payoutTxHash: p.string().length(66).nullable(),
    createdAt,
  },
  indexes: [{ name: 'sale_created_at_index', properties: ['createdAt'] }],
});
export class Sale extends SaleSchema.class {}
SaleSchema.setClass(Sale);

export { ListingSchema, OfferSchema, SaleSchema };
