import { defineEntity, p } from '@mikro-orm/core';
import { createdAt, timestamps } from './base.ts';
import { notifyMandateChange } from './public-change.ts';
import { approvalStatuses, mandateOperations, spendStatuses } from '../../domain/mandates.ts';

// Kept only for src/mandates/checkout-spend.ts, whose owner moves it to src/domain/mandates.ts (issue 39).

/**
 * A spend mandate (docs/mandates.md): what the person who manages an agent allows it to spend. One row
 * per agent account; every limit is optional and may be set in USD micro-dollars and/or whole gems
 * (a spend is valued in both, so either unit bounds every rail). Null lists allow everything. The row
 * is the per-agent lock: reservations take it `for update`, so concurrent spends are serialised.
 */
const SpendMandateSchema = defineEntity({
  name: 'SpendMandate',
  tableName: 'spend_mandate',
  triggers: [notifyMandateChange],
  properties: {
    accountId: p.uuid().primary(),
    perOperationUsdMicros: p.bigint().nullable(),
    perOperationGems: p.bigint().nullable(),
    dailyUsdMicros: p.bigint().nullable(),
    dailyGems: p.bigint().nullable(),
    monthlyUsdMicros: p.bigint().nullable(),
    monthlyGems: p.bigint().nullable(),
    approvalAboveUsdMicros: p.bigint().nullable(),
    approvalAboveGems: p.bigint().nullable(),
    allowedOperations: p.array().nullable(),
    allowedNamespaces: p.array().nullable(),
    /** The person who last set it. */
    updatedBy: p.uuid(),
    ...timestamps,
  },
});
export class SpendMandate extends SpendMandateSchema.class {}
SpendMandateSchema.setClass(SpendMandate);

/** Every change to a mandate: who, when, the mandate before and after (null: none). Never updated. */
const MandateChangeSchema = defineEntity({
  name: 'MandateChange',
  tableName: 'mandate_change',
  properties: {
    id: p.integer().primary().autoincrement(),
    accountId: p.uuid().index(),
    changedBy: p.uuid(),
    before: p.json<Record<string, unknown>>().nullable(),
    after: p.json<Record<string, unknown>>().nullable(),
    createdAt,
  },
});
export class MandateChange extends MandateChangeSchema.class {}
MandateChangeSchema.setClass(MandateChange);

/**
 * One spend counted against an agent's mandate, keyed by what it pays (`checkout:<session>`,
 * `offer:<id>`, `auto-renew:<domain>:<term>`): reserved when the checkout starts (or the gems move),
 * spent at activation, released when it ends unpaid, refused or expired. Reserved and spent rows count
 * against the budgets from `created_at`.
 */
const MandateSpendSchema = defineEntity({
  name: 'MandateSpend',
  tableName: 'mandate_spend',
  properties: {
    key: p.string().primary().length(160),
    accountId: p.uuid(),
    operation: p.enum([...mandateOperations]),
    name: p.string().length(253),
    usdMicros: p.bigint(),
    gems: p.bigint(),
    status: p.enum([...spendStatuses]),
    settledAt: p.datetime().columnType('timestamptz').nullable(),
    createdAt,
  },
  indexes: [{ name: 'mandate_spend_account_created_index', properties: ['accountId', 'createdAt'] }],
});
export class MandateSpend extends MandateSpendSchema.class {}
MandateSpendSchema.setClass(MandateSpend);

/**
 * A purchase above the mandate's approval threshold waiting for the person (docs/mandates.md
 * "Approvals"): the checkout run `workflowId` waits in `awaiting_approval` until `expiresAt`. The row is
 * where the decision is taken (`pending` → `approved` / `refused` once, or `expired` by the run at its
 * deadline); the run is signalled after.
 */
const MandateApprovalSchema = defineEntity({
  name: 'MandateApproval',
  tableName: 'mandate_approval',
  properties: {
    id: p.uuid().primary(),
    /** The agent that asked (the checkout's actor). */
    accountId: p.uuid(),
    operation: p.enum([...mandateOperations]),
    name: p.string().length(253),
    sessionId: p.string().length(64).unique('mandate_approval_session_unique'),
    workflowId: p.string().length(300),
    method: p.string().length(40),
    usdMicros: p.bigint(),
    gems: p.bigint(),
    status: p.enum([...approvalStatuses]),
    requestedAt: p.datetime().columnType('timestamptz'),
    expiresAt: p.datetime().columnType('timestamptz'),
    decidedAt: p.datetime().columnType('timestamptz').nullable(),
    decidedBy: p.uuid().nullable(),
  },
  indexes: [{ name: 'mandate_approval_account_requested_index', properties: ['accountId', 'requestedAt'] }],
});
export class MandateApproval extends MandateApprovalSchema.class {}
MandateApprovalSchema.setClass(MandateApproval);

export { SpendMandateSchema, MandateChangeSchema, MandateSpendSchema, MandateApprovalSchema };
