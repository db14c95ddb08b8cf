import type { Orm } from '../../db/orm.ts';
import { Domain, Offer } from '../../db/entities/index.ts';
import { AppError } from '../../domain/errors.ts';
import { EXPIRED } from '../../domain/expiry.ts';
import { isOfferId } from './context.ts';

/**
 * The offer, to the accounts the caller speaks for (itself and the agents it claimed): its bidder, the
 * current owner of its name, or the seller it ended with once it is no longer pending (the owner of a
 * name sold meanwhile learns how the offer ended). To anyone else it does not exist.
 */
export async function visibleOffer(orm: Orm, offerId: string, accountIds: readonly string[]) {
  const em = orm.em.fork();
  const offer = isOfferId(offerId) ? await em.findOne(Offer, { id: offerId }) : null;
  const domain = offer ? await em.findOne(Domain, { id: offer.domainId, status: { $ne: EXPIRED } }) : null;
  const ours = (id: string | undefined) => id !== undefined && accountIds.includes(id);
  const ended = offer?.status !== 'pending';
  if (!offer || !(ours(offer.bidder.id) || ours(domain?.owner.id) || (ended && ours(offer.seller.id))))
    throw new AppError('offer_not_found', `No offer ${offerId} of yours.`);
  return { offer, ownerId: domain?.owner.id ?? null };
}
