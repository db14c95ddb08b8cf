import { z } from 'zod';
import { LOCKED_STATUSES } from '../../../domain/registrar-lock.ts';
import { example, EXAMPLE } from '../../schemas/examples.ts';

export const lockStateResponse = example(
  z.object({
    status: z.literal('success'),
    domain: z.string(),
    locked: z.boolean(),
    lock: z
      .object({ locked_at: z.string(), locked_by: z.string().nullable() })
      .nullable()
      .describe('Set: the name refuses every move (423 name_locked)'),
    statuses: z.array(z.enum(LOCKED_STATUSES)).describe('RFC 8056 statuses, as RDAP shows them; [] unlocked'),
    unlock: z
      .object({
        id: z.string(),
        status: z.enum(['pending', 'approved']),
        requested_by: z.string(),
        requested_at: z.string(),
        effective_at: z.string().describe('When it takes effect without a second person’s approval'),
      })
      .nullable()
      .describe('The open request to lift the lock, if any'),
  }),
  {
    status: 'success',
    domain: EXAMPLE.name,
    locked: true,
    lock: { locked_at: EXAMPLE.at, locked_by: EXAMPLE.accountId },
    statuses: [...LOCKED_STATUSES],
    unlock: {
      id: '5f0c2b9e-2f7d-4a7e-9d61-0d2f1c9b7a11',
      status: 'pending',
      requested_by: EXAMPLE.accountId,
      requested_at: EXAMPLE.at,
      effective_at: EXAMPLE.expiry,
    },
  },
);
