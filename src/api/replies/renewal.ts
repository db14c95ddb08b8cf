import { orderBlock } from './order.ts';
import type { RenewAnswer } from '../../renewal/service.ts';
import { paidAnswer } from './paid.ts';
import { paymentRequired } from './payment-required.ts';

/** Each answer of a renewal request as its HTTP response: 200 with the new term, or 402 with the challenge. */
export function renewAnswer(a: RenewAnswer) {
  if (a.kind === 'payment_required') return paymentRequired(a.offer, []);
  const r = a.result;
  return paidAnswer(
    {
      sessionId: a.sessionId,
      message: `${r.name} is renewed until ${r.newExpiryDate}.`,
      receipt: r.paymentMethod === 'mpp' ? r.paymentReference : null,
    },
    {
      domain: { name: r.name, previous_expiry_date: r.previousExpiryDate, new_expiry_date: r.newExpiryDate },
      order: orderBlock(r),
    },
  );
}
