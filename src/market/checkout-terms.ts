import type { EntityManager } from '@mikro-orm/postgresql';
import { accountRepository } from '../db/account-repository.ts';
import { domainRecords } from '../db/domain-records.ts';
import { listingRepository } from '../db/listing-repository.ts';

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
  const domain = await domainRecords(em).findLive(name);
  if (!domain || domain.status !== 'active') return null;
  const listing = await listingRepository(em).find(domain.id);
  if (!listing) return null;
  return { name, sellerId: domain.ownerId, priceGems: listing.priceGems };
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
  const found = await accountRepository(em).findByIdOrUsername(
    UUID.test(affiliateId) ? { id: affiliateId } : { username: affiliateId },
  );
  if (!found || found.id === buyerId || found.id === sellerId) return null;
  return found;
}

/** How the page names a signed-in account: its display name, else its username, else its id. */
export async function accountLabel(em: EntityManager, id: string): Promise<string> {
  return accountRepository(em).labelOf(id);
}
