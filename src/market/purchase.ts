import { purchaseContract, type PurchaseInput, type PurchaseResult } from '../../workflows/purchase-messages.ts';
import type { Principal } from '../auth/principal.ts';
import { actorOf, holderOf } from '../checkout/holder.ts';
import { sessionIdFor } from '../checkout/operation-session.ts';
import { paidOperationService, type Paid, type PaymentRequired } from '../checkout/paid-operation-service.ts';
import type { CheckoutDeps } from '../checkout/checkout-service.ts';
import { latePayments } from '../checkout/late-payment.ts';
import type { PresentedReceipt } from '../checkout/receipt.ts';
import type { Config } from '../config/env.ts';
import { domainRecords } from '../db/domain-records.ts';
import { listingRepository } from '../db/listing-repository.ts';
import { registrarLocks } from '../db/registrar-locks.ts';
import { AppError } from '../domain/errors.ts';
import { referrerOf } from './checkout-terms.ts';
import { purchaseInput, purchaseOperation } from './purchase-operation.ts';
import { findSale } from './sale.ts';

export interface BuyCommand {
  name: string;
  paymentMethod: 'mpp' | 'gems';
  /** The referrer: an account id, or a person's username at the identity provider. */
  affiliateId: string | null;
  principal: Principal | null;
  ip: string;
  receipt: PresentedReceipt | undefined;
  /** The Idempotency-Key's operation (src/http/plugins/idempotency.ts), when the request sent one. */
  operationId?: string | null;
}

export type BuyAnswer = Paid<'purchased', PurchaseResult> | PaymentRequired;

/**
 * Buying a listed name (spec 4.7 buy-secondary) as a paid operation over the shared checkout
 * machinery: one open purchase checkout per name (`purchase:<name>`), so a second buyer is told the
 * name is being bought before anyone pays; a landed payment completes at the price it was challenged
 * at, whatever happened to the listing meanwhile (docs/market.md "Purchase").
 */
