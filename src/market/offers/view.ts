import type { EntityManager } from '@mikro-orm/postgresql';
import type { OfferView } from '../../../workflows/offer-messages.ts';
import { Offer } from '../../db/entities/index.ts';

/** An offer row in the offer run's contract shape (the API renders it). */
export function toOfferViewRow(o: Offer): OfferView {
  return {
    offerId: o.id,
    domain: o.domainName,
    domainId: o.domainId,
    bidderId: o.bidder.id,
    sellerId: o.seller.id,
    currency: o.currency,
    amount: o.amount.toString(),
    status: o.status,
    expiresAt: o.expiresAt.toISOString(),
    createdAt: o.createdAt.toISOString(),
    decidedAt: o.decidedAt?.toISOString() ?? null,
    saleId: o.saleId ?? null,
  };
}

/**
 * Spec 4.7's offers list, for the accounts a caller speaks for (itself and the agents it claimed): offers
 * they made (outgoing) and offers on the names they own now (incoming), newest first, paged; with
 * `domain`, only those on that name; with `direction`, only those made (`outgoing`) or received (`incoming`).
 */
export async function listOffersOf(
  em: EntityManager,
  accountIds: readonly string[],
  page: { limit: number; offset: number },
  domain?: string,
  direction?: 'incoming' | 'outgoing',
) {
  const ids = `{${accountIds.join(',')}}`;
  const made = 'o.bidder_id = any(?::uuid[])';
  const received = `o.domain_id in (select id from domain where owner_id = any(?::uuid[]) and status <> 'expired')`;
  const mine = direction === 'outgoing' ? made : direction === 'incoming' ? received : `(${made} or ${received})`;
  const owners = direction ? [ids] : [ids, ids];
  // One name's offers (a domain's page): the same offers, narrowed to its current record.
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
  return {
    total: Number(count?.total ?? 0),
    items: rows.map((r) => {
      const view = toOfferViewRow(byId.get(r.id) as Offer);
      const outgoing = accountIds.includes(view.bidderId);
      return { ...view, direction: outgoing ? ('outgoing' as const) : ('incoming' as const) };
    }),
  };
}
