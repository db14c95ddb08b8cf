import type { PaymentPayload, PaymentRequired, PaymentRequirements, SettleResponse } from '@x402/core/types';
import { z } from 'zod';
import { AppError } from '../domain/errors.ts';
import { bazaarFor } from './x402-bazaar.ts';

// x402 v2's own HTTP form of the USDC route (docs/payments.md "A stock x402 client"): the headers a stock
// client (@x402/fetch) reads and sends, each standard base64 of JSON, with the types of @x402/core.

/** The 402's challenge (x402 v2 `PaymentRequired`). */
export const PAYMENT_REQUIRED_HEADER = 'payment-required';
/** The client's retry (x402 v2 `PaymentPayload`). */
export const PAYMENT_SIGNATURE_HEADER = 'payment-signature';
/** The answer to a settled payment (x402 v2 `SettleResponse`). */
export const PAYMENT_RESPONSE_HEADER = 'payment-response';

const encode = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64');

/**
 * The `PAYMENT-REQUIRED` header: what is paid for, the one way to pay it (`accepts`), and how the
 * operation is called and what it answers (`extensions.bazaar`, x402-bazaar.ts), on every 402 alike.
 */
export function paymentRequiredHeader(p: {
  resource: PaymentRequired['resource'];
  accepts: PaymentRequirements[];
  error?: string;
}): string {
  const { resource, extensions } = bazaarFor(p.resource);
  const body: PaymentRequired = {
    x402Version: 2,
    ...(p.error ? { error: p.error } : {}),
    resource,
    accepts: p.accepts,
    extensions,
  };
  return encode(body);
}

/** The `PAYMENT-RESPONSE` header of a settled payment. */
export function paymentResponseHeader(p: { transaction: string; network: string; payer: string }): string {
  const body: SettleResponse = {
    success: true,
    transaction: p.transaction,
    network: p.network as SettleResponse['network'],
    payer: p.payer,
  };
  return encode(body);
}

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/);
const uint = z.string().regex(/^\d{1,78}$/);
const requirements = z
  .object({
    scheme: z.string(),
    network: z.string(),
    asset: z.string(),
    amount: z.string(),
    payTo: z.string(),
    maxTimeoutSeconds: z.number(),
    extra: z.record(z.string(), z.unknown()),
  })
  .loose();
const exactEip3009Payload = z.object({
  x402Version: z.literal(2),
  resource: z.object({ url: z.string() }).loose().optional(),
  accepted: requirements,
  payload: z.object({
    authorization: z.object({
      from: address,
      to: address,
      value: uint,
      validAfter: uint,
      validBefore: uint,
      nonce: z.string().regex(/^0x[0-9a-fA-F]{64}$/),
    }),
    signature: z.string().regex(/^0x[0-9a-fA-F]{130,}$/),
  }),
  extensions: z.record(z.string(), z.unknown()).optional(),
});

/** A decoded `PAYMENT-SIGNATURE` of the `exact` scheme paid by EIP-3009 (the only way the route is paid). */
export type X402Payment = z.infer<typeof exactEip3009Payload> & PaymentPayload;

/** Decodes and checks a `PAYMENT-SIGNATURE` header; a malformed one is refused before anything is asked. */
export function parsePaymentSignature(raw: string): X402Payment {
  let json: unknown;
  try {
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(raw)) throw new Error('not base64');
    json = JSON.parse(Buffer.from(raw, 'base64').toString('utf8'));
  } catch {
    throw new AppError('invalid_request', 'PAYMENT-SIGNATURE is not base64 of JSON (x402 v2).');
  }
  const parsed = exactEip3009Payload.safeParse(json);
  if (!parsed.success)
    throw new AppError(
      'invalid_request',
      'PAYMENT-SIGNATURE is not an x402 v2 payment of the exact scheme with an EIP-3009 authorization (payload.authorization, payload.signature, accepted).',
    );
  return parsed.data as X402Payment;
}
