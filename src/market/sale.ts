import { registrarLocks } from '../db/registrar-locks.ts';
import { offerSpendKey } from '../mandates/offer-spend.ts';
import { releaseSpend } from '../mandates/spends.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import { accountRepository } from '../db/account-repository.ts';
import { domainRecords } from '../db/domain-records.ts';
import { listingRepository } from '../db/listing-repository.ts';
import { offerRepository, type OfferRecord } from '../db/offer-repository.ts';
import { orderIdOf, placeOrder, recordOrder, type OrderRow } from '../db/orders.ts';
import { recordEvent } from '../db/outbox.ts';
import { saleRepository, type SaleRecord } from '../db/sale-repository.ts';
import { splitSale, type MarketCurrency } from '../domain/market.ts';
import type { PurchaseResult } from '../../workflows/purchase-messages.ts';
import { accountBook, CHAIN_BOOK, escrowBook, PLATFORM_BOOK, postJournal } from '../ledger/journal.ts';

/** Where the buyer's money is when the sale happens. */
export type SaleFunding =
  /** pathUSD already paid on chain to the registry (a verified receipt): it enters through `system:chain`. */
  | { kind: 'chain'; paymentReference: string }
  /** The buyer's gem balance, debited now (refused if short). */
  | { kind: 'gems' }
  /** A gems offer's escrow. */
  | { kind: 'escrow'; offerId: string };

export interface SaleRequest {
  /** Unique per sale: the purchase checkout's session id, or `offer:<id>`. */
  reference: string;
  domainName: string;
  buyerId: string;
  /** The seller the buyer agreed to buy from: if the name changed hands meanwhile there is no sale. */
  sellerId: string;
  currency: MarketCurrency;
  price: bigint;
  source: 'listing' | 'offer';
  referrerId: string | null;
  funding: SaleFunding;
}

/** Why a sale cannot happen (after a payment, the caller credits the buyer back). */
export class SaleRefusal extends Error {
  override name = 'SaleRefusal';
  readonly code: 'listing_gone' | 'own_domain' | 'insufficient_gems' | 'name_locked';
  constructor(code: SaleRefusal['code'], message: string) {
    super(message);
    this.code = code;
  }
}

/** A completed sale, in the shape the purchase and offer runs carry it. */
export type SaleResult = PurchaseResult;

const resultOf = (s: SaleRecord, orderId: number): SaleResult => ({
  saleId: s.id,
  domainId: s.domainId,
  domainName: s.domainName,
  sellerId: s.sellerId,
  buyerId: s.buyerId,
  currency: s.currency,
  price: s.price.toString(),
  sellerAmount: s.sellerAmount.toString(),
  referrerAmount: s.referrerAmount.toString(),
  platformAmount: s.platformAmount.toString(),
  orderId,
  soldAt: s.createdAt.toISOString(),
  payoutStatus: s.payoutStatus,
  releasedOfferIds: [],
});

/** The sale already recorded under this reference, or null. */
export async function findSale(em: EntityManager, reference: string): Promise<SaleResult | null> {
  const sale = await saleRepository(em).find(reference);
  if (!sale) return null;
  return resultOf(sale, await orderIdOf(em, `purchase:${reference}`));
}

/**
 * A secondary sale, in the caller's transaction, all or nothing (docs/market.md "Market"): the name moves to
 * the buyer, its listing goes, the other pending offers on it are rejected with their escrows given
 * back, the price is split in the ledger (seller 90%, referrer 5%, platform the rest), the buyer's
 * `purchase` and the seller's `sale` orders are written, and `domain.transferred` and `domain.sold`
 * are recorded. Idempotent on `reference`: a retry returns the first sale.
 */
