import { accountForWallet } from '../src/auth/accounts.ts';
import { checkoutSessions } from '../src/db/checkout-sessions.ts';
import { offerRepository } from '../src/db/offer-repository.ts';
import { completeSale, findSale, SaleRefusal } from '../src/market/sale.ts';
import { purchaseContract } from '../workflows/purchase-messages.ts';
import { recordReceipt, refuse } from './checkout.ts';
import type { ActivityDeps } from './deps.ts';
import { paidEffect } from './paid-effect.ts';

export function createPurchaseActivities({ orm, payments, payouts }: ActivityDeps) {
  return {
    /**
     * The sale (src/market/sale.ts) in ONE transaction with the payment: the receipt spent (pathUSD) or
     * the buyer's gems debited, at the price the buyer was challenged at. Idempotent on the session.
     */
    completePurchase: paidEffect(orm, purchaseContract, {
      find: findSale,
      apply: async (tx, input, payment) => {
        const onChain = payment.kind === 'mpp';
        const buyerId = input.buyerAccountId ?? (onChain ? await accountForWallet(tx, payment.payer) : null);
        if (!buyerId) throw refuse('owner_unknown', 'No account to receive the name.');
        const reference = onChain ? recordReceipt(tx, payments?.chainId ?? 0, input, payment) : null;
        const sale = await completeSale(tx, {
          reference: input.sessionId,
          domainName: input.name,
          buyerId,
          sellerId: input.sellerId,
          currency: input.saleCurrency,
          price: BigInt(input.price),
          source: input.offerId ? 'offer' : 'listing',
          referrerId: input.referrerId === buyerId ? null : input.referrerId,
          funding: reference ? { kind: 'chain', paymentReference: reference } : { kind: 'gems' },
        });
        if (input.offerId) await offerRepository(tx).linkSale(input.offerId, sale.saleId);
        await checkoutSessions(tx).close(input.sessionId, 'purchased');
        return sale;
      },
      refusal: (err) => (err instanceof SaleRefusal ? refuse(err.code, err.message) : null),
    }),

    /** Pays the seller's pathUSD proceeds of a sale out on chain, once (src/market/payouts.ts). */
    async payOutSale({ saleId }: { saleId: number }): Promise<{ payoutStatus: string }> {
      if (!payouts) return { payoutStatus: 'held' };
      return { payoutStatus: await payouts.payOut(saleId) };
    },
  };
}

export type PurchaseActivities = ReturnType<typeof createPurchaseActivities>;
