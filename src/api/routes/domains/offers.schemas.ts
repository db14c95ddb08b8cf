import { z } from 'zod';
import { errorBodySchema } from '../../schemas/common.ts';
import { example, EXAMPLE, examplePage } from '../../schemas/examples.ts';
import { page, pageOf } from './listings.schemas.ts';
import { receiptField } from './register.schemas.ts';

const currency = z.enum(['gems', 'pathusd']);

export const makeOfferBody = example(
  z.object({
    domain: z.string().min(1).max(300).describe('The full name, e.g. "scout.agent"'),
    amount: z.number().positive().describe('Whole gems, or USD with at most two decimals (pathusd)'),
    currency,
  }),
  { domain: 'scout.agent', amount: 1200, currency: 'gems' },
);

export const offerIdParams = z.object({ offer_id: example(z.string().min(1).max(64), EXAMPLE.sessionId) });

export const respondBody = example(z.object({ action: z.enum(['accept', 'reject']) }), { action: 'accept' });

export const payOfferBody = z.object({ receipt: receiptField });

export const offerItem = z.object({
  offer_id: z.string(),
  domain: z.string(),
  direction: z.enum(['incoming', 'outgoing']).optional(),
  currency,
  amount: z.number().describe('Whole gems, or USD'),
  status: z.enum(['pending', 'accepted', 'rejected', 'withdrawn', 'expired']),
  bidder_id: z.string(),
  seller_id: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  decided_at: z.string().nullable(),
  sale_id: z.number().int().nullable(),
});

const offerExample = {
  offer_id: EXAMPLE.sessionId,
  domain: EXAMPLE.name,
  currency: 'gems' as const,
  amount: 1200,
  status: 'pending' as const,
  bidder_id: EXAMPLE.accountId,
  seller_id: '5b1f7c8e-2d4a-4f6b-9c3e-8a7d6e5f4c3b',
  created_at: EXAMPLE.at,
  expires_at: '2026-11-30T09:00:00.000Z',
  decided_at: null,
  sale_id: null,
};

export const offerResponse = example(z.object({ status: z.literal('success'), offer: offerItem }), {
  status: 'success',
  offer: offerExample,
});

export const offersQuery = z.object({
  ...page,
  domain: z
    .string()
    .min(1)
    .max(300)
    .optional()
    .describe('Only the offers on this full name ("scout.agent"); absent: on every name'),
  direction: z
    .enum(['incoming', 'outgoing'])
    .optional()
    .describe('outgoing: only the offers you (or agents you claimed) made; incoming: only those on your names'),
});
export const offersResponse = examplePage(pageOf(offerItem), [{ ...offerExample, direction: 'outgoing' as const }]);

/**
 * 409 of a decision that did not happen: `offer_not_pending` with the offer as it ended beside the error;
 * any other conflict is the plain error body.
 */
export const offerConflictBody = z.union([
  errorBodySchema
    .extend({ offer: offerItem.describe('The offer as it ended (withdrawn, rejected, sold to the bidder, expired)') })
    .describe('OfferNotPending'),
  errorBodySchema,
]);
