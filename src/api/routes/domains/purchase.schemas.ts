import { z } from 'zod';
import { errorBodySchema } from '../../schemas/common.ts';
import { receiptField } from './register.schemas.ts';
import { paidResponses } from '../../schemas/payment-required.ts';
import { example, EXAMPLE } from '../../schemas/examples.ts';

export const buySecondaryBody = example(
  z.object({
    domain: z.string().min(1).max(300).describe('The full name, e.g. "scout.agent"'),
    receipt: receiptField,
    payment_method: z
      .enum(['mpp', 'gems'])
      .optional()
      .describe(
        'mpp (default): pay the USD asking price in pathUSD; gems: pay the gems asking price from your balance',
      ),
    affiliate_id: z
      .string()
      .trim()
      .min(1)
      .max(128)
      .optional()
      .describe('The referrer (an account id or a person’s username); earns 5% of the sale'),
  }),
  { domain: 'scout.agent' },
);

export const purchasedResponse = example(
  z.object({
    status: z.literal('success'),
    message: z.string(),
    session_id: z.string(),
    sale: z.object({
      sale_id: z.number().int(),
      domain: z.string(),
      buyer_id: z.string(),
      seller_id: z.string(),
      currency: z.enum(['gems', 'pathusd']),
      price: z.number().describe('Whole gems, or USD'),
      seller_amount: z.number(),
      referrer_amount: z.number(),
      platform_amount: z.number(),
      order_id: z.number().int(),
      sold_at: z.string(),
    }),
    warnings: z.array(z.string()),
  }),
  {
    status: 'success',
    message: 'scout.agent is yours.',
    session_id: EXAMPLE.sessionId,
    sale: {
      sale_id: 77,
      domain: EXAMPLE.name,
      buyer_id: EXAMPLE.accountId,
      seller_id: '5b1f7c8e-2d4a-4f6b-9c3e-8a7d6e5f4c3b',
      currency: 'pathusd',
      price: 250,
      seller_amount: 225,
      referrer_amount: 0,
      platform_amount: 25,
      order_id: 1203,
      sold_at: EXAMPLE.at,
    },
    warnings: [],
  },
);

/** What a paid purchase answers (buy-secondary, and paying an accepted offer): the sale, or its 402. */
/** A purchase's answers; 423 when the name was locked after it was listed (docs/teams.md "Registrar lock"). */
export const purchaseResponses = { ...paidResponses(purchasedResponse), 423: errorBodySchema };
