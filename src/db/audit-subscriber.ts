import type { EventSubscriber, TransactionEventArgs } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { auditContext, type AuditContext } from './audit-context.ts';

const INSERT = `insert into "audit_event" ("request_id", "actor_account_id", "member_account_id", "credential_kind", "credential_id", "ip", "action", "object", "details")
       values (?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict ("request_id") do nothing`;
const valuesOf = (ctx: AuditContext) => [
  ctx.requestId,
  ctx.actorAccountId,
  ctx.memberAccountId ?? null,
  ctx.credentialKind,
  ctx.credentialId,
  ctx.ip,
  ctx.action,
  ctx.object,
  JSON.stringify(ctx.details),
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
    await args.em.getConnection().execute(INSERT, valuesOf(ctx), 'run', args.transaction);
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
  await em.getConnection().execute(INSERT, valuesOf(ctx), 'run');
  ctx.written = true;
}
