import { z } from 'zod';
import { example, EXAMPLE, EXAMPLE_ORDER } from '../schemas/examples.ts';
import { paidOrder, receiptField } from './domains/register.schemas.ts';

export const renewBody = example(
  z.object({
    domain: z.string().min(1).max(300).describe('Full name ("scout.agent")'),
    years: z.number().int().min(1).max(10),
    payment_method: z
      .enum(['mpp', 'gems'])
      .optional()
      .describe('Default mpp (anyone may pay); gems is the owner’s extension (X-API-Key or bearer)'),
    receipt: receiptField,
  }),
  { domain: EXAMPLE.name, years: 1, payment_method: 'mpp' },
);

export const renewedResponse = example(
  z.object({
    status: z.literal('success'),
    message: z.string(),
    session_id: z.string(),
    domain: z.object({ name: z.string(), previous_expiry_date: z.string(), new_expiry_date: z.string() }),
    order: paidOrder(z.enum(['mpp', 'gems'])),
  }),
  {
    status: 'success',
    message: 'scout.agent is renewed until 2028-11-23T10:00:00.000Z.',
    session_id: '5f0c2b9e-2f7d-4a7e-9d61-0d2f1c9b7a11',
    domain: {
      name: EXAMPLE.name,
      previous_expiry_date: '2027-11-23T10:00:00.000Z',
      new_expiry_date: '2028-11-23T10:00:00.000Z',
    },
    order: EXAMPLE_ORDER,
  },
);
