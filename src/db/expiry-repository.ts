import type { EntityManager } from '@mikro-orm/postgresql';
import { auditRegistryChanges } from './registry-audit.ts';
import {
  EXPIRED,
  expiryEventPayload,
  graceCutoff,
  reminderWindow,
  type DomainStatus,
  type ExpiringDomain,
  type ExpiryEventType,
  type ReminderDays,
} from '../domain/expiry.ts';
import { Listing, OutboxEvent } from './entities/index.ts';

/**
 * Where the next page starts: the last (expiry_date, id) seen. The expiry date travels as PostgreSQL's
 * own text so the comparison is exact to the microsecond (a JS Date would round it to milliseconds).
 */
export interface SweepCursor {
  expiry: string;
  id: number;
}

/** One page of a sweep step: how many domains it changed (events written) and where the next page starts. */
export interface SweepPage {
  changed: number;
  next: SweepCursor | null;
}

export interface PageRequest {
  /** The sweep's cut-off time, from the workflow: the database clock decides nothing. */
  asOf: Date;
  graceDays: number;
  after: SweepCursor | null;
  limit: number;
}

export interface DueRow {
  id: number;
  name: string;
  owner_id: string;
  expiry_date: Date | string;
  cursor: string;
}

const toDomain = (r: Omit<DueRow, 'cursor'>): ExpiringDomain => ({
  id: r.id,
  name: r.name,
  ownerId: r.owner_id,
  expiryDate: new Date(r.expiry_date),
});

/** Where the next page starts: after the last row of a full page; null when the page was the last. */
export function nextCursor(rows: DueRow[], limit: number): SweepCursor | null {
  const last = rows.at(-1);
  return last && rows.length === limit ? { expiry: last.cursor, id: last.id } : null;
}

// The expiry sweep's reads and writes (docs/registration.md "Expiry"). Every read is a range of the index
// (status, expiry_date, id) in that order, one bounded page at a time, resumed after the last row seen.
// Every page is one transaction: its conditional writes and their outbox rows commit together, and a
// write whose condition no longer holds (already moved, renewed meanwhile, already reminded) changes and
// announces nothing, so a page run twice — a retry, a restarted worker, an overlapping run — repeats nothing.
export function expiryRepository(em: EntityManager) {
  /** Up to `limit` rows matching `where`, in (expiry_date, id) order, after the cursor. */
  async function duePage(tx: EntityManager, where: string, params: unknown[], page: PageRequest): Promise<DueRow[]> {
    const after = page.after ? 'and (expiry_date, id) > (?::timestamptz, ?)' : '';
    return tx.execute<DueRow[]>(
      `select id, name, owner_id, expiry_date, expiry_date::text as cursor from domain
       where ${where} ${after} order by expiry_date, id limit ?`,
      [...params, ...(page.after ? [page.after.expiry, page.after.id] : []), page.limit],
    );
  }

  function announce(
    tx: EntityManager,
    type: ExpiryEventType,
    changed: ExpiringDomain[],
    extra: Parameters<typeof expiryEventPayload>[2],
  ) {
    for (const d of changed) tx.create(OutboxEvent, { eventType: type, payload: expiryEventPayload(type, d, extra) });
  }

  /**
   * Moves the due rows of a page from `from` to `to` (only if still due) and announces each move. A name
   * that expires leaves the market with its record: its listing goes in the same transaction.
   */
  async function transition(
    page: PageRequest,
    step: { from: DomainStatus; to: DomainStatus; cutoff: Date; event: ExpiryEventType },
  ): Promise<SweepPage> {
    return em.fork().transactional(async (tx) => {
      const due = await duePage(tx, 'status = ? and expiry_date <= ?', [step.from, step.cutoff], page);
      if (due.length === 0) return { changed: 0, next: null };
      const moved = await tx.execute<Omit<DueRow, 'cursor'>[]>(
        `update domain set status = ?, updated_at = now()
         where id in (${due.map(() => '?').join(', ')}) and status = ? and expiry_date <= ?
         returning id, name, owner_id, expiry_date`,
        [step.to, ...due.map((r) => r.id), step.from, step.cutoff],
      );
      if (step.to === EXPIRED && moved.length > 0)
        await tx.nativeDelete(Listing, { domainId: { $in: moved.map((r) => r.id) } });
      await auditRegistryChanges(
        tx,
        moved.map((d) => ({
          key: `${step.to}:${d.id}:${new Date(d.expiry_date).toISOString()}`,
          action: `registry: ${step.event}`,
          object: d.name,
          subjectAccountId: d.owner_id,
          details: { before: { status: step.from }, after: { status: step.to } },
        })),
      );
      announce(tx, step.event, moved.map(toDomain), { graceDays: page.graceDays });
      return { changed: moved.length, next: nextCursor(due, page.limit) };
    });
  }

  return {
    /**
     * `domain.expiring` for active domains `days` before their expiry, once per term. Resumes at the
     * latest term already reminded at this mark (one probe of (days_before, term_expiry)), so a sweep
     * reads only the names that crossed the mark since the last one, never the whole window again.
     */
    async remind(days: ReminderDays, page: PageRequest): Promise<SweepPage> {
      const window = reminderWindow(days, page.asOf);
      return em.fork().transactional(async (tx) => {
        const due = await duePage(
          tx,
          `status = 'active' and expiry_date > ? and expiry_date <= ?
           and expiry_date >= coalesce((select max(term_expiry) from domain_reminder where days_before = ?), '-infinity')`,
          [window.after, window.through, days],
          page,
        );
        if (due.length === 0) return { changed: 0, next: null };
        const noted = await tx.execute<{ domain_id: number }[]>(
          `insert into domain_reminder (domain_id, term_expiry, days_before, created_at)
           select id, expiry_date, ?, now() from domain
           where id in (${due.map(() => '?').join(', ')}) and status = 'active' and expiry_date > ? and expiry_date <= ?
           on conflict do nothing returning domain_id`,
          [days, ...due.map((r) => r.id), window.after, window.through],
        );
        const fresh = new Set(noted.map((n) => n.domain_id));
        const reminded = due.filter((r) => fresh.has(r.id)).map(toDomain);
        announce(tx, 'domain.expiring', reminded, { graceDays: page.graceDays, daysBefore: days });
        return { changed: reminded.length, next: nextCursor(due, page.limit) };
      });
    },

    /** active → grace for the domains whose expiry date has passed; `domain.grace_started` for each. */
    startGrace(page: PageRequest): Promise<SweepPage> {
      return transition(page, { from: 'active', to: 'grace', cutoff: page.asOf, event: 'domain.grace_started' });
    },

    /** grace → expired once the grace period has passed: the name returns to the pool; `domain.expired`. */
    expire(page: PageRequest): Promise<SweepPage> {
      const cutoff = graceCutoff(page.asOf, page.graceDays);
      return transition(page, { from: 'grace', to: 'expired', cutoff, event: 'domain.expired' });
    },
  };
}
