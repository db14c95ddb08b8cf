import type { EntityManager } from '@mikro-orm/postgresql';
import { graceCutoff, reminderDays, reminderWindow, type ReminderDays } from '../domain/expiry.ts';
import { DAY_MS } from '../domain/time.ts';

/** Which of the expiry sweep's steps have anything to do (workflows/expiry-messages.ts names them). */
export interface ExpiryDue {
  autoRenew: boolean;
  remind: Record<ReminderDays, boolean>;
  startGrace: boolean;
  expire: boolean;
  abandonedCheckouts: boolean;
}

/**
 * One query, at the start of every sweep, that says which steps have work at the sweep's cut-off time,
 * so a sweep with nothing due costs this one read and no step at all (issue 38 item 22). Each test is
 * the step's own selection, so a step this says is idle would have changed nothing:
 * - auto-renew: exactly the rows `auto-renewals.ts` reads (a renewal it then refuses again keeps the
 *   sweep busy until the name leaves the window: a top-up must still renew it);
 * - reminders: the rows `expiry-repository.ts` `remind` reads, less those already reminded of this term
 *   at this mark (the ones its insert would skip);
 * - grace and expiry: the rows `transition` moves; for expiry also the active rows past their grace,
 *   which the grace step moves first in the same sweep (a sweep after a long outage does both);
 * - abandoned checkouts: every row without an outcome whose hold has passed (the step then asks
 *   Temporal which of them still have a run).
 * Each is an `exists` over an index range the step itself uses, so the probe stops at the first row.
 */
export async function expiryDue(
  em: EntityManager,
  at: { asOf: Date; graceDays: number; leadDays: number },
): Promise<ExpiryDue> {
  const remind = (days: ReminderDays) => {
    const w = reminderWindow(days, at.asOf);
    return {
      sql: `exists (select 1 from domain d where d.status = 'active' and d.expiry_date > ? and d.expiry_date <= ?
              and d.expiry_date >= coalesce((select max(term_expiry) from domain_reminder where days_before = ?), '-infinity')
              and not exists (select 1 from domain_reminder r
                              where r.domain_id = d.id and r.term_expiry = d.expiry_date and r.days_before = ?))`,
      params: [w.after, w.through, days, days],
    };
  };
  const reminders = reminderDays.map(remind);
  const [row] = await em.execute<Record<string, boolean>[]>(
    `select
       exists (select 1 from domain where status = 'active' and expiry_date <= ? and auto_renew_max_gems is not null) as auto_renew,
       ${reminders.map((r, i) => `${r.sql} as remind_${i}`).join(',\n       ')},
       exists (select 1 from domain where status = 'active' and expiry_date <= ?) as start_grace,
       exists (select 1 from domain where status in ('active', 'grace') and expiry_date <= ?) as expire,
       exists (select 1 from checkout_session where outcome is null and expires_at < ?) as abandoned`,
    [
      new Date(at.asOf.getTime() + at.leadDays * DAY_MS),
      ...reminders.flatMap((r) => r.params),
      at.asOf,
      graceCutoff(at.asOf, at.graceDays),
      at.asOf,
    ],
  );
  if (!row) throw new Error('the expiry probe returned no row');
  return {
    autoRenew: row.auto_renew === true,
    remind: Object.fromEntries(reminderDays.map((d, i) => [d, row[`remind_${i}`] === true])) as Record<
      ReminderDays,
      boolean
    >,
    startGrace: row.start_grace === true,
    expire: row.expire === true,
    abandonedCheckouts: row.abandoned === true,
  };
}
