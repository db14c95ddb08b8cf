import type { EntityManager } from '@mikro-orm/postgresql';
import type { ActivityOrder } from '../domain/orders.ts';
import type { Page, Paged } from '../domain/page.ts';
import { DomainOrder } from './entities/index.ts';

/** An order row as the activity ledger reads it (orders.ts adds its reference and domain record). */
export function toActivityOrder(o: DomainOrder): ActivityOrder {
  return {
    id: o.id,
    kind: o.kind,
    domainName: o.domainName,
    status: o.status,
    payerId: o.account.id,
    ownerId: o.owner.id,
    paymentMethod: o.paymentMethod,
    years: o.years ?? null,
    amountGems: o.amountGems,
    amountMinor: o.amountMinor != null ? BigInt(o.amountMinor) : null,
    currency: o.currency,
    paymentReference: o.paymentReference ?? null,
    resellerChannel: o.resellerChannel ?? null,
    details: o.details,
    createdAt: o.createdAt,
  };
}

// Reads of the activity ledger (domain_order).
export function activityRepository(em: EntityManager) {
  return {
    /**
     * Orders the accounts paid for or whose domain they received, newest first: a caller's own, and its
     * claimed agents' when it manages them.
     */
    async ofAccounts(accountIds: readonly string[], { limit, offset }: Page): Promise<Paged<ActivityOrder>> {
      const ids = [...accountIds];
      const [orders, total] = await em.findAndCount(
        DomainOrder,
        { $or: [{ account: { $in: ids } }, { owner: { $in: ids } }] },
        { orderBy: { createdAt: 'desc', id: 'desc' }, limit, offset },
      );
      return { rows: orders.map(toActivityOrder), total };
    },
  };
}
