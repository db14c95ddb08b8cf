import { z } from 'zod';
import { example, EXAMPLE, EXAMPLE_ORDER } from '../../schemas/examples.ts';
import { paidOrder, receiptField } from '../domains/register.schemas.ts';

export const onchainIdentityBody = example(
  z.object({
    payment_method: z
      .enum(['mpp', 'gems'])
      .optional()
      .describe('Default mpp (a 402 challenge, as registration’s); gems takes the price from your balance at once'),
    receipt: receiptField,
  }),
  { payment_method: 'gems' },
);

export const onchainIdentityResponse = example(
  z.object({
    status: z.literal('success'),
    message: z.string(),
    session_id: z.string(),
    domain: z.object({ name: z.string() }),
    erc8004: z.object({
      agent_id: z.number().int().nullable().describe('The ERC-721 token id the identity registry minted'),
      agent_registry: z.string().describe('eip155:<chain id>:<identity registry address>'),
      agent_uri: z.string().describe('The registration file the entry points at'),
      tx_hash: z.string().describe('The registration transaction'),
    }),
    order: paidOrder(z.enum(['mpp', 'gems'])),
  }),
  {
    status: 'success',
    message:
      'scout.agent is agent 7 in the ERC-8004 identity registry eip155:8453:0x8004A169FB4a3325136EB29fA0ceB6D2e539a432.',
    session_id: EXAMPLE.sessionId,
    domain: { name: EXAMPLE.name },
    erc8004: {
      agent_id: 7,
      agent_registry: 'eip155:8453:0x8004A169FB4a3325136EB29fA0ceB6D2e539a432',
      agent_uri: 'https://registry.example/agents/scout.agent/registration.json',
      tx_hash: '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060',
    },
    order: {
      ...EXAMPLE_ORDER,
      payment_method: 'gems',
      amount: null,
      currency: 'gems',
      payment_reference: 'ledger:412',
    },
  },
);
