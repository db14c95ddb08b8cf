import { z } from 'zod';
import { example, EXAMPLE } from '../../schemas/examples.ts';

export const transferBody = example(
  z
    .object({
      domain: z.string().min(1).max(300).describe('Full name, e.g. "scout.agent"'),
      to_account_id: z.uuid().describe('The account that will own the domain'),
      reason: z.string().trim().max(500).optional().describe('Free text kept in the ledger entry'),
    })
    .strict(),
  { domain: EXAMPLE.name, to_account_id: EXAMPLE.accountId, reason: 'handing over to the customer' },
);

export const transferResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  domain: z.object({ name: z.string(), owner_id: z.string() }),
  order_id: z.number().int().describe('The transfer entry in the activity ledger'),
});
