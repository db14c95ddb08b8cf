import { minorToUsd } from '../../domain/market.ts';
import type { BuyAnswer } from '../../market/purchase.ts';
import { paidAnswer } from './paid.ts';
import { paymentRequired } from './payment-required.ts';

/** Each answer of buy-secondary as its HTTP response: 200 with the sale, or 402 with the challenge. */
export function buyAnswer(a: BuyAnswer) {
  if (a.kind === 'payment_required') return paymentRequired(a.offer, a.warnings);
  const r = a.result;
  const amount = (v: string) => (r.currency === 'gems' ? Number(v) : minorToUsd(BigInt(v)));
  return paidAnswer(
    {
      sessionId: a.sessionId,
      message: `${r.domainName} is yours.`,
      receipt: r.currency === 'pathusd' ? `sale:${r.saleId}` : null,
    },
    {
      sale: {
        sale_id: r.saleId,
        domain: r.domainName,
        buyer_id: r.buyerId,
        seller_id: r.sellerId,
        currency: r.currency,
        price: amount(r.price),
        seller_amount: amount(r.sellerAmount),
        referrer_amount: amount(r.referrerAmount),
        platform_amount: amount(r.platformAmount),
        order_id: r.orderId,
        sold_at: r.soldAt,
      },
      warnings: a.warnings,
    },
  );
}
