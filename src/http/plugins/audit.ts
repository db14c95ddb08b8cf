import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Principal } from '../../auth/principal.ts';
import { actorOf } from '../../checkout/holder.ts';
import { auditContext, type AuditContext } from '../../db/audit-context.ts';
import { writeAuditEventIfMissing } from '../../db/audit-subscriber.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The audit context of a request that may change something (null for a read). */
    audit: AuditContext | null;
  }
}
import { routeKey } from '../../api/routes/declaration.ts';

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

/**
 * Every request that may change something runs inside its audit context (docs/teams.md "Audit trail"), so
 * the first transaction it commits writes its one audit event. Registered after the idempotency plugin:
 * taking a key is the request's bookkeeping, not a change.
 */
export const auditPlugin = fp(
  async (app) => {
    app.decorateRequest('audit', null);
    app.addHook('preHandler', (req: FastifyRequest, _reply, done) => {
      if (READS.has(req.method)) return done();
      const ctx: AuditContext = {
        requestId: randomUUID(),
        ...auditActor(req.principal, req.ip),
        ...auditedOperation(
          routeKey(req.method, req.routeOptions.url ?? req.url),
          req.params as Record<string, unknown>,
          req.body,
        ),
      };
      req.audit = ctx;
      auditContext.run(ctx, done);
    });
    // A success that committed no transaction of the request's (one statement, a run's step) still has its one event.
    app.addHook('onSend', async (req, reply, payload) => {
      const ctx = req.audit;
      if (ctx && reply.statusCode < 300 && req.routeOptions.config?.audited === undefined)
        await writeAuditEventIfMissing(app.deps.orm.em.fork(), ctx);
      return payload;
    });
  },
  { name: 'audit', dependencies: ['idempotency'] },
);
