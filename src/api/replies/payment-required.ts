import type { paymentOffer } from '../../checkout/challenge.ts';
import { answer } from '../../http/operations/operation.ts';

/** The 402 of a checkout awaiting machine payment: the challenge header and its body (spec 4.2, 4.4). */
export function paymentRequired(offer: ReturnType<typeof paymentOffer>, warnings: string[]) {
  return answer(402, { ...offer.body, warnings }, { 'www-authenticate': offer.header, 'cache-control': 'no-store' });
}
