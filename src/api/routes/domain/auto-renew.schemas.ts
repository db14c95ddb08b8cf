import { z } from 'zod';
import { example, EXAMPLE } from '../../schemas/examples.ts';

export const autoRenewBody = example(
  z.object({
    enabled: z.boolean(),
    max_gems: z.number().int().min(1).max(10_000_000).optional().describe('The most a one-year renewal may cost'),
  }),
  { enabled: true, max_gems: 2000 },
);

export const autoRenewResponse = example(
  z.object({
    status: z.literal('success'),
    domain: z.string(),
    auto_renew: z.object({ enabled: z.boolean(), max_gems: z.number().int().nullable() }),
  }),
  { status: 'success', domain: EXAMPLE.name, auto_renew: { enabled: true, max_gems: 2000 } },
);
