import { z } from 'zod';
import { errorBodySchema } from '../schemas/common.ts';
import { example } from '../schemas/examples.ts';

const affiliateId = z
  .string()
  .trim()
  .max(128)
  .optional()
  .describe('The referrer (an account id or a person’s username at the identity provider); earns 5% of the sale');

export const checkoutParams = z.object({
  domain: z.string().max(300).describe('The full name, e.g. "scout.agent"'),
});

export const checkoutQuery = z.object({ affiliate_id: affiliateId });

export const checkoutForm = example(
  z.object({
    csrf_token: z.string().max(128).optional().describe('The form token the checkout page carries'),
    affiliate_id: affiliateId,
  }),
  { csrf_token: 'q3Jx0b8v2kQe1XU4cJm9yW7tS5nR6pL0hG2fD8aZ1kE', affiliate_id: 'alice' },
);

export const htmlPage = z.string().describe('text/html');

/**
 * The refusals of the checkout routes: an HTML page to a browser (`Accept: text/html`), else the
 * API's error body. The document shows the JSON body; the page carries the same code and message.
 */
export const checkoutErrors = {
  400: errorBodySchema,
  401: errorBodySchema,
  402: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  413: errorBodySchema,
  415: errorBodySchema,
  429: errorBodySchema,
  500: errorBodySchema,
  503: errorBodySchema,
};
