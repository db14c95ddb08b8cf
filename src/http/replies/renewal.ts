import type { FastifyReply } from 'fastify';
import { orderBlock } from './order.ts';
import { receiptHeader } from '../../payments/mpp.ts';
import type { RenewAnswer } from '../../renewal/service.ts';
import { sendPaymentRequired } from './payment-required.ts';

/** Each answer of a renewal request as its HTTP response: 200 with the new term, or 402 with the challenge. */
export function sendRenewAnswer(reply: FastifyReply, a: RenewAnswer) {
  if (a.kind === 'payment_required') return sendPaymentRequired(reply, a.offer, []);
  const r = a.result;
  if (r.paymentMethod === 'mpp')
    reply.header('payment-receipt', receiptHeader({ reference: r.paymentReference, sessionId: a.sessionId }));
  return reply.status(200).send({
    status: 'success' as const,
    message: `${r.name} is renewed until ${r.newExpiryDate}.`,
    session_id: a.sessionId,
    domain: { name: r.name, previous_expiry_date: r.previousExpiryDate, new_expiry_date: r.newExpiryDate },
    order: orderBlock(r),
  });
}
