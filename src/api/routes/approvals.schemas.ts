import { z } from 'zod';
import { checkoutStages } from '../../../workflows/checkout-messages.ts';
import { approvalStatuses, mandateOperations } from '../../domain/mandates.ts';
import { EXAMPLE, example } from '../schemas/examples.ts';

// Approvals above a spend mandate's threshold (docs/mandates.md "Approvals").

export const approvalParams = z.object({
  approval_id: z.guid().describe('The approval id from the 202 `approval_required`'),
});

/** One approval, a component of its own (`Approval`): the read, the list and both decisions answer it. */
const approvalView = z
  .object({
    approval_id: z.guid(),
    agent_id: z.guid(),
    status: z.enum(approvalStatuses),
    operation: z.enum(mandateOperations),
    name: z.string(),
    payment_method: z.string(),
    amount: z.object({ usd: z.string(), gems: z.number().int() }),
    requested_at: z.string(),
    expires_at: z.string(),
    decided_at: z.string().nullable(),
    decided_by: z.guid().nullable(),
    checkout: z
      .object({ stage: z.enum(checkoutStages).nullable(), outcome: z.string().nullable() })
      .describe('Where the purchase behind it stands: the checkout run’s stage, or its outcome once it ended'),
    status_url: z.string(),
    message: z.string().describe('What happens next, for the agent'),
  })
  .meta({ id: 'Approval' });

const approvalExample = {
  approval_id: '5b8e2c1a-7d3f-4e9b-a6c2-1f0d8e7b3a45',
  agent_id: EXAMPLE.accountId,
  status: 'pending' as const,
  operation: 'register' as const,
  name: EXAMPLE.name,
  payment_method: 'gems',
  amount: { usd: '15.00', gems: 1500 },
  requested_at: EXAMPLE.at,
  expires_at: '2026-11-24T09:00:00.000Z',
  decided_at: null,
  decided_by: null,
  checkout: { stage: 'awaiting_approval' as const, outcome: null },
  status_url: '/api/v1/approvals/5b8e2c1a-7d3f-4e9b-a6c2-1f0d8e7b3a45',
  message: 'Waiting for the person who manages this agent.',
};
export const approvalResponse = example(z.object({ status: z.literal('success'), approval: approvalView }), {
  status: 'success',
  approval: approvalExample,
});
export const approvalListResponse = example(z.object({ status: z.literal('success'), data: z.array(approvalView) }), {
  status: 'success',
  data: [approvalExample],
});

export const approvalListQuery = z.object({
  status: z.enum(approvalStatuses).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
