import type { EntityManager } from '@mikro-orm/postgresql';
import type { OfferView } from '../../../workflows/offer-messages.ts';
import { offerRepository, type OfferRecord } from '../../db/offer-repository.ts';

/**
 * An offer to render: as the offer repository reads it, or still the stored row with its parties as
 * references (src/market/offers/ reads offers that way until it moves to the repository).
 */
type StoredOffer = Pick<
  OfferRecord,
  'id' | 'domainName' | 'domainId' | 'currency' | 'amount' | 'status' | 'expiresAt' | 'createdAt'
> & { decidedAt?: Date | null; saleId?: number | null } & (
    Pick<OfferRecord, 'bidderId' | 'sellerId'> | { bidder: { id: string }; seller: { id: string } }
  );

/** An offer row in the offer run's contract shape (the API renders it). */
export function toOfferViewRow(o: StoredOffer): OfferView {
  const parties = 'bidderId' in o ? o : { bidderId: o.bidder.id, sellerId: o.seller.id };
  return {
    offerId: o.id,
    domain: o.domainName,
    domainId: o.domainId,
    bidderId: parties.bidderId,
    sellerId: parties.sellerId,
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
  const { total, rows } = await offerRepository(em).pageFor(accountIds, page, domain, direction);
  return {
    total,
    rows: rows.map((offer) => {
      const view = toOfferViewRow(offer);
      const outgoing = accountIds.includes(view.bidderId);
      return { ...view, direction: outgoing ? ('outgoing' as const) : ('incoming' as const) };
    }),
  };
}