export async function completeSale(tx: EntityManager, r: SaleRequest): Promise<SaleResult> {
  const done = await findSale(tx, r.reference);
  if (done) return done;
  const domains = domainRecords(tx);
  const domain = await domains.lockLive(r.domainName);
  if (!domain || domain.status !== 'active' || domain.ownerId !== r.sellerId)
    throw new SaleRefusal('listing_gone', `${r.domainName} is no longer sold by the account it was offered by.`);
  if (r.buyerId === r.sellerId) throw new SaleRefusal('own_domain', `You already own ${r.domainName}.`);
  // Locked after it was listed or offered on: never sold while the lock holds (docs/teams.md "Registrar lock").
  if (await registrarLocks(tx).lockOf(domain.id))
    throw new SaleRefusal('name_locked', `${r.domainName} is locked by its owner and cannot be sold now.`);

  const split = splitSale(r.price, r.referrerId !== null);
  const source =
    r.funding.kind === 'chain'
      ? CHAIN_BOOK
      : r.funding.kind === 'gems'
        ? accountBook(r.buyerId)
        : escrowBook(r.funding.offerId);
  try {
    await postJournal(tx, {
      reference: `sale:${r.reference}`,
      kind: 'sale',
      memo: r.domainName,
      currency: r.currency,
      covered: source === CHAIN_BOOK ? [] : [source],
      lines: [
        { book: source, amount: -r.price },
        { book: accountBook(r.sellerId), amount: split.seller },
        ...(r.referrerId ? [{ book: accountBook(r.referrerId), amount: split.referrer }] : []),
        { book: PLATFORM_BOOK, amount: split.platform },
      ],
    });
  } catch (err) {
    if ((err as Error).name === 'LedgerShortError')
      throw new SaleRefusal('insufficient_gems', `Your gem balance does not cover ${r.price} gems.`);
    throw err;
  }

  const from = r.sellerId;
  await domains.moveTo(domain.id, r.buyerId);
  await listingRepository(tx).remove(domain.id);
  const releasedOfferIds = await releaseOtherOffers(
    tx,
    domain.id,
    r.funding.kind === 'escrow' ? r.funding.offerId : null,
  );

  const payoutAddress = await accountRepository(tx).payoutAddressOf(r.sellerId);
  const sale = await saleRepository(tx).record({
    reference: r.reference,
    domainId: domain.id,
    domainName: domain.name,
    sellerId: r.sellerId,
    buyerId: r.buyerId,
    referrerId: r.referrerId,
    currency: r.currency,
    price: r.price,
    sellerAmount: split.seller,
    referrerAmount: split.referrer,
    platformAmount: split.platform,
    source: r.source,
    paymentReference: r.funding.kind === 'chain' ? r.funding.paymentReference : null,
    payoutStatus: r.currency === 'pathusd' ? (payoutAddress ? 'pending' : 'held') : null,
    payoutAddress: r.currency === 'pathusd' ? payoutAddress : null,
    payoutRawTx: null,
    payoutTxHash: null,
  });
  const order = (kind: 'purchase' | 'sale', account: string): OrderRow => ({
    reference: `${kind}:${r.reference}`,
    kind,
    domainName: domain.name,
    domainId: domain.id,
    accountId: account,
    // The seller's side is the seller's alone: the name went to the buyer, recorded in details.
    ownerId: kind === 'purchase' ? r.buyerId : r.sellerId,
    status: 'completed',
    paymentMethod: r.currency === 'gems' ? 'gems' : 'mpp',
    amountGems: r.currency === 'gems' ? Number(r.price) : 0,
    amountMinor: r.currency === 'pathusd' ? r.price : null,
    currency: r.currency,
    paymentReference: r.funding.kind === 'chain' ? r.funding.paymentReference : `ledger:sale:${r.reference}`,
    details: {
      source: r.source,
      seller_id: from,
      buyer_id: r.buyerId,
      referrer_id: r.referrerId,
      seller_amount: split.seller.toString(),
      referrer_amount: split.referrer.toString(),
      platform_amount: split.platform.toString(),
    },
  });
  const purchase = await placeOrder(tx, order('purchase', r.buyerId));
  recordOrder(tx, order('sale', r.sellerId));
  await tx.flush();

  const soldAt = sale.createdAt.toISOString();
  recordEvent(tx, 'domain.transferred', {
    domain: domain.name,
    domain_id: domain.id,
    owner_id: r.buyerId,
    order_id: purchase.id,
    from_owner_id: from,
    to_owner_id: r.buyerId,
    transferred_at: soldAt,
  });
  recordEvent(tx, 'domain.sold', {
    domain: domain.name,
    domain_id: domain.id,
    owner_id: r.buyerId,
    sale_id: sale.id,
    seller_id: from,
    buyer_id: r.buyerId,
    source: r.source,
    currency: r.currency,
    price: r.price.toString(),
    seller_amount: split.seller.toString(),
    sold_at: soldAt,
  });
  return { ...resultOf(sale, purchase.id), releasedOfferIds };
}

/**
 * Every other pending offer on the name ends `rejected` when it is sold; a gems offer's escrow goes
 * back to its bidder in the same transaction (a pathUSD offer holds nothing).
 */
export async function releaseOtherOffers(
  tx: EntityManager,
  domainId: number,
  except: string | null,
): Promise<string[]> {
  const pending = await offerRepository(tx).pendingOn(domainId, except);
  for (const offer of pending) await endOffer(tx, offer, 'rejected');
  return pending.map((o) => o.id);
}

/**
 * Ends a pending offer (rejected, withdrawn, expired) and gives a gems escrow back to the bidder, once:
 * the release is its own ledger posting keyed on the offer, with an `offer_release` order.
 */
export async function endOffer(tx: EntityManager, offer: OfferRecord, status: 'rejected' | 'withdrawn' | 'expired') {
  await offerRepository(tx).end(offer.id, status);
  if (offer.currency !== 'gems') return;
  // Its escrow goes back: what it reserved against the bidder's mandate stops counting.
  await releaseSpend(tx, offerSpendKey(offer.id));
  await postJournal(tx, {
    reference: `release:offer:${offer.id}`,
    kind: 'offer_release',
    memo: offer.domainName,
    currency: 'gems',
    covered: [escrowBook(offer.id)],
    lines: [
      { book: escrowBook(offer.id), amount: -offer.amount },
      { book: accountBook(offer.bidderId), amount: offer.amount },
    ],
  });
  recordOrder(tx, {
    reference: `offer_release:${offer.id}`,
    kind: 'offer_release',
    domainName: offer.domainName,
    domainId: offer.domainId,
    accountId: offer.bidderId,
    ownerId: offer.sellerId,
    status,
    paymentMethod: 'gems',
    amountGems: Number(offer.amount),
    amountMinor: null,
    currency: 'gems',
    paymentReference: `ledger:release:offer:${offer.id}`,
    details: { offer_id: offer.id, reason: status },
  });
}
