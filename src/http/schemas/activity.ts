import { z } from 'zod';
import { orderKinds, paymentMethods } from '../../domain/orders.ts';
import { isoTimestamp } from './common.ts';

export { pagination as activityQuery } from './management.ts';

// One activity-ledger entry (spec 2.11 leaves the fields open). The payment fields describe the payer's
// side of an order: a caller who only owns the domain (a reseller bought it for them, or it was handed
// over) sees them as null, so a reseller's wholesale price and payment trail stay with the reseller.
export const activityEntry = z.object({
  order_id: z.number().int(),
  kind: z.enum(orderKinds),
  domain: z.string(),
  status: z.string(),
  role: z
    .enum(['payer', 'owner', 'both'])
    .describe('payer: the caller paid or acted; owner: the domain went to the caller'),
  payment_method: z.enum(paymentMethods),
  years: z.number().int().nullable(),
  amount_gems: z.number().int().nullable(),
  amount: z.string().nullable().describe('USD decimal string ("15.00") for machine payments, else null'),
  currency: z.string().nullable(),
  payment_reference: z.string().nullable(),
  reseller_channel: z.string().nullable(),
  created_at: isoTimestamp,
});

export const activityResponse = z.object({
  status: z.literal('success'),
  data: z.array(activityEntry),
  limit: z.number().int(),
  offset: z.number().int(),
  total: z.number().int(),
});
