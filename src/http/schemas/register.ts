import { z } from 'zod';
import { openStages } from '../../../workflows/checkout-messages.ts';
import { doneOutcomes, notDoneOutcomes } from '../../domain/checkout-outcomes.ts';
import { example, EXAMPLE } from './examples.ts';

/** A payment receipt in a body, for a paid retry: the same forms as `Authorization: Payment`. */
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
    order: z.object({
      order_id: z.number().int(),
      payment_method: z.string(),
      amount_gems: z.number().int(),
      amount: z.string().nullable(),
      currency: z.string(),
      payment_reference: z.string(),
    }),
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
    order: {
      order_id: 42,
      payment_method: 'mpp',
      amount_gems: 1500,
      amount: '15.00',
      currency: 'pathUSD',
      payment_reference: EXAMPLE.txHash,
    },
    warnings: [],
  },
);

export const paymentRequiredResponse = example(
  z.object({
    status: z.literal('payment_required'),
    protocol: z.literal('mpp'),
    amount: z.number(),
    amount_minor: z.string(),
    currency: z.string(),
    session_id: z.string(),
    pay_url: z.string(),
    expires_at: z.string(),
    challenge: z.object({
      token: z.string(),
      pay_to: z.string(),
      chain_id: z.number().int(),
      memo: z
        .string()
        .describe(
          'The memo a payer paying by hand writes: the attribution memo mppx’s Tempo client would write for this challenge',
        ),
      decimals: z.number().int(),
      call: z.string().describe('The token function that pays by hand: transferWithMemo(pay_to, amount_minor, memo)'),
      rpc_url: z.string().nullable().describe('A public RPC of the chain, when the operator publishes one'),
    }),
    message: z.string(),
    warnings: z.array(z.string()),
  }),
  {
    status: 'payment_required',
    protocol: 'mpp',
    amount: 15,
    amount_minor: '15000000',
    currency: 'pathUSD',
    session_id: EXAMPLE.sessionId,
    pay_url: `ethereum:${EXAMPLE.token}@4217/transferWithMemo?address=${EXAMPLE.payTo}&uint256=15000000&bytes32=${EXAMPLE.memo}`,
    expires_at: '2026-11-23T09:15:00.000Z',
    challenge: {
      token: EXAMPLE.token,
      pay_to: EXAMPLE.payTo,
      chain_id: 4217,
      memo: EXAMPLE.memo,
      decimals: 6,
      call: 'transferWithMemo(address,uint256,bytes32)',
      rpc_url: 'http://127.0.0.1:8545',
    },
    message: 'Pay once before expires_at, then re-send this request with the transaction hash.',
    warnings: [],
  },
);

/** Spec 4.3's 402 on the USDC route (spec 4.6): the relay session, its flat challenge and what it is bound to. */
export const usdcPaymentRequiredResponse = example(
  z.object({
    status: z.literal('payment_required'),
    protocol: z.literal('x402'),
    session_id: z.string().describe('The registry checkout (register-status/{session_id})'),
    session_token: z
      .string()
      .nullable()
      .describe('Single-use token for settle_url and receipt_url (X-Checkout-Session-Token); shown once'),
    settle_url: z.string(),
    receipt_url: z.string(),
    expires_at: z.string(),
    payment_challenges: z.object({
      scheme: z.literal('exact'),
      network: z.string().describe('CAIP-2: eip155:8453'),
      asset: z.string().describe('The USDC contract'),
      payTo: z.string(),
      amount: z.string().describe('USDC minor units (6 decimals); equals quote.amount_minor'),
      maxTimeoutSeconds: z.number().int(),
      extra: z.object({
        assetTransferMethod: z.literal('eip3009'),
        name: z.string().describe('EIP-712 domain name of the token; copy it exactly'),
        version: z.string(),
      }),
    }),
    request: z.object({
      method: z.literal('POST'),
      url: z.string(),
      payment_method: z.literal('mpp'),
      mpp_network: z.literal('base-mainnet'),
    }),
    domain: z.object({ name: z.string(), namespace: z.string(), years: z.number().int() }),
    quote: z.object({
      currency: z.literal('USDC'),
      amount: z.string(),
      amount_minor: z.string(),
      decimals: z.number().int(),
      mpp_network: z.literal('base'),
      chain_id: z.number().int(),
    }),
    status_url: z.string(),
    reconcile_url: z.string(),
    message: z.string(),
    warnings: z.array(z.string()),
  }),
  {
    status: 'payment_required',
    protocol: 'x402',
    session_id: EXAMPLE.sessionId,
    session_token: 'cst_q0vN3m2x9Yb7Lr1sT4uW6zA8cE5gH2jK',
    settle_url: 'https://checkout.example/v1/sessions/5e1c7a92-8b4d-4f06-9c3e-2a7d1b6f0e84/settle',
    receipt_url: 'https://checkout.example/v1/sessions/5e1c7a92-8b4d-4f06-9c3e-2a7d1b6f0e84/receipt',
    expires_at: '2026-11-23T09:15:00.000Z',
    payment_challenges: {
      scheme: 'exact',
      network: 'eip155:8453',
      asset: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
      payTo: EXAMPLE.payTo,
      amount: '15000000',
      maxTimeoutSeconds: 300,
      extra: { assetTransferMethod: 'eip3009', name: 'USD Coin', version: '2' },
    },
    request: {
      method: 'POST',
      url: 'https://registry.example/api/v1/domains/register',
      payment_method: 'mpp',
      mpp_network: 'base-mainnet',
    },
    domain: { name: EXAMPLE.name, namespace: 'agent', years: 1 },
    quote: {
      currency: 'USDC',
      amount: '15.00',
      amount_minor: '15000000',
      decimals: 6,
      mpp_network: 'base',
      chain_id: 8453,
    },
    status_url: `https://registry.example/api/agent/register-status/${EXAMPLE.sessionId}`,
    reconcile_url: `https://registry.example/api/agent/register-status/${EXAMPLE.sessionId}/reconcile`,
    message: 'Check every term, sign an EIP-3009 authorization locally, settle once, poll the receipt, reconcile.',
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
