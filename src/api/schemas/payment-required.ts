import { z } from 'zod';
import { example, EXAMPLE } from './examples.ts';
import { clientErrors, errorBodySchema } from './common.ts';
import { approvalRequiredResponse, paidOperationForbidden } from '../routes/agents/mandate.schemas.ts';

// The 402 of a paid operation: the default route's MPP challenge (spec 4.3) and the USDC route's relay
// session (spec 4.6).

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

/**
 * What a paid operation answers (renew, buy-secondary, paying an accepted offer): `ok` when done, 202 while
 * the person's approval is awaited, the 402 challenge or refused receipt, a mandate's 403, 409 and 503.
 */
export const paidResponses = <T extends z.ZodType>(ok: T) => ({
  200: ok,
  202: approvalRequiredResponse,
  402: paymentRequiredResponse.or(errorBodySchema),
  403: paidOperationForbidden,
  409: errorBodySchema,
  503: errorBodySchema,
  ...clientErrors,
});
