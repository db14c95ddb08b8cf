import { registrarLocks } from '../db/registrar-locks.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import { canActOnDomain } from '../auth/domain-access.ts';
import type { Principal } from '../auth/principal.ts';
import { listingRepository, type ListingRecord, type ListingSubject } from '../db/listing-repository.ts';
import { AppError, domainNotFound } from '../domain/errors.ts';
import type { ListingTerms } from '../domain/market.ts';

/**
 * The locked domain the caller may sell: the owner, the operator who claimed it, or an organization
 * credential with the `transfer` operation (a sale hands the name on, so listing it asks what a
 * transfer asks).
 */
async function lockSellable(tx: EntityManager, principal: Principal, name: string): Promise<ListingSubject> {
  const d = await listingRepository(tx).lockByName(name);
  if (!d) throw domainNotFound(name);
  if (!(await canActOnDomain(tx, principal, d, 'transfer')))
    throw new AppError('forbidden', `You do not own or manage ${d.name}.`);
  return d;
}

/**
 * Lists a name, or replaces its listing (docs/market.md "Listings"), in one transaction over the locked
 * domain row: only an active name (not one in its grace period) that no open purchase
 * checkout holds, so a buyer who is paying never sees the price change under them. The terms were
 * checked before (listingTermsOf); the seller is the name's current owner.
 */
export async function setListing(
  em: EntityManager,
  principal: Principal,
  name: string,
  terms: ListingTerms,
): Promise<ListingRecord> {
  return em.transactional(async (tx) => {
    const d = await lockSellable(tx, principal, name);
    await registrarLocks(tx).refuseIfLocked(d.id, d.name, 'listing');
    const repo = listingRepository(tx);
    if (d.status !== 'active')
      throw new AppError('domain_not_listable', `${d.name} is in its grace period: renew it before listing it.`, {
        status: d.status,
      });
    if (await repo.hasOpenCheckout(d.name))
      throw new AppError(
        'domain_not_listable',
        `${d.name} is held by an open checkout; its listing cannot change until that checkout ends.`,
      );
    return repo.save(d, terms);
  });
}

/** Withdraws a name's listing; 404 `not_listed` when it has none. */
export async function withdrawListing(em: EntityManager, principal: Principal, name: string): Promise<string> {
  return em.transactional(async (tx) => {
    const d = await lockSellable(tx, principal, name);
    if (!(await listingRepository(tx).remove(d.id))) throw new AppError('not_listed', `${d.name} is not listed.`);
    return d.name;
  });
}
