import { randomUUID } from 'node:crypto';
import { auditContext, type AuditContext } from '../../db/audit-context.ts';
import { writeAuditEventIfMissing } from '../../db/audit-subscriber.ts';
import type { Principal } from '../../auth/principal.ts';
import { actorOf } from '../../checkout/holder.ts';
import type { PipelineCall, Step } from './step.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What an audit event says of the operation's target and fields: the name, or the route's first identifier. */
export function auditedOperation(
  action: string,
  params: Record<string, unknown> | undefined,
  body: unknown,
): Pick<AuditContext, 'action' | 'object' | 'details'> {
  const p = params ?? {};
  const b = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  // A registration names its label and namespace apart: the object is the full name.
  const bodyName =
    typeof b.domain === 'string' && !b.domain.includes('.') && typeof b.namespace === 'string'
      ? `${b.domain}.${b.namespace}`
      : b.domain;
  const named = p.domain_name ?? p.name ?? p.domain ?? bodyName ?? Object.values(p)[0] ?? null;
  // The fields sent, by name only: values may be secrets (a webhook's, a key's), and the change itself is
  // what the event records, not the request's text.
  return {
    action,
    object: typeof named === 'string' ? named.slice(0, 300) : null,
    details: { params: p, fields: Object.keys(b).sort() },
  };
}

/** The actor of an audit event: the acting account, its credential class and key id, and where from. */
export function auditActor(principal: Principal | null, ip: string) {
  return {
    actorAccountId: actorOf(principal),
    memberAccountId: principal?.kind !== 'org_key' ? (principal?.member?.accountId ?? null) : null,
    credentialKind: principal?.kind ?? null,
    credentialId: principal?.credentialId ?? null,
    ip,
  };
}

/** The audit context of a call that may change something (null for a read). */
export const auditOf = (call: PipelineCall): AuditContext | null =>
  (call.held.get('audit') as AuditContext | undefined) ?? null;

/**
 * Every call that may change something runs inside its audit context (docs/teams.md "Audit trail"), so the
 * first transaction it commits writes its one audit event; a success that committed no transaction of its
 * own (one statement, a run's step) still gets its one event once answered. Each operation an adapter calls
 * is its own audited change (an MCP tool, a batch item, a form). After the idempotency step: taking a key is
 * the call's bookkeeping, not a change.
 */
export const auditStep: Step = {
  name: 'audit',
  when: 'input',
  // A change, unless its route declares that it changes nothing itself (a quote, a dry run, a batch).
  appliesTo: ({ method, config }) => !READS.has(method) && config.audited !== false,
  before(call) {
    if (READS.has(call.method)) return;
    call.held.set('audit', {
      requestId: randomUUID(),
      ...auditActor(call.principal, call.ip),
      ...auditedOperation(call.key, call.params, call.body),
    } satisfies AuditContext);
  },
  around(call, rest) {
    const ctx = auditOf(call);
    return ctx ? auditContext.run(ctx, rest) : rest();
  },
  async after(call, sent, app) {
    const ctx = auditOf(call);
    if (ctx && sent.status < 300 && call.config.audited === undefined)
      await writeAuditEventIfMissing(app.deps.orm.em.fork(), ctx);
  },
};
