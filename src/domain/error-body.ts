import { z } from 'zod';

/**
 * How an AppError (errors.ts) reads on the wire: the one body of every refusal and failure. Declared
 * beside the vocabulary, not in src/http, so that anything rendering a refusal itself (the browser sign-in
 * in src/auth) uses the very same schema, and the OpenAPI document names it once, as `Error`.
 */
export const errorBodySchema = z
  .object({
    status: z.literal('error'),
    code: z.string(),
    message: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
    // Spec 7 puts the floor of an `offer_below_minimum` refusal beside `code`; no other error has these.
    minimum: z.number().optional().describe('offer_below_minimum only: the seller’s floor'),
    currency: z.string().optional().describe('offer_below_minimum only: the floor’s currency (gems or pathusd)'),
  })
  .describe('Error')
  .meta({ id: 'Error' });

export type ErrorBody = z.infer<typeof errorBodySchema>;
