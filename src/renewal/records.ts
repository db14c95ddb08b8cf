import type { EntityManager } from '@mikro-orm/postgresql';
import { findOrder, type OrderRecord } from '../db/orders.ts';
import type { RenewalMethod, RenewalResult } from '../../workflows/renewal-messages.ts';

// Completed renewals read back in the renewal workflow's contract shape (hence here, not in src/db).

/** The renewal a checkout session completed (its order's reference), or null. */
export async function findRenewalResult(em: EntityManager, sessionId: string): Promise<RenewalResult | null> {
  const order = await findOrder(em, sessionId, 'renewal');
  return order ? toRenewalResult(order) : null;
}

/** The order carries the term it made (details.previous_expiry_date / new_expiry_date). */
export function toRenewalResult(order: OrderRecord): RenewalResult {
  const d = order.details as { previous_expiry_date: string; new_expiry_date: string };
  return {
    name: order.domainName,
    domainId: order.domainId ?? 0,
    orderId: order.id,
    previousExpiryDate: d.previous_expiry_date,
    newExpiryDate: d.new_expiry_date,
    paymentMethod: order.paymentMethod as RenewalMethod,
    paymentReference: order.paymentReference ?? '',
    amountGems: order.amountGems,
    amountMinor: order.amountMinor == null ? null : String(order.amountMinor),
    currency: order.currency,
  };
}
