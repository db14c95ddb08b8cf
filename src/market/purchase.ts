import {
  purchaseStatusQuery,
  purchaseWorkflowId,
  submitPurchasePayment,
  type PurchaseInput,
  type PurchaseOutcome,
  type PurchaseResult,
} from '../../workflows/purchase-messages.ts';
import type { Principal } from '../auth/principal.ts';
import { chainTerms, paymentOffer } from '../checkout/challenge.ts';
import { actorOf, holderOf } from '../checkout/holder.ts';
import { sessionIdFor } from '../checkout/operation-session.ts';
import { checkoutService, type CheckoutDeps } from '../checkout/paid-operation.ts';
import type { PresentedReceipt } from '../checkout/receipt.ts';
import { closedError, refusalError } from '../checkout/refusals.ts';
import type { Config } from '../config/env.ts';
import { Domain, Listing, PaymentReceipt } from '../db/entities/index.ts';
import { EXPIRED } from '../domain/expiry.ts';
import { AppError } from '../domain/errors.ts';
import { gemsToUsdMicros } from '../domain/money.ts';
import { referrerOf } from './checkout-terms.ts';
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

export type BuyAnswer =
  | { kind: 'purchased'; result: PurchaseResult; sessionId: string; warnings: string[] }
  | { kind: 'payment_required'; offer: ReturnType<typeof paymentOffer>; warnings: string[] };

/** A finished run's outcome: the sale, or the refusal as our HTTP error. */
export function purchaseOf(o: PurchaseOutcome): PurchaseResult {
  if (o.outcome === 'purchased') return o.result;
  if (o.outcome === 'refused') throw refusalError(o.code, o.message, o.credit);
  throw closedError(o.outcome);
}

/**
 * Buying a listed name (spec 4.7 buy-secondary) as a paid operation over the shared checkout
 * machinery: one open purchase checkout per name (`purchase:<name>`), so a second buyer is told the
 * name is being bought before anyone pays; a landed payment completes at the price it was challenged
 * at, whatever happened to the listing meanwhile (docs/market.md "Purchase").
 */
