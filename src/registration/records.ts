import type { EntityManager } from '@mikro-orm/postgresql';
import { domainRecords, type DomainRecord } from '../db/domain-records.ts';
import { findOrder, type OrderRecord } from '../db/orders.ts';
import type { RegistrationResult } from '../../workflows/registration-messages.ts';

// The registrations the database holds, in the registration workflow's contract shape (so this lives
// beside the service, not in src/db, which never imports workflows/).

/** The completed registration of a checkout session (its order's reference), or null. */
export async function findRegistrationResult(em: EntityManager, sessionId: string): Promise<RegistrationResult | null> {
  const order = await findOrder(em, sessionId);
  if (!order || order.domainId == null) return null;
  const domain = await domainRecords(em).find(order.domainId);
  if (!domain) throw new Error(`the domain record ${order.domainId} of order ${order.id} is gone`);
  return toRegistrationResult(domain, order);
}

export function toRegistrationResult(domain: DomainRecord, order: OrderRecord): RegistrationResult {
  return {
    domainId: domain.id,
    name: domain.name,
    ownerId: domain.ownerId,
    orderId: order.id,
    registrationDate: domain.registrationDate.toISOString(),
    expiryDate: domain.expiryDate.toISOString(),
    paymentMethod: order.paymentMethod,
    paymentReference: order.paymentReference ?? '',
    amountGems: order.amountGems,
    amountMinor: order.amountMinor == null ? null : String(order.amountMinor),
    currency: order.currency,
  };
}
