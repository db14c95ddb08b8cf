import { ApplicationFailure } from '@temporalio/activity';
import type { EntityManager } from '@mikro-orm/postgresql';
import { domainRecords } from '../src/db/domain-records.ts';
import { listingRepository } from '../src/db/listing-repository.ts';
import { offerRepository, type OfferRecord } from '../src/db/offer-repository.ts';
import { recordOrder } from '../src/db/orders.ts';
import { EXPIRED } from '../src/domain/expiry.ts';
import { minorToUsd } from '../src/domain/market.ts';
import { accountBook, escrowBook, LedgerShortError, postJournal } from '../src/ledger/journal.ts';
import { toOfferViewRow } from '../src/market/offers/view.ts';
import { completeSale, endOffer, SaleRefusal } from '../src/market/sale.ts';
import type { OfferInput, OfferView } from '../workflows/offer-messages.ts';
import { refuse } from './checkout.ts';
import { offerSpendKey } from '../src/mandates/offer-spend.ts';
import { mandateRefusal } from '../src/mandates/refusal.ts';
import { fromSpendTerms, judgeUnreserved, releaseSpend, reserveSpend, spendReserved } from '../src/mandates/spends.ts';
import type { ActivityDeps } from './deps.ts';

/** The record of a domain by its id while it holds its name (an expired one: null). */
async function liveDomain(tx: EntityManager, id: number) {
  const domain = await domainRecords(tx).find(id);
  return domain && domain.status !== EXPIRED ? domain : null;
}

type Decision = { action: 'accept' | 'reject' | 'withdraw'; accountId: string; operationId?: string | null };

/**
 * Whether a decided offer stands as this decision left it: the same keyed operation decided it, or the
 * same person made this very decision (the owner accepted or rejected, the bidder withdrew). An activity
 * retried after its transaction committed (its worker died before reporting) finds its own decision, and
 * must answer it: refused, the run would never learn of the acceptance and wait for it forever.
 */
async function madeAlready(tx: EntityManager, offer: OfferRecord, d: Decision): Promise<boolean> {
  if (d.operationId && offer.decidedByOperation === d.operationId) return true;
  if (d.action === 'accept') return offer.status === 'accepted' && offer.sellerId === d.accountId;
  if (d.action === 'withdraw') return offer.status === 'withdrawn' && offer.bidderId === d.accountId;
  return offer.status === 'rejected' && (await liveDomain(tx, offer.domainId))?.ownerId === d.accountId;
}

async function lockOffer(tx: EntityManager, offerId: string): Promise<OfferRecord> {
  const offer = await offerRepository(tx).lock(offerId);
  if (!offer) throw refuse('offer_not_found', `No offer ${offerId}.`);
  return offer;
}

/**
 * The offer run's steps (docs/market.md "Offers"), each one database transaction. Refusals are
 * non-retryable failures with the error code as their type; spec 7's floor refusal carries the
 * minimum and its currency as details.
 */
