import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who is changing something, and through which operation (docs/teams.md "Audit trail"): set for each
 * mutating request by the API (src/http/plugins/audit.ts) and for each operation an adapter calls in-process
 * (MCP, batch, the dashboard's forms). The audit subscriber writes it as the request's one audit event in the
 * first transaction the request commits, so the event and the change commit together or not at all.
 */
export interface AuditContext {
  /** One event per request: the event's unique key. */
  requestId: string;
  actorAccountId: string | null;
  /** In a team: the member acting for it (the actor is the team); null otherwise. Absent in runs started before teams. */
  memberAccountId?: string | null;
  /** The credential class (`agent_key`, `bearer`, `session`, `org_key`, …) and its key id. */
  credentialKind: string | null;
  credentialId: string | null;
  ip: string | null;
  /** The operation, as its route key (`POST /api/v1/domains/transfer`). */
  action: string;
  /** What it acts on: the name, or the route's other identifier (an offer id, a key id). */
  object: string | null;
  /** The request's own fields (its path parameters and body, secrets left out). */
  details: Record<string, unknown>;
}

const store = new AsyncLocalStorage<AuditContext>();

export const auditContext = {
  /** Runs `fn` as the operation `ctx` describes. */
  run: <T>(ctx: AuditContext, fn: () => T): T => store.run(ctx, fn),
  current: (): AuditContext | undefined => store.getStore(),
  /** Runs `fn` outside any operation: bookkeeping of the request itself (its idempotency key) is not a change. */
  outside: <T>(fn: () => T): T => store.exit(fn),
};
