import { AsyncLocalStorage } from 'node:async_hooks';
import type { AuditedChange } from '../domain/audited-change.ts';
import { nameUuid } from '../domain/name-uuid.ts';

/**
 * Who is changing something, and through which operation (docs/teams.md "Audit trail"): set for each
 * mutating request by the API (src/http/pipeline/audit-step.ts) and for each operation an adapter calls in-process
 * (MCP, batch, the dashboard's forms). The audit subscriber writes it as the request's one audit event in the
 * first transaction the request commits, so the event and the change commit together or not at all.
 */
export interface AuditContext extends AuditedChange {
  /** One event per request: the event's unique key. */
  requestId: string;
  /** In a team: the member acting for it (the actor is the team); null otherwise. Absent in runs started before teams. */
  memberAccountId?: string | null;
  /** Set once the event is written (src/db/audit-subscriber.ts). */
  written?: boolean;
}

const store = new AsyncLocalStorage<AuditContext>();

export const auditContext = {
  /** Runs `fn` as the operation `ctx` describes. */
  run: <T>(ctx: AuditContext, fn: () => T): T => store.run(ctx, fn),
  current: (): AuditContext | undefined => store.getStore(),
  /**
   * Notes what a change replaced and what it wrote (docs/teams.md "Audit trail"), for the event its
   * transaction commits; outside an operation it does nothing.
   */
  change: (before: Record<string, unknown>, after: Record<string, unknown>): void => {
    const ctx = store.getStore();
    if (!ctx) return;
    const d = ctx.details as { before?: Record<string, unknown>; after?: Record<string, unknown> };
    d.before = { ...d.before, ...before };
    d.after = { ...d.after, ...after };
  },
  /**
   * Gives the operation's event a key of its own (`offer-pay:<id>`) instead of the request's: an operation whose
   * event is written after it answers, and whose paid retry answers again, then records it once.
   */
  keyed: (key: string): void => {
    const ctx = store.getStore();
    if (ctx) ctx.requestId = nameUuid(`audit:${key}`);
  },
  /** Names the actor of an operation that learns it on the way (signing out, revoking a presented key). */
  identify: (accountId: string): void => {
    const ctx = store.getStore();
    if (ctx && !ctx.actorAccountId) ctx.actorAccountId = accountId;
  },
  /**
   * Names the object of an operation that learns it on the way (the team an invitation let someone into), so
   * the event shows in that object's trail too.
   */
  about: (object: string): void => {
    const ctx = store.getStore();
    if (ctx) ctx.object = object;
  },
  /** Runs `fn` outside any operation: bookkeeping of the request itself (its idempotency key) is not a change. */
  outside: <T>(fn: () => T): T => store.exit(fn),
};
