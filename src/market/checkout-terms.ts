import type { EntityManager } from '@mikro-orm/postgresql';
import { Account, Domain, Listing } from '../db/entities/index.ts';
import { EXPIRED } from '../domain/expiry.ts';

// What the human checkout page shows before anything is bought (docs/market.md "Purchase"). The
// purchase itself decides again, atomically: these reads only describe the offer to the person.

export interface ListedName {
  name: string;
  sellerId: string;
  /** Whole gems; null when the name is listed in USD only. */
  priceGems: number | null;
}

/** The listing of an active name, as buy-secondary sees it (an expired, grace or unlisted name: null). */
export async function listedName(em: EntityManager, name: string): Promise<ListedName | null> {
  const domain = await em.findOne(Domain, { name, status: { $ne: EXPIRED } }, { fields: ['id', 'status', 'owner'] });
  if (!domain || domain.status !== 'active') return null;
  const listing = await em.findOne(Listing, { domainId: domain.id }, { fields: ['priceGems'] });
  if (!listing) return null;
  return { name, sellerId: domain.owner.id, priceGems: listing.priceGems ?? null };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The referrer an `affiliate_id` names, by the rule the purchase applies (src/market/purchase.ts): an
 * existing account by id, or a person by their username at the identity provider, neither the buyer
 * nor the seller. Null when it names nobody who may earn the share.
 */
export async function referrerOf(
  em: EntityManager,
  affiliateId: string,
  buyerId: string | null,
  sellerId: string,
): Promise<{ id: string; label: string } | null> {
  const fields = ['id', 'displayName', 'idpSubject'] as const;
  const found = UUID.test(affiliateId)
    ? await em.findOne(Account, { id: affiliateId }, { fields })
    : await em.findOne(Account, { idpSubject: affiliateId, kind: 'human' }, { fields });
  if (!found || found.id === buyerId || found.id === sellerId) return null;
  return { id: found.id, label: found.displayName ?? found.idpSubject ?? found.id };
}

/** How the page names a signed-in account: its display name, else its username, else its id. */
export async function accountLabel(em: EntityManager, id: string): Promise<string> {
  const account = await em.findOneOrFail(Account, { id }, { fields: ['displayName', 'idpSubject'] });
  return account.displayName ?? account.idpSubject ?? id;
}