export function createOfferActivities({ orm }: ActivityDeps) {
  return {
    /**
     * Creates the offer; a gems offer's amount moves from the bidder's balance into its escrow book. An
     * approved offer's escrow was reserved when the approval was asked for
     * (src/market/offers/opening.ts): refused now (the name sold meanwhile, the gems spent), that
     * reservation stops counting.
     */
    async openOffer(input: OfferInput): Promise<OfferView> {
      const released = async (err: unknown): Promise<never> => {
        if (input.approval && err instanceof ApplicationFailure && err.nonRetryable)
          await releaseSpend(orm.em.fork(), offerSpendKey(input.offerId));
        throw err;
      };
      return orm.em
        .fork()
        .transactional(async (tx) => {
          const offers = offerRepository(tx);
          const done = await offers.find(input.offerId);
          if (done) return toOfferViewRow(done);
          const domain = await domainRecords(tx).findLive(input.domainName);
          if (!domain || domain.status !== 'active')
            throw refuse('domain_not_found', `${input.domainName} is not a registered name.`);
          if (domain.ownerId === input.bidderId) throw refuse('own_domain', `You already own ${input.domainName}.`);
          const amount = BigInt(input.amount);
          const listing = await listingRepository(tx).find(domain.id);
          const floor = input.currency === 'gems' ? listing?.minOfferGems : listing?.minOfferUsdMinor;
          if (floor !== null && floor !== undefined && amount < BigInt(floor)) {
            const minimum = input.currency === 'gems' ? Number(floor) : minorToUsd(BigInt(floor));
            throw ApplicationFailure.create({
              message: `The seller accepts offers of at least ${minimum}.`,
              type: 'offer_below_minimum',
              nonRetryable: true,
              details: [{ minimum, currency: input.currency }],
            });
          }
          // The bidder's mandate (docs/mandates.md): a gems escrow is reserved with it, in this transaction.
          if (input.spend) {
            const spend = fromSpendTerms(input.spend);
            const verdict =
              input.currency === 'gems' ? await reserveSpend(tx, spend) : await judgeUnreserved(tx, spend);
            const refusal = mandateRefusal(verdict);
            if (refusal)
              throw ApplicationFailure.create({
                message: refusal.message,
                type: refusal.code,
                nonRetryable: true,
                details: [refusal.details],
              });
          }
          offers.open({
            id: input.offerId,
            domainId: domain.id,
            domainName: domain.name,
            bidderId: input.bidderId,
            sellerId: domain.ownerId,
            currency: input.currency,
            amount,
            expiresAt: new Date(input.expiresAtMs),
          });
          if (input.currency === 'gems') {
            try {
              await postJournal(tx, {
                reference: `escrow:offer:${input.offerId}`,
                kind: 'offer_escrow',
                memo: domain.name,
                currency: 'gems',
                covered: [accountBook(input.bidderId)],
                lines: [
                  { book: accountBook(input.bidderId), amount: -amount },
                  { book: escrowBook(input.offerId), amount },
                ],
              });
            } catch (err) {
              if (err instanceof LedgerShortError)
                throw refuse('insufficient_gems', `Insufficient gems: balance ${err.balance}, offer ${amount}.`);
              throw err;
            }
            recordOrder(tx, {
              reference: `offer_escrow:${input.offerId}`,
              kind: 'offer_escrow',
              domainName: domain.name,
              domainId: domain.id,
              accountId: input.bidderId,
              ownerId: domain.ownerId,
              status: 'held',
              paymentMethod: 'gems',
              amountGems: Number(amount),
              amountMinor: null,
              currency: 'gems',
              paymentReference: `ledger:escrow:offer:${input.offerId}`,
              details: { offer_id: input.offerId },
            });
          }
          await tx.flush();
          return toOfferViewRow(await offers.get(input.offerId));
        })
        .catch(released);
    },

    /**
     * The owner accepts or rejects, the bidder withdraws: only a pending offer, only by them. A
     * rejection or withdrawal gives a gems escrow back at once; an acceptance takes the name off sale.
     */
    async decideOffer(a: Decision & { offerId: string }) {
      return orm.em.fork().transactional(async (tx) => {
        const offers = offerRepository(tx);
        const offer = await lockOffer(tx, a.offerId);
        if (offer.status !== 'pending') {
          if (await madeAlready(tx, offer, a)) return toOfferViewRow(offer);
          throw refuse('offer_not_pending', `This offer is ${offer.status}.`);
        }
        await offers.decidedBy(offer.id, a.operationId ?? null);
        if (a.action === 'withdraw') {
          if (offer.bidderId !== a.accountId) throw refuse('forbidden', 'Only the bidder can withdraw an offer.');
          await endOffer(tx, offer, 'withdrawn');
        } else {
          const domain = await liveDomain(tx, offer.domainId);
          if (!domain || domain.ownerId !== a.accountId)
            throw refuse('forbidden', `Only the owner of ${offer.domainName} can ${a.action} offers on it.`);
          if (a.action === 'reject') await endOffer(tx, offer, 'rejected');
          else {
            await offers.accept(offer.id, a.accountId);
            await listingRepository(tx).remove(offer.domainId);
          }
        }
        await tx.flush();
        return toOfferViewRow(await offers.get(offer.id));
      });
    },

    /**
     * A pending offer whose time ran out: ended and its escrow given back. Answers the offer's status
     * afterwards (it may have been decided, or ended by a sale, first).
     */
    async expireOffer({ offerId }: { offerId: string }): Promise<OfferView['status']> {
      return orm.em.fork().transactional(async (tx) => {
        const offer = await lockOffer(tx, offerId);
        if (offer.status !== 'pending') return offer.status;
        await endOffer(tx, offer, 'expired');
        await tx.flush();
        return 'expired';
      });
    },

    /** An accepted pathUSD offer whose payment never completed: it ends (nothing was held). */
    async lapseOffer({ offerId }: { offerId: string }): Promise<void> {
      await offerRepository(orm.em.fork()).lapse(offerId);
    },

    /**
     * An accepted gems offer becomes a sale paid from its escrow. If the name can no longer be sold by
     * the accepting owner (it changed hands, it lapsed), the escrow goes back to the bidder instead.
     */
    async sellOffer({
      offerId,
    }: {
      offerId: string;
    }): Promise<{ saleId: number; releasedOfferIds: string[] } | { refused: string }> {
      try {
        return await orm.em.fork().transactional(async (tx) => {
          const offer = await lockOffer(tx, offerId);
          const sale = await completeSale(tx, {
            reference: `offer:${offerId}`,
            domainName: offer.domainName,
            buyerId: offer.bidderId,
            sellerId: offer.sellerId,
            currency: offer.currency,
            price: offer.amount,
            source: 'offer',
            referrerId: null,
            funding: { kind: 'escrow', offerId },
          });
          await offerRepository(tx).attachSale(offerId, sale.saleId);
          // The escrow reserved against the bidder's mandate is now spent.
          await spendReserved(tx, offer.bidderId, offerSpendKey(offerId));
          await tx.flush();
          return { saleId: sale.saleId, releasedOfferIds: sale.releasedOfferIds };
        });
      } catch (err) {
        if (!(err instanceof SaleRefusal)) throw err;
        await orm.em.fork().transactional(async (tx) => {
          const offer = await lockOffer(tx, offerId);
          if (offer.status === 'accepted' && !offer.saleId) await endOffer(tx, offer, 'rejected');
          await tx.flush();
        });
        return { refused: err.code };
      }
    },
  };
}

export type OfferActivities = ReturnType<typeof createOfferActivities>;
