import { z } from 'zod';
import { autoRenewBody } from './domain/auto-renew.schemas.ts';
import { recordsBody } from './domain/dns.schemas.ts';
import { example, EXAMPLE } from '../schemas/examples.ts';
import { listingBody } from './domains/listings.schemas.ts';

/** The most operations one batch carries. */
export const BATCH_MAX = 50;

const domain = z.string().min(1).max(300).describe('Full name ("scout.agent")');
const idempotencyKey = z
  .string()
  .min(1)
  .max(255)
  .optional()
  .describe('The operation’s own Idempotency-Key (for renew and records; the others are idempotent by nature)');

/** One operation of the existing API, by name, with its route's own fields. */
export const batchItem = z.discriminatedUnion('op', [
  z.strictObject({
    op: z.literal('renew'),
    idempotency_key: idempotencyKey,
    domain,
    years: z.number().int().min(1).max(10),
    payment_method: z
      .enum(['gems', 'mpp'])
      .optional()
      .describe('gems only: a batch does not pay, so mpp (the route’s default) is refused with what to do'),
  }),
  z.strictObject({
    op: z.literal('set_auto_renew'),
    idempotency_key: idempotencyKey,
    domain,
    ...autoRenewBody.shape,
  }),
  z.strictObject({
    op: z.literal('patch_records'),
    idempotency_key: idempotencyKey,
    domain,
    ...recordsBody.shape,
  }),
  z.strictObject({ op: z.literal('lock'), idempotency_key: idempotencyKey, domain }),
  z.strictObject({
    op: z.literal('list_for_sale'),
    idempotency_key: idempotencyKey,
    domain,
    ...listingBody.shape,
  }),
]);
export type BatchItem = z.infer<typeof batchItem>;

export const batchBody = example(z.strictObject({ operations: z.array(batchItem).min(1).max(BATCH_MAX) }), {
  operations: [
    { op: 'renew', idempotency_key: 'renew-scout-2027', domain: EXAMPLE.name, years: 1, payment_method: 'gems' },
    { op: 'set_auto_renew', domain: EXAMPLE.name, enabled: true, max_gems: 2000 },
    { op: 'lock', domain: EXAMPLE.name },
  ],
});

export const batchResponse = example(
  z.object({
    status: z.literal('success'),
    results: z
      .array(
        z.object({
          index: z.number().int(),
          op: z.string(),
          status: z.number().int().describe('What the operation’s own route would have answered'),
          body: z.unknown().describe('Its own body: its 200, or its error'),
        }),
      )
      .describe('One per operation, in order; each stands alone (one refused leaves the others done)'),
  }),
  {
    status: 'success',
    results: [
      { index: 0, op: 'lock', status: 200, body: { status: 'success', domain: EXAMPLE.name, locked: true } },
      {
        index: 1,
        op: 'renew',
        status: 402,
        body: { status: 'error', code: 'batch_cannot_pay', message: 'A batch does not pay…' },
      },
    ],
  },
);
