import type { EventSubscriber, TransactionEventArgs } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { auditContext, type AuditContext } from './audit-context.ts';

/** One audit row as written: an operation's context, and for a change the registry made itself, whose asset it was. */
export type AuditRow = Omit<AuditContext, 'written'> & { subjectAccountId?: string | null };

/** The one statement that writes an audit event; its request id makes a second write of the same event a no-op. */
export const INSERT_AUDIT_EVENT = `insert into "audit_event" ("request_id", "actor_account_id", "member_account_id", "credential_kind", "credential_id", "ip", "action", "object", "subject_account_id", "details")
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict ("request_id") do nothing`;
export const auditEventValues = (row: AuditRow) => [
  row.requestId,
  row.actorAccountId,
  row.memberAccountId ?? null,
  row.credentialKind,
  row.credentialId,
  row.ip,
  row.action,
  row.object,
  row.subjectAccountId ?? null,
  JSON.stringify(row.details),
];

/**
 * Writes a request's audit event in each transaction it commits (docs/teams.md "Audit trail"): the row is
 * inserted just before the commit, inside the transaction, so a refused change (rolled back) leaves none and
 * the event carries what the change noted on the way (its before and after); the request's id is unique,
 * so however many transactions it commits, it has one event.
 */
export class AuditSubscriber implements EventSubscriber {
  async beforeTransactionCommit(args: TransactionEventArgs): Promise<void> {
    const ctx = auditContext.current();
    if (!ctx || !args.transaction) return;
    await args.em.getConnection().execute(INSERT_AUDIT_EVENT, auditEventValues(ctx), 'run', args.transaction);
    ctx.written = true;
  }
}

/**
 * The event of an operation that answered success without committing a transaction of its own: its change
 * was a single statement, or a Temporal run's step the request asked for (an offer's decision, a checkout's
 * reset). Written once, right after the operation answered, before the answer leaves.
 */
export async function writeAuditEventIfMissing(em: EntityManager, ctx: AuditContext): Promise<void> {
  if (ctx.written) return;
  await em.getConnection().execute(INSERT_AUDIT_EVENT, auditEventValues(ctx), 'run');
  ctx.written = true;
}
