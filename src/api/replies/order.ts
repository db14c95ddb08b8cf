import { formatUsd } from '../../domain/money.ts';

/** The `order` block of a paid operation's 200 (registration, renewal). */
export function orderBlock<M extends string>(r: {
  orderId: number;
  paymentMethod: M;
  amountGems: number;
  amountMinor: string | null;
  currency: string;
  paymentReference: string;
}) {
  return {
    order_id: r.orderId,
    payment_method: r.paymentMethod,
    amount_gems: r.amountGems,
    amount: r.amountMinor == null ? null : formatUsd(BigInt(r.amountMinor)),
    currency: r.currency,
    payment_reference: r.paymentReference,
  };
}
