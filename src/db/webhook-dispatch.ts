import type { EntityManager } from '@mikro-orm/postgresql';
import { eventDomain } from '../domain/webhook-events.ts';

/** An outbox row the dispatcher has taken, with the subscriptions that are to hear of it. */
export interface DispatchedEvent {
  id: string;
  type: string;
  domain: string | null;
  subscriptionIds: string[];
}

/** A PostgreSQL array literal of uuids (the query binds it as one value; the caller checked the form). */
const uuidArray = (ids: string[]) => `{${ids.join(',')}}`;

/**
 * The outbox as the dispatcher reads it (src/webhooks/dispatcher.ts), over the transaction of one pass:
 * the take, and the deliveries owed recorded with the events marked dispatched, commit together.
 */
export function webhookDispatch(tx: EntityManager) {
  return {
    /**
     * Takes up to `limit` undispatched events, oldest first, locking them so that another dispatcher
     * (another worker process) skips them rather than waiting; for each, the active subscriptions
     * that asked for its type, existed when it happened, and whose account the event is about or
     * manages such an account.
     */
    async takeUndispatched(
      limit: number,
      accountsOf: (payload: Record<string, unknown>) => string[],
    ): Promise<DispatchedEvent[]> {
      const rows = await tx.execute<
        { id: string; event_type: string; payload: Record<string, unknown>; created_at: Date }[]
      >(
        `select id, event_type, payload, created_at from outbox_event where dispatched_at is null
         order by created_at limit ? for update skip locked`,
        [limit],
      );
      const taken: DispatchedEvent[] = [];
      for (const row of rows) {
        const accounts = accountsOf(row.payload);
        const subs =
          accounts.length === 0
            ? []
            : await tx.execute<{ id: string }[]>(
                `select s.id from webhook_subscription s
                 where s.status = 'active' and s.events @> jsonb_build_array(?::text) and s.created_at <= ?
                   and (s.account_id = any(?::uuid[])
                        or s.account_id in (select a.operator_account_id from account a where a.id = any(?::uuid[])))
                 order by s.id`,
                [row.event_type, row.created_at, uuidArray(accounts), uuidArray(accounts)],
              );
        taken.push({
          id: row.id,
          type: row.event_type,
          domain: eventDomain(row.payload),
          subscriptionIds: subs.map((s) => s.id),
        });
      }
      return taken;
    },

    /** Records the deliveries owed and marks the events dispatched (same transaction as the take). */
    async markDispatched(events: DispatchedEvent[]): Promise<void> {
      if (events.length === 0) return;
      for (const e of events)
        for (const sub of e.subscriptionIds)
          await tx.execute(
            `insert into webhook_delivery (subscription_id, event_id, event_type, status, attempts, created_at, updated_at)
             values (?, ?, ?, 'pending', 0, now(), now()) on conflict do nothing`,
            [sub, e.id, e.type],
          );
      await tx.execute(`update outbox_event set dispatched_at = now() where id = any(?::uuid[])`, [
        uuidArray(events.map((e) => e.id)),
      ]);
    },
  };
}
