// The words of spend mandates (docs/mandates.md): the operations a mandate may allow, and the states a
// counted spend and an approval go through. The tables (src/db/entities/mandate.ts) store exactly these.

/** What a mandate may allow: a registration, a renewal, a purchase of a listed name, an offer. */
export const mandateOperations = ['register', 'renew', 'buy', 'offer', 'identity'] as const;
export type MandateOperation = (typeof mandateOperations)[number];

/** A spend counted against a mandate: reserved at checkout, spent at activation, released when it ends unpaid. */
export const spendStatuses = ['reserved', 'spent', 'released'] as const;
export type SpendStatus = (typeof spendStatuses)[number];

/** An approval above a mandate's threshold: decided once by the person, or expired by the run at its deadline. */
export const approvalStatuses = ['pending', 'approved', 'refused', 'expired'] as const;
export type ApprovalStatus = (typeof approvalStatuses)[number];

/** A mandate as stored: each limit in USD micro-dollars and/or whole gems, null where it does not limit. */
export interface MandateRecord {
  accountId: string;
  perOperationUsdMicros: bigint | null;
  perOperationGems: bigint | null;
  dailyUsdMicros: bigint | null;
  dailyGems: bigint | null;
  monthlyUsdMicros: bigint | null;
  monthlyGems: bigint | null;
  approvalAboveUsdMicros: bigint | null;
  approvalAboveGems: bigint | null;
  /** Null: every operation. */
  allowedOperations: MandateOperation[] | null;
  /** Null: every namespace. */
  allowedNamespaces: string[] | null;
  /** The person who last set it. */
  updatedBy: string;
  updatedAt: Date;
}

/** What a person sets: every limit of a mandate (who set it and when are recorded beside it). */
export type MandateLimits = Omit<MandateRecord, 'accountId' | 'updatedBy' | 'updatedAt'>;

/** One entry of a mandate's history: who changed it, when, and the mandate before and after (null: none). */
export interface MandateChangeRecord {
  changedBy: string;
  changedAt: Date;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** A spend as a mandate counts it, keyed by what it pays (`checkout:<session>`, `offer:<id>`, …). */
export interface MandateSpendRow {
  key: string;
  accountId: string;
  operation: MandateOperation;
  /** The name it is for. */
  name: string;
  usdMicros: bigint;
  gems: bigint;
}

/** An approval as stored (docs/mandates.md "Approvals"). */
export interface ApprovalRecord {
  id: string;
  /** The agent that asked. */
  accountId: string;
  operation: MandateOperation;
  name: string;
  /** The checkout session (an offer's approval: the offer's id). */
  sessionId: string;
  /** The checkout run that waits for the decision. */
  workflowId: string;
  method: string;
  usdMicros: bigint;
  gems: bigint;
  status: ApprovalStatus;
  requestedAt: Date;
  expiresAt: Date;
  decidedAt: Date | null;
  decidedBy: string | null;
}
