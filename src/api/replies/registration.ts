import type { RegistrationResult } from '../../../workflows/registration-messages.ts';
import { orderBlock } from './order.ts';
import { paidAnswer } from './paid.ts';
import { PAYMENT_REQUIRED_HEADER } from '../../payments/x402.ts';
import type { RegisterAnswer } from '../../registration/service.ts';
import { answer } from '../../http/operations/operation.ts';
import { paymentRequired } from './payment-required.ts';

/**
 * The 200 of a completed registration (spec 4.2), with the mpp receipt header when paid on chain.
 * `headers` go before the receipt (the x402 PAYMENT-RESPONSE of a stock client's paid retry).
 */
export function registered(
  a: { result: RegistrationResult; sessionId: string; warnings: string[] },
  namespace: string,
  headers: Record<string, string> = {},
) {
  const r = a.result;
  return paidAnswer(
    {
      sessionId: a.sessionId,
      message: `${r.name} is registered.`,
      receipt: r.paymentMethod === 'mpp' ? r.paymentReference : null,
    },
    {
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

/** Each answer of a registration request as its HTTP response: 200, 402 with the challenge, or 202. */
export function registerAnswer(a: RegisterAnswer, namespace: string, headers: Record<string, string> = {}) {
  if (a.kind === 'registered') return registered(a, namespace, headers);
  if (a.kind === 'payment_required') return paymentRequired(a.offer, a.warnings);
  if (a.kind === 'usdc_payment_required')
    return answer(402, a.body, { 'cache-control': 'no-store', [PAYMENT_REQUIRED_HEADER]: a.paymentRequired });
  return answer(202, {
    status: 'pending' as const,
    order_id: a.orderId,
    checkout_url: a.checkoutUrl,
    status_url: a.statusUrl,
    expires_at: a.expiresAt,
    message: 'Complete the hosted checkout; the order stays pending until the checkout reports it paid.',
  });
}
