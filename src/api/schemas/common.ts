import { z } from 'zod';
import { errorBodySchema } from '../../domain/error-body.ts';

export { errorBodySchema };

export const isoTimestamp = z.string().describe('ISO 8601 timestamp with milliseconds and Z');

/** A 304 to a conditional GET (etag.ts): no body. */
export const notModified = z.null().describe('Not modified: the If-None-Match tag is current; no body');

/** Standard error responses a route may produce besides its own. */
export const clientErrors = {
  400: errorBodySchema,
  404: errorBodySchema,
  413: errorBodySchema,
  415: errorBodySchema,
  429: errorBodySchema,
  500: errorBodySchema,
};

/** A page of a list as every paged operation answers it: its rows, the window asked for, the total. */
export const paged = <R, T>(
  page: { rows: R[]; total: number },
  window: { limit: number; offset: number },
  view: (row: R) => T,
) => ({
  status: 'success' as const,
  data: page.rows.map(view),
  limit: window.limit,
  offset: window.offset,
  total: page.total,
});
