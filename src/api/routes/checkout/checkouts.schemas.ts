import { z } from 'zod';
import { openStages } from '../../../../workflows/checkout-messages.ts';
import { doneOutcomes, notDoneOutcomes } from '../../../domain/checkout-outcomes.ts';
import { example, EXAMPLE } from '../../schemas/examples.ts';

// A checkout as its payer follows it: an order's status, the hosted checkout's callback, the checkouts
// still waiting for a payment.

export const orderIdParams = z.object({ order_id: example(z.string().min(1).max(64), EXAMPLE.sessionId) });

export const orderStatusResponse = example(
  z.object({
    status: z.literal('success'),
    order_id: z.string().describe('The checkout: its session id (USDC and mpp routes) or hosted-checkout order id'),
    domain: z.string(),
    // Where its run stands, or how the checkout ended (src/domain/checkout-outcomes.ts).
    state: z.enum([...openStages, 'done', ...doneOutcomes, ...notDoneOutcomes]),
    order_status: z
      .enum(['pending', 'paid', ...notDoneOutcomes])
      .describe('paid once the domain is registered; refused: money that arrived was credited back as gems'),
    payment_method: z.string(),
    expires_at: z.string().nullable(),
    domain_id: z.number().int().nullable(),
    domain_status: z.string().nullable().describe('The registered domain’s status (active, grace, expired)'),
    tx_hash: z.string().nullable().describe('The transaction that paid, when paid on chain'),
    settlement: z
      .object({
        relay_session_id: z.string(),
        status: z
          .string()
          .describe(
            "The relay's receipt status: awaiting_payment, prepared, broadcast, confirmed, failed, expired_unpaid; unknown when the relay cannot be asked",
          ),
        tx_hash: z.string().nullable(),
      })
      .nullable()
      .describe('USDC route only: where the checkout relay’s settlement stands'),
    registration: z
      .object({
        domain_id: z.number().int(),
        order_id: z.number().int(),
        owner_id: z.string(),
        expiry_date: z.string(),
        payment_reference: z.string(),
      })
      .nullable(),
  }),
  {
    status: 'success',
    order_id: EXAMPLE.sessionId,
    domain: EXAMPLE.name,
    state: 'registered',
    order_status: 'paid',
    payment_method: 'mpp',
    expires_at: '2026-11-23T09:16:00.000Z',
    domain_id: 118,
    domain_status: 'active',
    tx_hash: EXAMPLE.txHash,
    settlement: {
      relay_session_id: '5e1c7a92-8b4d-4f06-9c3e-2a7d1b6f0e84',
      status: 'confirmed',
      tx_hash: EXAMPLE.txHash,
    },
    registration: {
      domain_id: 118,
      order_id: 42,
      owner_id: EXAMPLE.accountId,
      expiry_date: EXAMPLE.expiry,
      payment_reference: EXAMPLE.txHash,
    },
  },
);

/** The hosted checkout's signed callback. */
export const checkoutCallbackBody = z.object({
  order_id: z.string().max(64),
  domain: z.string().max(300),
  status: z.literal('paid'),
  reference: z.string().min(1).max(128),
});

/** One checkout waiting for its payment (GET /api/v1/checkouts). */
export const openCheckoutItem = z.object({
  order_id: z.string().describe('The checkout: its session id, or the hosted checkout’s order id'),
  domain: z.string(),
  operation: z.string().describe('`registration`, `renewal` or `purchase`'),
  payment_method: z.string(),
  actor_account_id: z.string().describe('Who started it: you, or an agent you claimed'),
  created_at: z.string(),
  expires_at: z.string().describe('When the hold lapses unpaid'),
  pay_url: z
    .string()
    .nullable()
    .describe('Where a person pays it (a hosted checkout); null: the agent pays it with a machine payment'),
  status_url: z
    .string()
    .nullable()
    .describe('A registration’s order status (GET /api/agent/register-status/{order_id})'),
  cancellable: z
    .boolean()
    .describe(
      'A registration or renewal checkout: `POST /api/v1/domains/{domain_name}/reset-lock` ends it (a registration also frees the name)',
    ),
});

export const openCheckoutsResponse = z.object({
  status: z.literal('success'),
  data: z.array(openCheckoutItem),
  limit: z.number().int(),
  offset: z.number().int(),
  total: z.number().int(),
});
