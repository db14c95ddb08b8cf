import { orderBlock } from './order.ts';
import { receiptHeader } from '../../payments/mpp.ts';
import type { RenewAnswer } from '../../renewal/service.ts';
import { answer } from '../../http/operations/operation.ts';
import { paymentRequired } from './payment-required.ts';

/** Each answer of a renewal request as its HTTP response: 200 with the new term, or 402 with the challenge. */
export function renewAnswer(a: RenewAnswer) {
  if (a.kind === 'payment_required') return paymentRequired(a.offer, []);
  const r = a.result;
  return answer(
    200,
    {
      status: 'success' as const,
      message: `${r.name} is renewed until ${r.newExpiryDate}.`,
      session_id: a.sessionId,
      domain: { name: r.name, previous_expiry_date: r.previousExpiryDate, new_expiry_date: r.newExpiryDate },
      order: orderBlock(r),
    },
    r.paymentMethod === 'mpp'
      ? { 'payment-receipt': receiptHeader({ reference: r.paymentReference, sessionId: a.sessionId }) }
      : {},
  );
}
