import type { EventSubscriber, TransactionEventArgs } from '@mikro-orm/core';
import { auditContext } from './audit-context.ts';

/**
 * Writes a request's audit event in each transaction it opens (docs/teams.md "Audit trail"): the row is
 * inserted at the transaction's start and commits only with it, so a refused change (rolled back) leaves
 * none; the request's id is unique, so however many transactions it commits, it has one event.
 */
export class AuditSubscriber implements EventSubscriber {
  async afterTransactionStart(args: TransactionEventArgs): Promise<void> {
    const ctx = auditContext.current();
    if (!ctx || !args.transaction) return;
    await args.em.getConnection().execute(
      `insert into "audit_event" ("request_id", "actor_account_id", "member_account_id", "credential_kind", "credential_id", "ip", "action", "object", "details")
       values (?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict ("request_id") do nothing`,
      [
        ctx.requestId,
        ctx.actorAccountId,
        ctx.memberAccountId ?? null,
        ctx.credentialKind,
        ctx.credentialId,
        ctx.ip,
        ctx.action,
        ctx.object,
        JSON.stringify(ctx.details),
      ],
      'run',
      args.transaction,
    );
  }
}
