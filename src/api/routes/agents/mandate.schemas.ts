import { z } from 'zod';
import { mandateOperations } from '../../../domain/mandates.ts';
import { errorBodySchema } from '../../../domain/error-body.ts';
import { MAX_GEMS } from '../../../domain/market.ts';
import { EXAMPLE, example, examplePage } from '../../schemas/examples.ts';

const amountBody = z
  .object({
    usd: z
      .string()
      .regex(/^\d{1,9}(\.\d{1,2})?$/, 'a USD amount with at most two decimals, e.g. 25.00')
      .nullable()
      .optional()
      .describe('In USD (cents at most); absent or null: not limited in USD'),
    gems: z
      .number()
      .int()
      .min(0)
      .max(MAX_GEMS)
      .nullable()
      .optional()
      .describe('In whole gems; absent or null: not limited in gems'),
  })
  .strict()
  .describe('A limit in USD and/or gems; every spend is valued in both at the fixed gem rate, and both must hold');

const amountView = z.object({ usd: z.string().nullable(), gems: z.number().int().nullable() });

export const mandateBody = example(
  z
    .object({
      per_operation: amountBody.optional().describe('The most one registration, renewal, purchase or offer may cost'),
      per_day: amountBody.optional().describe('The most spent in any rolling 24 hours'),
      per_30_days: amountBody.optional().describe('The most spent in any rolling 30 days'),
      approval_above: amountBody
        .optional()
        .describe(
          'Above this a purchase needs your approval (it waits for your approval: docs/mandates.md "Approvals")',
        ),
      allowed_operations: z
        .array(z.enum(mandateOperations))
        .nullable()
        .optional()
        .describe('What the agent may pay for; absent or null: every operation'),
      allowed_namespaces: z
        .array(z.string().min(1).max(63))
        .max(100)
        .nullable()
        .optional()
        .describe(
          'Where the agent may pay (the namespace of the name, as the catalog spells it: `agent`); absent or null: every namespace. One that does not exist: 400 `unknown_namespace`',
        ),
    })
    .strict(),
  {
    per_operation: { usd: '25.00' },
    per_day: { usd: '50.00', gems: 5000 },
    per_30_days: { usd: '200.00' },
    allowed_operations: ['register', 'renew'],
    allowed_namespaces: ['agent'],
  },
);

const remainingView = amountView.extend({
  refills_at: z
    .string()
    .nullable()
    .describe('When the oldest spend counted in this window rolls off (null: nothing counted)'),
});

export const mandateView = z
  .object({
    agent_id: z.string(),
    per_operation: amountView,
    per_day: amountView,
    per_30_days: amountView,
    approval_above: amountView,
    allowed_operations: z.array(z.enum(mandateOperations)).nullable(),
    allowed_namespaces: z.array(z.string()).nullable(),
    updated_by: z.string().describe('The person who last set it'),
    updated_at: z.string(),
    remaining: z
      .object({ per_day: remainingView, per_30_days: remainingView })
      .describe('What is left of each rolling budget now (null in a unit the budget does not limit)'),
  })
  // A component of its own (`SpendMandate`): the mandate routes and GET /agents/me answer the same object.
  .meta({ id: 'SpendMandate' });

const limitsExample = {
  agent_id: EXAMPLE.accountId,
  per_operation: { usd: '25.00', gems: null },
  per_day: { usd: '50.00', gems: 5000 },
  per_30_days: { usd: '200.00', gems: null },
  approval_above: { usd: null, gems: null },
  allowed_operations: ['register', 'renew'] as ('register' | 'renew')[],
  allowed_namespaces: ['agent'],
  updated_by: '3f0c9a1e-2b4d-4c6e-8f1a-5d7b9c3e1f20',
  updated_at: EXAMPLE.at,
};

export const mandateResponse = example(z.object({ status: z.literal('success'), mandate: mandateView }), {
  status: 'success',
  mandate: {
    ...limitsExample,
    remaining: {
      per_day: { usd: '35.00', gems: 3500, refills_at: '2026-11-24T08:12:00.000Z' },
      per_30_days: { usd: '185.00', gems: null, refills_at: '2026-12-23T08:12:00.000Z' },
    },
  },
});

