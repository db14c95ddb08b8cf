import { z } from 'zod';

export const errorBodySchema = z
  .object({
    status: z.literal('error'),
    code: z.string(),
    message: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
  })
  .describe('Error')
  .meta({ id: 'Error' });

export const isoTimestamp = z.string().describe('ISO 8601 timestamp with milliseconds and Z');

/** Standard error responses a route may produce besides its own. */
export const clientErrors = {
  400: errorBodySchema,
  404: errorBodySchema,
  413: errorBodySchema,
  415: errorBodySchema,
  429: errorBodySchema,
  500: errorBodySchema,
};
