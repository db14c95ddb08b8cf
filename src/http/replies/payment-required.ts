import type { FastifyReply } from 'fastify';
import type { paymentOffer } from '../../checkout/challenge.ts';

/** The 402 of a checkout awaiting machine payment: the challenge header and its body (spec 4.2, 4.4). */
export function sendPaymentRequired(reply: FastifyReply, offer: ReturnType<typeof paymentOffer>, warnings: string[]) {
  reply.header('www-authenticate', offer.header);
  reply.header('cache-control', 'no-store');
  return reply.status(402).send({ ...offer.body, warnings });
}
