import { z } from 'zod';
import { example, EXAMPLE, EXAMPLE_ORDER } from '../../schemas/examples.ts';

/** A payment receipt in a body, for a paid retry: the same forms as `Authorization: Payment`. */

/** The order a paid operation made, as its answer shows it (registration, renewal, ERC-8004 entry): `method`, the rails it takes. */
export const paidOrder = <M extends z.ZodType>(method: M) =>
  z.object({
    order_id: z.number().int(),
    payment_method: method,
    amount_gems: z.number().int(),
    amount: z.string().nullable(),
    currency: z.string(),
    payment_reference: z.string(),
  });
export const receiptField = z
  .string()
  .min(1)
  .max(8192)
  .optional()
  .describe('Payment credential for the retry (or send Authorization: Payment)');

export const registerBody = example(
  z.object({
    domain: z.string().min(1).max(300).describe('Name part ("scout") or full name ("scout.agent")'),
    namespace: z.string().min(1).max(63).optional(),
    tld: z.string().min(1).max(63).optional().describe('Legacy alias of namespace'),
    years: z.number().int().min(1).max(10),
    agreed_to_terms: z.literal(true, { error: 'agreed_to_terms must be true' }),
    payment_method: z
      .enum(['mpp', 'gems', 'gfavip_checkout'])
      .optional()
      .describe('Default mpp; gems only when asked for'),
    mpp_network: z.enum(['tempo', 'base-mainnet']).optional(),
    receipt: receiptField,
    reseller_channel: z.string().trim().min(1).max(64).optional(),
    target_owner_id: z.uuid().optional(),
    coupon_code: z.string().trim().min(1).max(64).optional(),
  }),
  { domain: 'scout', namespace: 'agent', years: 1, agreed_to_terms: true },
);

export const registerHeaders = z.object({
  'x-payment-method': z.enum(['mpp']).optional(),
  'x-mpp-network': z.enum(['tempo', 'base-mainnet']).optional(),
  // A signed EIP-3009 payload is about 1.5 kB of base64; 8 kB leaves room for it and keeps the request
  // within Node's 16 kB limit on all headers together (beyond it the server answers 431 before routing).
  'payment-signature': z
    .string()
    .max(8_192)
    .optional()
    .describe(
      'USDC route: an x402 v2 client’s retry (base64 JSON PaymentPayload, scheme exact, EIP-3009), answering the PAYMENT-REQUIRED header of the 402',
    ),
});

export const registeredResponse = example(
  z.object({
    status: z.literal('success'),
    message: z.string(),
    session_id: z.string(),
    domain: z.object({
      name: z.string(),
      namespace: z.string(),
      status: z.literal('active'),
      owner_id: z.string(),
      registration_date: z.string(),
      expiry_date: z.string(),
    }),
    order: paidOrder(z.string()),
    warnings: z.array(z.string()),
  }),
  {
    status: 'success',
    message: 'scout.agent is registered.',
    session_id: EXAMPLE.sessionId,
    domain: {
      name: EXAMPLE.name,
      namespace: 'agent',
      status: 'active',
      owner_id: EXAMPLE.accountId,
      registration_date: EXAMPLE.at,
      expiry_date: EXAMPLE.expiry,
    },
    order: EXAMPLE_ORDER,
    warnings: [],
  },
);

export const checkoutPendingResponse = z.object({
  status: z.literal('pending'),
  order_id: z.string(),
  checkout_url: z.string(),
  status_url: z.string(),
  expires_at: z.string(),
  message: z.string(),
});

export const verifyMppBody = example(
  z.object({
    session_id: z.string().min(1).max(64),
    receipt: z.string().min(1).max(8192),
    domain: z.string().min(1).max(300),
    namespace: z.string().min(1).max(63).optional(),
    tld: z.string().min(1).max(63).optional(),
    years: z.number().int().min(1).max(10),
  }),
  { session_id: EXAMPLE.sessionId, receipt: EXAMPLE.txHash, domain: 'scout', namespace: 'agent', years: 1 },
);

export const registrationStatusResponse = z.object({
  status: z.literal('success'),
  domain: z.string(),
  workflow_id: z.string(),
  stage: z.string(),
  session_id: z.string(),
  payment_method: z.string(),
  expires_at: z.string(),
});

export const simpleResponse = z.object({ status: z.literal('success'), message: z.string() });
