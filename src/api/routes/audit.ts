import { z } from 'zod';
import { manageableOwnerIds } from '../../auth/domain-access.ts';
import { auditEvents, type AuditFilter, type AuditRecord } from '../../db/audit-events.ts';
import { AppError } from '../../domain/errors.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AccountPrincipal } from '../../auth/principal.ts';
import { accountPrincipal } from '../../http/auth.ts';
import { answer, defineOperation } from '../../http/operations/operation.ts';
import { operationsPlugin } from '../../http/operations/route.ts';
import { auditFilter, auditQuery, auditResponse } from './audit.schemas.ts';
import { clientErrors, errorBodySchema, paged } from '../schemas/common.ts';
import { ACCOUNT, declareRoute } from '../../http/declaration.ts';

/** The most events one export carries: a longer range is exported in parts. */
const EXPORT_MAX = 50_000;

export const listAuditRoute = declareRoute({
  method: 'GET',
  url: '/api/v1/audit',
  access: ACCOUNT,
  area: 'audit',
  openapi: {
    operationId: 'listAuditEvents',
    description:
      'The audit trail of your account and of the agents you claimed (docs/teams.md "Audit trail"), newest first, paged: every change made through the API, MCP, a batch or the dashboard, one event per operation, written in the same transaction as the change and never edited. Each says who (account, credential class, key id, address), what (the operation), on which object, with which fields. Filters: `actor`, `object`, `action`, `from`, `to`.',
  },
});

export const exportAuditRoute = declareRoute({
  method: 'GET',
  url: '/api/v1/audit/export',
  access: ACCOUNT,
  area: 'audit',
  openapi: {
    operationId: 'exportAuditEvents',
    description: `The same events as JSON Lines (\`application/x-ndjson\`, one event per line, oldest first) for a time range (\`from\` and \`to\` required) and the same filters; at most ${EXPORT_MAX} events at a time (413 beyond: narrow the range).`,
  },
});

/**
 * One event as one JSON Lines line. JSON.stringify leaves U+2028, U+2029 and U+0085 raw, and many splitters
 * (JavaScript's line terminators, Python's str.splitlines, log tools) break a line there: escaped, every
 * splitter sees one event per line, and a JSON parser reads the same text back.
 */
const jsonLine = (value: unknown): string =>
  JSON.stringify(value).replace(/[\u0085\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

const view = (e: AuditRecord) => ({
  id: e.id,
  at: e.at.toISOString(),
  actor: {
    account_id: e.actorAccountId,
    member_id: e.memberAccountId,
    credential: e.credentialKind,
    key_id: e.credentialId,
    ip: e.ip,
  },
  action: e.action,
  object: e.object,
  details: e.details as { params: Record<string, unknown>; fields: string[] },
});

/** What a principal reads: its account and the agents it manages, and for a team, the changes to the team itself. */
async function readerFilter(em: EntityManager, principal: AccountPrincipal, q: z.infer<typeof auditFilter>) {
  const actors = await manageableOwnerIds(em, principal);
  return filterOf(actors, principal.member ? [principal.accountId] : [], q);
}

const filterOf = (actors: string[], objects: string[], q: z.infer<typeof auditFilter>): AuditFilter => ({
  actors,
  objects,
  actor: q.actor,
  object: q.object,
  action: q.action,
  from: q.from ? new Date(q.from) : undefined,
  to: q.to ? new Date(q.to) : undefined,
});

export const listAudit = defineOperation(
  listAuditRoute,
  {
    tags: ['management'],
    summary: 'The audit trail of your account and your claimed agents, newest first',
    querystring: auditQuery,
    response: { 200: auditResponse, ...clientErrors, 401: errorBodySchema, 403: errorBodySchema },
  },
  async (call, services) => {
    const em = call.db;
    const { limit, offset } = call.query;
    const filter = await readerFilter(em, accountPrincipal(call), call.query);
    return paged(await auditEvents(em).page(filter, { limit, offset }), { limit, offset }, view);
  },
);

export const exportAudit = defineOperation(
  exportAuditRoute,
  {
    tags: ['management'],
    summary: 'The audit trail for a time range, as JSON Lines',
    querystring: auditFilter.extend({ from: auditFilter.shape.from.unwrap(), to: auditFilter.shape.to.unwrap() }),
    response: {
      200: z.string().describe('application/x-ndjson: one event per line'),
      ...clientErrors,
      401: errorBodySchema,
      403: errorBodySchema,
    },
  },
  async (call, services) => {
    const em = call.db;
    // An empty range is a mistake to say, not an empty file to hand back (a "to" before the "from").
    if (Date.parse(call.query.from) >= Date.parse(call.query.to))
      throw new AppError(
        'validation_failed',
        `The range is empty: from (${call.query.from}) must be before to (${call.query.to}).`,
        {
          field: 'from',
        },
      );
    const filter = await readerFilter(em, accountPrincipal(call), call.query);
    const { total } = await auditEvents(em).page(filter, { limit: 1, offset: 0 });
    if (total > EXPORT_MAX)
      throw new AppError(
        'payload_too_large',
        `The range holds ${total} events; an export carries at most ${EXPORT_MAX}: narrow from and to.`,
      );
    const lines: string[] = [];
    for await (const e of auditEvents(em).all(filter)) lines.push(jsonLine(view(e)));
    return answer(200, lines.length ? `${lines.join('\n')}\n` : '', {
      'content-type': 'application/x-ndjson; charset=utf-8',
      'content-disposition': 'attachment; filename="audit.jsonl"',
    });
  },
);

export const auditRoutes = operationsPlugin([listAudit, exportAudit]);
