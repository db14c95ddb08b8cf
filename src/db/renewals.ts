import type { EntityManager } from '@mikro-orm/postgresql';
import type { PaymentMethod } from '../domain/orders.ts';
import { placeOrder, type OrderRecord } from './orders.ts';
import { recordEvent } from './outbox.ts';

/** A term already extended in the caller's transaction, and how it was paid. */
export interface RenewalRecord {
  /** The order's reference: the checkout session, or `auto-renew:<domain>:<term>`. */
  reference: string;
  domain: { id: number; name: string; ownerId: string };
  /** Who paid. */
  accountId: string;
  years: number;
  previousExpiry: Date;
  newExpiry: Date;
  paymentMethod: PaymentMethod;
  amountGems: number;
  amountMinor: bigint | null;
  currency: string;
  paymentReference: string;
  /** Renewed from the prepaid balance by the expiry sweep rather than by a checkout. */
  autoRenew: boolean;
  /** What the order keeps besides the two terms (the session and payer of a checkout). */
  details: Record<string, unknown>;
}

/**
 * The one renewal effect after the term moved: the `renewal` order and `domain.renewed`, in the
 * caller's transaction, for a paid renewal checkout and an auto-renewal alike.
 */
export async function recordRenewal(tx: EntityManager, r: RenewalRecord): Promise<OrderRecord> {
  const previous = r.previousExpiry.toISOString();
  const next = r.newExpiry.toISOString();
  const order = await placeOrder(tx, {
    reference: r.reference,
    kind: 'renewal',
    domainName: r.domain.name,
    domainId: r.domain.id,
    accountId: r.accountId,
    ownerId: r.domain.ownerId,
    paymentMethod: r.paymentMethod,
    years: r.years,
    amountGems: r.amountGems,
    amountMinor: r.amountMinor,
    currency: r.currency,
    paymentReference: r.paymentReference,
    resellerChannel: null,
    wholesale: false,
    details: { ...r.details, previous_expiry_date: previous, new_expiry_date: next },
  });
  // Placed (flushed): the order id goes into the event.
  recordEvent(tx, 'domain.renewed', {
    domain: r.domain.name,
    domain_id: r.domain.id,
    owner_id: r.domain.ownerId,
    order_id: order.id,
    years: r.years,
    previous_expiry_date: previous,
    new_expiry_date: next,
    payment_method: r.paymentMethod,
    auto_renew: r.autoRenew,
  });
  return order;
}