export const mandateDeletedResponse = z.object({ status: z.literal('success'), message: z.string() });

const limitsRecord = z.record(z.string(), z.unknown()).nullable();
export const mandateHistoryResponse = examplePage(
  z.object({
    status: z.literal('success'),
    data: z.array(
      z.object({
        changed_by: z.string(),
        changed_at: z.string(),
        before: limitsRecord.describe('The mandate before (null: there was none)'),
        after: limitsRecord.describe('The mandate after (null: removed)'),
      }),
    ),
    limit: z.number().int(),
    offset: z.number().int(),
    total: z.number().int(),
  }),
  [{ changed_by: limitsExample.updated_by, changed_at: EXAMPLE.at, before: null, after: limitsExample }],
);

export const agentParams = z.object({ agent_id: z.string().uuid() });

/**
 * A purchase above the mandate's approval threshold (register, renew, buy-secondary): it waits for the
 * person who manages the agent; nothing is charged meanwhile (docs/mandates.md "Approvals").
 */
export const approvalRequiredResponse = z.object({
  status: z.literal('approval_required'),
  approval_id: z.string(),
  status_url: z.string().describe('GET it with the same key: pending, approved, refused or expired'),
  expires_at: z.string(),
  message: z.string(),
});

const budgetAmount = z
  .union([z.string(), z.number().int()])
  .describe('In the limit’s unit: USD as a decimal string ("5.00"), gems as a whole number');
const credited = z
  .object({ account_id: z.string(), gems: z.number().int() })
  .optional()
  .describe('Only when money had already arrived (a purchase judged at activation): where it was credited back');

/**
 * The 403 of every paid operation when the caller's spend mandate refuses the purchase
 * (docs/mandates.md "What the agent sees"), answered before any challenge is issued and before any gems
 * move. One component (`MandateRefusal`), shared by every paid route's 403 (`paidOperationForbidden`).
 */
export const mandateRefusalBody = z
  .object({
    status: z.literal('error'),
    code: z
      .enum(['mandate_exceeded', 'mandate_forbids'])
      .describe(
        '`mandate_exceeded`: above a limit (`details.limit`); `mandate_forbids`: an operation, namespace or route the mandate does not allow (`details.rule`)',
      ),
    message: z.string(),
    details: z.union([
      z
        .object({
          limit: z.enum(['per_operation', 'per_day', 'per_30_days']),
          unit: z.enum(['usd', 'gems']),
          max: budgetAmount,
          remaining: budgetAmount.describe('What is left of that limit now'),
          refills_at: z
            .string()
            .nullable()
            .describe('When enough has rolled off for this purchase to fit; null: it never fits'),
          credited,
        })
        .loose()
        .describe('mandate_exceeded'),
      z
        .object({
          rule: z
            .enum(['operation', 'namespace', 'approval_required_on_usdc_route'])
            .describe(
              '`approval_required_on_usdc_route`: above the approval threshold on the USDC route, which cannot wait (pay with gems or on the default route)',
            ),
          value: z.string().describe('The operation, namespace or network asked for'),
          allowed: z.array(z.string()),
          credited,
        })
        .loose()
        .describe('mandate_forbids'),
    ]),
  })
  .describe('A refusal by the spend mandate the person who manages the agent set')
  .meta({ id: 'MandateRefusal' });

/** What the 403 of a paid operation says: a mandate's refusal, or the credential checks' (`Error`). */
export const paidOperationForbidden = mandateRefusalBody
  .or(errorBodySchema)
  .describe(
    'Refused by your spend mandate (`MandateRefusal`: `mandate_exceeded` with `details.limit`, `unit`, `max`, `remaining`, `refills_at`; `mandate_forbids` with `details.rule`, `value`, `allowed`), before any challenge or gems move; or the credential is not accepted here (`credential_not_accepted`, `route_not_allowed`) or may not do this (`forbidden`)',
  );
