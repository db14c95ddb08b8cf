import type { FastifyReply } from 'fastify';
import type { RegistrationResult } from '../../../workflows/registration-messages.ts';
import { orderBlock } from './order.ts';
import { receiptHeader } from '../../payments/mpp.ts';
import { PAYMENT_REQUIRED_HEADER } from '../../payments/x402.ts';
import type { RegisterAnswer } from '../../registration/service.ts';
import { sendPaymentRequired } from './payment-required.ts';
import { answer, type Answer } from '../operations/operation.ts';
import { sendAnswer } from '../operations/route.ts';

/** The 200 of a completed registration (spec 4.2), with the mpp receipt header when paid on chain. */
export function registeredAnswer(
  a: { result: RegistrationResult; sessionId: string; warnings: string[] },
  namespace: string,
): Answer {
  const r = a.result;
  const headers: Record<string, string> = {};
  if (r.paymentMethod === 'mpp')
    headers['payment-receipt'] = receiptHeader({ reference: r.paymentReference, sessionId: a.sessionId });
  return answer(
    200,
    {
      status: 'success' as const,
      message: `${r.name} is registered.`,
      session_id: a.sessionId,
      domain: {
        name: r.name,
        namespace,
        status: 'active' as const,
        owner_id: r.ownerId,
        registration_date: r.registrationDate,
        expiry_date: r.expiryDate,
      },
      order: orderBlock(r),
      warnings: a.warnings,
    },
    headers,
  );
}

export const sendRegistered = (reply: FastifyReply, ...args: Parameters<typeof registeredAnswer>) =>
  sendAnswer(reply, registeredAnswer(...args));

/** Each answer of a registration request as its HTTP response: 200, 402 with the challenge, or 202. */
export function sendRegisterAnswer(reply: FastifyReply, a: RegisterAnswer, namespace: string) {
  if (a.kind === 'registered') return sendRegistered(reply, a, namespace);
  if (a.kind === 'payment_required') return sendPaymentRequired(reply, a.offer, a.warnings);
  if (a.kind === 'usdc_payment_required')
    return reply
      .header('cache-control', 'no-store')
      .header(PAYMENT_REQUIRED_HEADER, a.paymentRequired)
      .status(402)
      .send(a.body);
  return reply.status(202).send({
    status: 'pending' as const,
    order_id: a.orderId,
    checkout_url: a.checkoutUrl,
    status_url: a.statusUrl,
    expires_at: a.expiresAt,
    message: 'Complete the hosted checkout; the order stays pending until the checkout reports it paid.',
  });
}
