import { purchaseContract, type PurchaseInput, type PurchaseResult } from '../../workflows/purchase-messages.ts';
import type { CheckoutOperation } from '../checkout/checkout-service.ts';
import type { paidOperationService } from '../checkout/paid-operation-service.ts';
import { AppError } from '../domain/errors.ts';
import { gemsToUsdMicros } from '../domain/money.ts';

/**
 * Buying a listed name as the checkout machinery takes it: its contract, and what a second buyer is told
 * while one run per name (`purchase:<name>`) holds it. An accepted pathUSD offer pays through the same
 * effect inside its offer run.
 */
export const purchaseOperation: CheckoutOperation<PurchaseInput, PurchaseResult, 'purchased'> = {
  ...purchaseContract,
  busy: (name) => new AppError('name_being_bought', `${name} is being bought by someone else right now.`),
};

/** The purchase operation's checkout service (an offer run holds one for an accepted pathUSD offer). */
export type PurchaseCheckout = ReturnType<typeof paidOperationService<PurchaseInput, PurchaseResult, 'purchased'>>;

/** The terms of a sale: who buys what from whom, at which price (whole gems, or pathUSD minor units). */
export interface SaleTerms {
  sessionId: string;
  name: string;
  domainId: number;
  sellerId: string;
  /** The buyer's account; null: an anonymous machine payer, whose wallet becomes the identity. */
  buyerId: string | null;
  holder: string;
  currency: 'gems' | 'pathusd';
  price: bigint;
  referrerId: string | null;
  /** The accepted pathUSD offer this checkout pays, if any. */
  offerId?: string;
}

/** A purchase checkout's input, for a listing bought now or an accepted offer, at the price agreed. */
export function purchaseInput(checkout: PurchaseCheckout, gemUsdRate: string, t: SaleTerms): PurchaseInput {
  const gems = t.currency === 'gems';
  const perGem = gemsToUsdMicros(1, gemUsdRate);
  return checkout.newInput(
    {
      sessionId: t.sessionId,
      name: t.name,
      actorAccountId: t.buyerId,
      holder: t.holder,
      // What a refused payment is credited back as (docs/registration.md "Refunds").
      priceGems: gems ? Number(t.price) : Number((t.price + perGem - 1n) / perGem),
      amountMinor: gems ? '0' : t.price.toString(),
    },
    {
      method: gems ? 'gems' : 'mpp',
      domainId: t.domainId,
      sellerId: t.sellerId,
      buyerAccountId: t.buyerId,
      saleCurrency: t.currency,
      price: t.price.toString(),
      referrerId: t.referrerId,
      ...(t.offerId ? { offerId: t.offerId } : {}),
    },
    !gems,
  );
}
