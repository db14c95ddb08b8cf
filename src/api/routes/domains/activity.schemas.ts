import { z } from 'zod';
import { orderKinds, paymentMethods } from '../../../domain/orders.ts';
import { isoTimestamp } from '../../schemas/common.ts';
import { EXAMPLE, examplePage } from '../../schemas/examples.ts';

export { pagination as activityQuery } from './managed.schemas.ts';

const marketAmount = z.string().describe('In the order’s currency: whole gems ("900"), or USD for pathUSD ("18.00")');

// What a market order records beside its payment (docs/market.md "Market"); null for the other kinds.
const saleDetails = z
  .object({
    source: z.string().describe('`listing` (buy-secondary, the human checkout) or `offer`'),
    seller_id: z.string(),
    buyer_id: z.string(),
    referrer_id: z.string().nullable(),
    seller_amount: marketAmount.describe('90% of the price'),
    referrer_amount: marketAmount.describe('5% with a referrer, else 0'),
    platform_amount: marketAmount.describe('the rest: 5%, or 10% without a referrer'),
  })
  .describe('purchase (the buyer’s order) and sale (the seller’s): the parties and the split of the price');
const payoutDetails = z
  .object({ sale_id: z.number().int().nullable(), payout_address: z.string().nullable() })
  .describe('payout: the sale whose pathUSD proceeds were sent on chain, and where (`payment_reference`: the tx)');
const offerDetails = z
  .object({ offer_id: z.string(), reason: z.string().nullable() })
  .describe('offer_escrow / offer_release: the offer whose gems were held or given back, and why');

// One activity-ledger entry (spec 2.11 leaves the fields open). The payment fields and `details`
// describe the payer's side of an order: a caller who only owns the domain (a reseller bought it for
// them, it was handed over, or it is the seller's side of their purchase) sees them as null, so a
// reseller's wholesale price and payment trail, or a seller's payout address, stay with their owner.
export const activityEntry = z.object({
  order_id: z.number().int(),
  kind: z.enum(orderKinds),
  domain: z.string(),
  status: z.string(),
  role: z
    .enum(['payer', 'owner', 'both'])
    .describe(
      'payer: the caller paid or acted (the seller of a sale, the bidder of an offer); owner: the domain went to the caller',
    ),
  payer_id: z
    .string()
    .nullable()
    .describe(
      'The account that paid or acted, when it is the caller or an agent it claimed (role payer or both); else null',
    ),
  owner_id: z
    .string()
    .nullable()
    .describe(
      'The account the domain went to, when it is the caller or an agent it claimed (role owner or both); else null',
    ),
  payment_method: z.enum(paymentMethods),
  years: z.number().int().nullable(),
  amount_gems: z.number().int().nullable(),
  amount: z
    .string()
    .nullable()
    .describe('USD decimal string ("15.00") for machine payments and pathUSD market orders, else null'),
  currency: z.string().nullable().describe('`gems`, or the stablecoin (`pathUSD`; `pathusd` on market orders)'),
  payment_reference: z.string().nullable(),
  reseller_channel: z.string().nullable(),
  details: z.union([saleDetails, payoutDetails, offerDetails]).nullable(),
  created_at: isoTimestamp,
});

export const activityResponse = examplePage(
  z.object({
    status: z.literal('success'),
    data: z.array(activityEntry),
    limit: z.number().int(),
    offset: z.number().int(),
    total: z.number().int(),
  }),
  [
    {
      order_id: 1204,
      kind: 'purchase',
      domain: EXAMPLE.name,
      status: 'completed',
      role: 'both',
      payer_id: EXAMPLE.accountId,
      owner_id: EXAMPLE.accountId,
      payment_method: 'gems',
      years: null,
      amount_gems: 1000,
      amount: null,
      currency: 'gems',
      payment_reference: `ledger:sale:${EXAMPLE.sessionId}`,
      reseller_channel: null,
      details: {
        source: 'listing',
        seller_id: '5b1f7c8e-2d4a-4f6b-9c3e-8a7d6e5f4c3b',
        buyer_id: EXAMPLE.accountId,
        referrer_id: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b',
        seller_amount: '900',
        referrer_amount: '50',
        platform_amount: '50',
      },
      created_at: EXAMPLE.at,
    },
    {
      order_id: 1180,
      kind: 'registration',
      domain: 'relay.agent',
      status: 'paid',
      role: 'both',
      payer_id: EXAMPLE.accountId,
      owner_id: EXAMPLE.accountId,
      payment_method: 'mpp',
      years: 1,
      amount_gems: 1500,
      amount: '15.00',
      currency: 'pathUSD',
      payment_reference: EXAMPLE.txHash,
      reseller_channel: null,
      details: null,
      created_at: '2026-11-20T14:30:00.000Z',
    },
  ],
);
