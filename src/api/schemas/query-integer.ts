import { z } from 'zod';

const DIGITS = /^\d+$/;

/**
 * An integer query parameter: decimal digits only, then `schema` (a coerced number with its bounds and
 * default). z.coerce.number alone reads an empty value (`?offset=`) or blanks as 0 and `1e2` as 100:
 * values the document's `integer` does not allow, silently taken (Schemathesis found `offset=` answered
 * as offset 0). An absent parameter still takes the default.
 */
export const queryInteger = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && !DIGITS.test(v) ? Number.NaN : v), schema);