export function purchaseService(deps: Omit<CheckoutDeps, 'taskQueue' | 'maxOpen'> & { config: Config }) {
  const { config, orm } = deps;
  const checkout = checkoutService(
    { ...deps, taskQueue: config.TEMPORAL_TASK_QUEUE, maxOpen: config.CHECKOUT_MAX_OPEN },
    {
      operation: 'purchase',
      workflowType: 'purchaseWorkflow',
      workflowId: purchaseWorkflowId,
      statusQuery: purchaseStatusQuery,
      submitPaymentUpdate: submitPurchasePayment,
      resultOf: purchaseOf,
      busy: (name) => new AppError('name_being_bought', `${name} is being bought by someone else right now.`),
    },
  );
  const description = (input: PurchaseInput) => `Buy ${input.name}`;
  const offer = (input: PurchaseInput, warnings: string[]): BuyAnswer => ({
    kind: 'payment_required',
    offer: paymentOffer(checkout.payments(), input, description(input)),
    warnings,
  });
  const purchased = (result: PurchaseResult, sessionId: string, warnings: string[] = []): BuyAnswer => ({
    kind: 'purchased',
    result,
    sessionId,
    warnings,
  });

  async function buy(cmd: BuyCommand): Promise<BuyAnswer> {
    const actorId = actorOf(cmd.principal);
    const holder = holderOf(actorId, cmd.ip);

    // An open checkout is the lock: its holder continues it, anyone else is told before paying.
    const running = await checkout.status(cmd.name);
    if (running) {
      // The same keyed request again, after its first attempt died in flight: that attempt's purchase.
      if (cmd.operationId === running.input.sessionId && running.input.method !== 'mpp')
        return purchased(await checkout.result(cmd.name), running.input.sessionId);
      if (running.input.holder !== holder || running.input.method !== 'mpp')
        throw new AppError('name_being_bought', `${cmd.name} is being bought by someone else right now.`);
      const sessionId = running.input.sessionId;
      if (cmd.receipt) return purchased(await checkout.submitReceipt(cmd.name, cmd.receipt, sessionId), sessionId);
      if (running.stage === 'awaiting_payment') return offer(running.input, []);
      throw new AppError(
        'name_being_bought',
        `Your purchase of ${cmd.name} is ${running.stage}; re-send your receipt to get its outcome.`,
      );
    }
    // The same keyed request again, after its first attempt bought the name and its answer was lost.
    if (cmd.operationId) {
      const done = await findSale(orm.em.fork(), cmd.operationId);
      if (done?.domainName === cmd.name && done.buyerId === actorId) return purchased(done, cmd.operationId);
    }
    // A paid retry whose answer was lost: the receipt already bought this name.
    if (cmd.receipt) {
      const done = await purchaseByReceipt(cmd.receipt, cmd.name);
      if (done) return purchased(done.result, done.sessionId);
      throw new AppError(
        'no_checkout',
        'There is no open purchase checkout for this name: send the request without a receipt to get a payment challenge first.',
      );
    }

    const { input, warnings } = await plan(cmd, actorId, holder);
    await checkout.open(cmd.name, input, input.method === 'mpp');
    if (input.method === 'mpp') return offer(input, warnings);
    return purchased(await checkout.result(cmd.name), input.sessionId, warnings);
  }

  /** The listing's terms for this buyer, checked before any checkout exists. */
  async function plan(cmd: BuyCommand, actorId: string | null, holder: string) {
    const em = orm.em.fork();
    const domain = await em.findOne(Domain, { name: cmd.name, status: { $ne: EXPIRED } });
    const listing = domain ? await em.findOne(Listing, { domainId: domain.id }) : null;
    if (!domain || !listing || domain.status !== 'active')
      throw new AppError('not_listed', `${cmd.name} is not for sale.`);
    if (actorId && actorId === domain.owner.id) throw new AppError('own_domain', `You already own ${cmd.name}.`);
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
    const referrerId = await referrer(cmd.affiliateId, actorId, domain.owner.id);
    if (cmd.affiliateId && !referrerId)
      warnings.push('affiliate_id ignored: not an existing account other than the buyer and the seller.');

    const perGem = gemsToUsdMicros(1, config.GEM_USD_RATE);
    const input: PurchaseInput = {
      sessionId: await sessionIdFor(orm, cmd.operationId),
      name: cmd.name,
      actorAccountId: actorId,
      holder,
      method: cmd.paymentMethod,
      // What a refused payment is credited back as (docs/registration.md "Refunds").
      priceGems: gems ? Number(price) : Number((BigInt(price) + perGem - 1n) / perGem),
      amountMinor: gems ? '0' : BigInt(price).toString(),
      currency: config.MPP_CURRENCY,
      expiresAtMs: Date.now() + config.CHECKOUT_TTL_SECONDS * 1000,
      chain: null,
      domainId: domain.id,
      sellerId: domain.owner.id,
      buyerAccountId: actorId,
      saleCurrency: gems ? 'gems' : 'pathusd',
      price: BigInt(price).toString(),
      referrerId,
    };
    if (!gems) input.chain = chainTerms(checkout.payments(), input, description(input));
    return { input, warnings };
  }

  /** A valid referrer: an existing account (by id, or a person's username), neither the buyer nor the seller. */
  async function referrer(affiliateId: string | null, buyerId: string | null, sellerId: string) {
    if (!affiliateId) return null;
    return (await referrerOf(orm.em.fork(), affiliateId, buyerId, sellerId))?.id ?? null;
  }

  async function purchaseByReceipt(receipt: PresentedReceipt, name: string) {
    if (!receipt.parsed || !deps.payments) return null;
    const em = orm.em.fork();
    const stored = await em.findOne(PaymentReceipt, { chainId: deps.payments.chainId, txHash: receipt.parsed.txHash });
    const result = stored ? await findSale(em, stored.sessionId) : null;
    return stored && result?.domainName === name ? { result, sessionId: stored.sessionId } : null;
  }

  return { buy };
}

export type PurchaseService = ReturnType<typeof purchaseService>;
