import { z } from 'zod';
import { example } from '../../schemas/examples.ts';

export const quoteBody = example(
  z
    .object({
      domain: z.string().min(1).max(300).describe('Name part ("scout") or full name ("scout.agent")'),
      namespace: z.string().min(1).max(63).optional(),
      tld: z.string().min(1).max(63).optional().describe('Legacy alias of namespace'),
      years: z.number().int().min(1).max(10),
    })
    // Unknown fields are ignored, so an agent may send its register body (agreed_to_terms, ...) unchanged.
    .strip(),
  { domain: 'scout', namespace: 'agent', years: 1 },
);

export const quoteHeaders = z.object({
  'x-payment-method': z.enum(['mpp']).optional(),
  'x-mpp-network': z.enum(['tempo', 'base-mainnet']).optional(),
});

export const quoteResponse = z.object({
  status: z.literal('quoted'),
  binding: z.literal(false),
  mutation: z.literal('none'),
  available: z.boolean(),
  reason: z.string(),
  domain: z.string(),
  namespace: z.string(),
  years: z.number().int(),
  mpp_network: z.enum(['base', 'tempo']),
  chain_id: z.number().int(),
  price: z.object({
    currency: z.enum(['USDC', 'pathUSD']),
    amount: z.string().describe('Decimal amount in the currency, e.g. "15.00"'),
    amount_minor: z.string().describe('Amount in minor units (6 decimals)'),
    decimals: z.number().int(),
    gems: z.number().int(),
    unit_price_gems: z.number().int(),
    price_class: z.enum(['agent', 'human']),
    asset: z
      .string()
      .nullable()
      .describe('The token contract paid: USDC on chain 8453 for base-mainnet, the TIP-20 token (pathUSD) on Tempo'),
  }),
  next: z.object({ method: z.literal('POST'), url: z.string(), creates_pending_order: z.literal(true) }),
  checkout_url: z
    .string()
    .optional()
    .describe('USDC route only: the checkout relay; check its /.well-known/payment-methods before paying'),
});
