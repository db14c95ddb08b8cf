import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuditedChange } from '../domain/audited-change.ts';
import { AuditEvent } from './entities/index.ts';

/** An audit event as it is read back: the change it records, with its id, time and acting member. */
export interface AuditRecord extends AuditedChange {
  id: string;
  at: Date;
  memberAccountId: string | null;
}

export interface AuditFilter {
  /** The accounts whose events may be read (the reader and those it manages). */
  actors: readonly string[];
  actor?: string | undefined;
  /** Objects whose events may be read whoever acted: a team's own id (its members' changes). */
  objects?: readonly string[];
  object?: string | undefined;
  action?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

const recordOf = (e: AuditEvent): AuditRecord => ({
  id: String(e.id),
  at: e.at,
  actorAccountId: e.actorAccountId ?? null,
  memberAccountId: e.memberAccountId ?? null,
  credentialKind: e.credentialKind ?? null,
  credentialId: e.credentialId ?? null,
  ip: e.ip ?? null,
  action: e.action,
  object: e.object ?? null,
  details: e.details,
});

// The audit trail, read (docs/teams.md "Audit trail"): newest first, never written here (the audit
// subscriber writes it in each change's transaction).
export function auditEvents(em: EntityManager) {
  const where = (f: AuditFilter) => ({
    ...(f.actor
      ? { actorAccountId: f.actors.includes(f.actor) ? f.actor : { $in: [] } }
      : {
          $or: [
            { actorAccountId: { $in: [...f.actors] } },
            { subjectAccountId: { $in: [...f.actors] } },
            ...(f.objects?.length ? [{ object: { $in: [...f.objects] } }] : []),
          ],
        }),
    ...(f.object ? { object: f.object } : {}),
    ...(f.action ? { action: f.action } : {}),
    ...(f.from || f.to ? { at: { ...(f.from ? { $gte: f.from } : {}), ...(f.to ? { $lt: f.to } : {}) } } : {}),
  });
  return {
    async page(
      f: AuditFilter,
      window: { limit: number; offset: number },
    ): Promise<{ rows: AuditRecord[]; total: number }> {
      const [rows, total] = await em.findAndCount(AuditEvent, where(f), {
        orderBy: { at: 'desc', id: 'desc' },
        limit: window.limit,
        offset: window.offset,
      });
      return { rows: rows.map(recordOf), total };
    },
    /** Every event of the filter, oldest first, a batch at a time (the JSON Lines export). */
    async *all(f: AuditFilter, batch = 500): AsyncGenerator<AuditRecord> {
      let after = 0n;
      for (;;) {
        const rows = await em.find(
          AuditEvent,
          { ...where(f), id: { $gt: after } },
          { orderBy: { id: 'asc' }, limit: batch },
        );
        for (const r of rows) yield recordOf(r);
        if (rows.length < batch) return;
        after = rows[rows.length - 1]!.id;
      }
    },
  };
}
