import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ApprovalRecord, ApprovalStatus } from '../domain/mandates.ts';
import { MandateApproval } from './entities/index.ts';

const recordOf = (a: MandateApproval): ApprovalRecord => ({
  id: a.id,
  accountId: a.accountId,
  operation: a.operation,
  name: a.name,
  sessionId: a.sessionId,
  workflowId: a.workflowId,
  method: a.method,
  usdMicros: BigInt(a.usdMicros),
  gems: BigInt(a.gems),
  status: a.status,
  requestedAt: a.requestedAt,
  expiresAt: a.expiresAt,
  decidedAt: a.decidedAt ?? null,
  decidedBy: a.decidedBy ?? null,
});

// Approvals above a mandate's threshold (docs/mandates.md "Approvals"). The row is where the decision is
// taken, once: `lock` holds it `for update` until the caller's transaction ends, and `decide` changes only
// a row that transaction holds.
export function approvalRepository(em: EntityManager) {
  return {
    /** A new pending approval, written with the caller's transaction. */
    request(a: Omit<ApprovalRecord, 'status' | 'decidedAt' | 'decidedBy'>): void {
      em.create(MandateApproval, { ...a, status: 'pending', decidedAt: null, decidedBy: null });
    },

    async find(id: string): Promise<ApprovalRecord | null> {
      const a = await em.findOne(MandateApproval, { id });
      return a && recordOf(a);
    },

    /** The approval, its row locked until the transaction ends; null: none. */
    async lock(id: string): Promise<ApprovalRecord | null> {
      const a = await em.findOne(MandateApproval, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      return a && recordOf(a);
    },

    /** Takes the decision on an approval locked in this transaction; answers the row as it now stands. */
    async decide(
      id: string,
      decision: { status: Exclude<ApprovalStatus, 'pending'>; decidedAt: Date; decidedBy?: string },
    ): Promise<ApprovalRecord> {
      const a = await em.findOneOrFail(MandateApproval, { id });
      Object.assign(a, decision);
      await em.flush();
      return recordOf(a);
    },

    /** The newest approvals asked by these accounts (of one status, if given). */
    async listFor(accountIds: string[], q: { status?: ApprovalStatus | undefined; limit: number }) {
      const rows = await em.find(
        MandateApproval,
        { accountId: { $in: accountIds }, ...(q.status ? { status: q.status } : {}) },
        { orderBy: { requestedAt: 'desc' }, limit: q.limit },
      );
      return rows.map(recordOf);
    },
  };
}