export function purchaseService(deps: CheckoutDeps & { config: Config }) {
  const { config, orm } = deps;
  const checkout = paidOperationService(deps, purchaseOperation);
  const latePaid = latePayments(deps, purchaseContract);
  const { offer, paid: purchased } = checkout;

  async function buy(cmd: BuyCommand): Promise<BuyAnswer> {
    const actorId = actorOf(cmd.principal);
    const holder = holderOf(actorId, cmd.ip);

    // An open checkout is the lock: its holder continues it, anyone else is told before paying.
    const running = await checkout.status(cmd.name);
    if (running) {
      const answer = await checkout.continueLock(cmd.name, running, {
        holder,
        operationId: cmd.operationId,
        receipt: cmd.receipt,
        taken: () => purchaseOperation.busy(cmd.name),
        inStage: (stage) =>
          new AppError(
            'name_being_bought',
            `Your purchase of ${cmd.name} is ${stage}; re-send your receipt to get its outcome.`,
          ),
      });
      if (answer.kind === 'payment_required') await stillListed(running.input);
      return answer;
    }
    // The same keyed request again, after its first attempt bought the name and its answer was lost.
    if (cmd.operationId) {
      const done = await findSale(orm.em.fork(), cmd.operationId);
      if (done?.domainName === cmd.name && done.buyerId === actorId) return purchased(done, cmd.operationId);
    }
    // A paid retry whose answer was lost: the receipt already bought this name.
    if (cmd.receipt) {
      const done = await checkout.byReceipt(cmd.receipt, findSale);
      if (done?.result.domainName === cmd.name) return purchased(done.result, done.sessionId);
      // Paid after its checkout closed unpaid: credited as gems, never kept in silence.
      const late = await latePaid.claim({ name: cmd.name, holder, receipt: cmd.receipt });
      if (late) throw late;
      throw new AppError(
        'no_checkout',
        'There is no open purchase checkout for this name: send the request without a receipt to get a payment challenge first.',
      );
    }

    const { input, warnings } = await plan(cmd, actorId, holder);
    const started = await checkout.open(cmd.name, input, input.method === 'mpp');
    if (input.method === 'mpp') return offer(started, warnings);
    return purchased(await checkout.result(cmd.name), input.sessionId, warnings);
  }

  /**
   * Before a challenge is handed out again (the buyer re-sends after an approval, or asks for its 402
   * anew), the name must still be listed by the same seller at the checkout's price: the seller may have
   * withdrawn it meanwhile (a listing cannot change while a checkout holds the name, but it can be
   * withdrawn). Otherwise no challenge: the same 404 `not_listed` as a buy of a name not for sale, and
   * the unpaid checkout ends so the name is free (a payment that already landed for it completes the
   * purchase instead: 409 `payment_landed`).
   */
  async function stillListed(input: PurchaseInput): Promise<void> {
    const em = orm.em.fork();
    const found = await domainRecords(em).find(input.domainId);
    const domain = found?.status === 'active' ? found : null;
    const listing = domain ? await listingRepository(em).find(domain.id) : null;
    const price = input.saleCurrency === 'gems' ? listing?.priceGems : listing?.priceUsdMinor;
    if (domain?.ownerId === input.sellerId && price !== null && price !== undefined && String(price) === input.price)
      return;
    try {
      await checkout.reset(input.name, input.actorAccountId ?? '', true);
    } catch (err) {
      if (err instanceof AppError && err.code === 'payment_landed') throw err;
      // Already ending, or no longer there: either way nothing is offered for payment.
    }
    throw new AppError('not_listed', `${input.name} is not for sale.`);
  }

  /** The listing's terms for this buyer, checked before any checkout exists. */
  async function plan(cmd: BuyCommand, actorId: string | null, holder: string) {
    const em = orm.em.fork();
    const domain = await domainRecords(em).findLive(cmd.name);
    const listing = domain ? await listingRepository(em).find(domain.id) : null;
    if (!domain || !listing || domain.status !== 'active')
      throw new AppError('not_listed', `${cmd.name} is not for sale.`);
    // Locked after it was listed: no checkout opens (the sale checks again under the row lock).
    await registrarLocks(em).refuseIfLocked(domain.id, cmd.name, 'sale');
    if (actorId && actorId === domain.ownerId) throw new AppError('own_domain', `You already own ${cmd.name}.`);
    if (cmd.paymentMethod === 'gems' && !actorId)
      throw new AppError('unauthorized', 'Buying with gems needs an account: send X-API-Key or a bearer token.');
    const gems = cmd.paymentMethod === 'gems';
    const price = gems ? listing.priceGems : listing.priceUsdMinor;
    if (price === null || price === undefined)
      throw new AppError(
        'currency_not_accepted',
        `${cmd.name} is listed in ${gems ? 'USD only: pay with mpp' : 'gems only: pay with payment_method "gems"'}.`,
      );
    const warnings: string[] = [];
    const referrerId = await referrer(cmd.affiliateId, actorId, domain.ownerId);
    if (cmd.affiliateId && !referrerId)
      warnings.push('affiliate_id ignored: not an existing account other than the buyer and the seller.');

    const input = purchaseInput(checkout, config.GEM_USD_RATE, {
      sessionId: await sessionIdFor(orm, cmd.operationId),
      name: cmd.name,
      domainId: domain.id,
      sellerId: domain.ownerId,
      buyerId: actorId,
      holder,
      currency: gems ? 'gems' : 'pathusd',
      price: BigInt(price),
      referrerId,
    });
    return { input, warnings };
  }

  /** A valid referrer: an existing account (by id, or a person's username), neither the buyer nor the seller. */
  async function referrer(affiliateId: string | null, buyerId: string | null, sellerId: string) {
    if (!affiliateId) return null;
    return (await referrerOf(orm.em.fork(), affiliateId, buyerId, sellerId))?.id ?? null;
  }

  return { buy };
}

export type PurchaseService = ReturnType<typeof purchaseService>;
