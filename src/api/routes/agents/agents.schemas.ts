import { mandateView } from './mandate.schemas.ts';
import { isAddress } from 'viem';
import { z } from 'zod';
import { example } from '../../schemas/examples.ts';

export const provisionBody = z.object({ display_name: z.string().trim().min(1).max(80).optional() }).strict();

export const provisionResponse = z.object({
  status: z.literal('success'),
  account_id: z.string(),
  assurance: z.literal('anonymous'),
  api_key: z.string().describe('Shown once. Send it as X-API-Key.'),
  key_id: z.string(),
  key_class: z.literal('agent'),
  claim_code: z.string().describe('Single use. Give it to the operator who will claim this identity.'),
  message: z.string(),
});

export const claimBody = example(z.object({ claim_code: z.string().trim().min(1).max(100) }).strict(), {
  claim_code: 'clm_4f9a2b7c1d8e3f6a',
});

export const identityView = z.object({
  account_id: z.string(),
  kind: z.enum(['human', 'agent']),
  assurance: z.enum(['anonymous', 'claimed']).nullable(),
  operator_linked: z.boolean(),
  created_at: z.string(),
});

export const claimResponse = z.object({ status: z.literal('success'), message: z.string(), agent: identityView });

export const meResponse = z.object({
  status: z.literal('success'),
  account: identityView.extend({
    display_name: z.string().nullable(),
    is_reseller: z.boolean(),
    wallet_address: z.string().nullable(),
    payout_address: z
      .string()
      .nullable()
      .describe('Where pathUSD sale proceeds are paid on chain (lowercase); null: they are held as a balance'),
  }),
  credential: z.object({ class: z.enum(['agent_key', 'live_key', 'bearer', 'session']) }),
  mandate: mandateView
    .nullable()
    .describe(
      'Your spend mandate (docs/mandates.md), with what remains of your rolling budgets and when they refill; null: nothing you spend is limited',
    ),
  notice: z.string(),
});

/** The account part of `me`, as the read cache keeps it. */
export type AccountView = z.infer<typeof meResponse>['account'];

declare module '../../../http/public-cache.ts' {
  interface CacheKinds {
    /** Under `account:<id>`: the account as `GET /api/v1/agents/me` shows it. */
    account: AccountView;
  }
}

const ZERO_ADDRESS = `0x${'0'.repeat(40)}`;
/** EIP-55: an address in mixed case carries a checksum, and a wrong one is a typo; one case carries none. */
const checksumOk = (v: string) => {
  const hex = v.slice(2);
  return hex === hex.toLowerCase() || hex === hex.toUpperCase() || isAddress(v, { strict: true });
};

export const payoutAddressBody = example(
  z
    .object({
      address: z
        .string()
        .trim()
        .regex(/^0x[0-9a-fA-F]{40}$/, 'must be an EVM address: 0x and 40 hex digits')
        .refine(checksumOk, 'the mixed-case address fails its EIP-55 checksum (a typo?)')
        .toLowerCase()
        .refine((v) => v !== ZERO_ADDRESS, 'the zero address would burn the proceeds')
        .nullable()
        .describe('The address to pay your pathUSD sale proceeds to; null clears it'),
    })
    .strict(),
  { address: '0x8ba1f109551bd432803012645ac136ddd64dba72' },
);

export const payoutAddressResponse = example(
  z.object({ status: z.literal('success'), payout_address: z.string().nullable() }),
  { status: 'success', payout_address: '0x8ba1f109551bd432803012645ac136ddd64dba72' },
);

export const keyView = z.object({
  key_id: z.string(),
  key_class: z.enum(['agent', 'live']),
  prefix: z.string(),
  name: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});

export const createKeyBody = example(
  z.object({ key_class: z.enum(['agent', 'live']), name: z.string().trim().min(1).max(80).optional() }).strict(),
  { key_class: 'live', name: 'ci' },
);
export const createKeyResponse = z.object({
  status: z.literal('success'),
  api_key: z
    .string()
    .nullable()
    .describe(
      'The secret, shown once. null in a replay of the same Idempotency-Key (header Idempotent-Replayed: true): the key was created by the first request and its secret is stored nowhere; if that answer was lost, revoke the key and create another.',
    ),
  key: keyView,
});
export const listKeysResponse = z.object({ status: z.literal('success'), data: z.array(keyView) });
export const keyIdParams = z.object({ key_id: z.string().max(64) });
export const revokeKeyResponse = z.object({ status: z.literal('success'), message: z.string(), key: keyView });

export const revokeBody = example(
  z.object({
    // No length limits beyond the body limit: whatever is sent, the answer is the same 200 (RFC 7009 2.2).
    token: z.string().min(1),
    token_type_hint: z.string().optional(),
  }),
  { token: 'rk_agent_k1a2b3c4_secret', token_type_hint: 'access_token' },
);
export const revokeResponse = z.object({ status: z.literal('success') });

/** The caller's own gems balance (GET /api/v1/agents/me/balance). */
export const balanceResponse = example(
  z.object({ status: z.literal('success'), account_id: z.string(), gems_balance: z.number().int() }),
  { status: 'success', account_id: '5b1f7c8e-2d4a-4f6b-9c3e-8a7d6e5f4c3b', gems_balance: 4200 },
);

/** One agent the caller claimed: who it is, its keys (never their secrets) and how many domains it holds. */
export const claimedAgentView = z.object({
  account_id: z.string(),
  display_name: z.string().nullable(),
  assurance: z.enum(['anonymous', 'claimed']).nullable(),
  claimed_at: z.string().nullable(),
  created_at: z.string(),
  domain_count: z.number().int().describe('Domains it holds (GET /api/v1/domains?owner_id=… lists them)'),
  keys: z.array(keyView),
});

export const claimedAgentsResponse = z.object({
  status: z.literal('success'),
  data: z.array(claimedAgentView),
  limit: z.number().int(),
  offset: z.number().int(),
  total: z.number().int(),
});

export const agentKeyParams = z.object({ agent_id: z.string().uuid(), key_id: z.string().max(64) });
