import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AttemptResponse, AttemptVerdict } from '../domain/webhook-delivery.ts';
import { PING_EVENT } from '../domain/webhook-events.ts';

/** What one attempt needs to know: the subscription as it is now, and the event. */
export interface AttemptContext {
  subscription: {
    id: string;
    targetUrl: string;
    secret: string;
    previousSecret: string | null;
    status: string;
    failingSince: Date | null;
  } | null;
  event: { id: string; type: string; payload: Record<string, unknown>; createdAt: Date } | null;
}

/** An outbox row the dispatcher has taken, with the subscriptions that are to hear of it. */
export interface DispatchedEvent {
  id: string;
  type: string;
  domain: string | null;
  subscriptionIds: string[];
}

/** One line of a subscription's delivery log (newest first). */
export interface AttemptLogLine {
  id: string;
  eventId: string;
  eventType: string;
  attempt: number;
  attemptedAt: Date;
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
  responsePrefix: string | null;
  deliveryStatus: string;
}

/** Where the delivery of one event to a subscription stands (one row per event owed). */
export interface DeliveryLine {
  eventId: string;
  eventType: string;
  status: string;
  /** Every attempt so far, redeliveries included. */
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  /** The latest attempt: its number within its run (a redelivery starts again at 1) and when it was made. */
  lastAttempt: { attempt: number; at: Date } | null;
  createdAt: Date;
  deliveredAt: Date | null;
}

/** A PostgreSQL array literal of uuids (the query binds it as one value; the caller checked the form). */
const uuidArray = (ids: string[]) => `{${ids.join(',')}}`;

const asDomain = (payload: Record<string, unknown>) => (typeof payload.domain === 'string' ? payload.domain : null);

/**
 * Webhook delivery state in PostgreSQL: the outbox as the dispatcher reads it, the delivery owed to
 * each subscription, and the attempt log. Every write that belongs together is one transaction.
 */
export function webhookDeliveries(em: EntityManager) {
  return {
    /**
     * Takes up to `limit` undispatched events, oldest first, locking them so that another dispatcher
     * (another worker process) skips them rather than waiting; for each, the active subscriptions
     * that asked for its type, existed when it happened, and whose account the event is about or
     * manages such an account. Call
     * inside the transaction that will mark them dispatched.
     */
    async takeUndispatched(
      tx: EntityManager,
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
          domain: asDomain(row.payload),
          subscriptionIds: subs.map((s) => s.id),
        });
      }
      return taken;
    },

    /** Records the deliveries owed and marks the events dispatched (same transaction as the take). */
    async markDispatched(tx: EntityManager, events: DispatchedEvent[]): Promise<void> {
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

    async attemptContext(subscriptionId: string, eventId: string): Promise<AttemptContext> {
      const [sub] = await em.execute<
        {
          id: string;
          target_url: string;
          secret: string;
          previous_secret: string | null;
          previous_secret_expires_at: Date | null;
          status: string;
          failing_since: Date | null;
        }[]
      >(
        `select id, target_url, secret, previous_secret, previous_secret_expires_at, status, failing_since
         from webhook_subscription where id = ?`,
        [subscriptionId],
      );
      const [event] = await em.execute<
        { id: string; event_type: string; payload: Record<string, unknown>; created_at: Date }[]
      >(`select id, event_type, payload, created_at from outbox_event where id = ?`, [eventId]);
      const previousValid =
        sub?.previous_secret && sub.previous_secret_expires_at && new Date(sub.previous_secret_expires_at) > new Date();
      return {
        subscription: sub
          ? {
              id: sub.id,
              targetUrl: sub.target_url,
              secret: sub.secret,
              previousSecret: previousValid ? sub.previous_secret : null,
              status: sub.status,
              failingSince: sub.failing_since ? new Date(sub.failing_since) : null,
            }
          : null,
        event: event
          ? { id: event.id, type: event.event_type, payload: event.payload, createdAt: new Date(event.created_at) }
          : null,
      };
    },

    /** The subscription was disabled before this delivery could be made: the delivery ends unsent. */
    async skip(subscriptionId: string, eventId: string): Promise<void> {
      await em.execute(
        `update webhook_delivery set status = 'skipped', updated_at = now()
         where subscription_id = ? and event_id = ? and status = 'pending'`,
        [subscriptionId, eventId],
      );
    },

    /** The attempt, its delivery's new state and the subscription's failure mark, in one transaction. */
    async recordAttempt(a: {
      subscriptionId: string;
      event: { id: string; type: string };
      attempt: number;
      at: Date;
      response: AttemptResponse;
      verdict: AttemptVerdict;
    }): Promise<void> {
      const { response: r, verdict: v } = a;
      await em.transactional(async (tx) => {
        await tx.execute(
          `insert into webhook_attempt (subscription_id, event_id, event_type, attempt, attempted_at, status_code,
             latency_ms, error, response_prefix)
           values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          [
            a.subscriptionId,
            a.event.id,
            a.event.type,
            a.attempt,
            a.at,
            r.statusCode,
            r.latencyMs,
            r.error,
            r.responsePrefix,
          ],
        );
        await tx.execute(
          `insert into webhook_delivery as d (subscription_id, event_id, event_type, status, attempts, last_status_code,
             last_error, delivered_at, created_at, updated_at)
           values (?, ?, ?, ?, 1, ?, ?, ?, now(), now())
           on conflict (subscription_id, event_id) do update set
             status = excluded.status, attempts = d.attempts + 1, last_status_code = excluded.last_status_code,
             last_error = excluded.last_error, delivered_at = coalesce(excluded.delivered_at, d.delivered_at),
             updated_at = now()`,
          [
            a.subscriptionId,
            a.event.id,
            a.event.type,
            v.deliveryStatus,
            r.statusCode,
            r.error,
            v.deliveryStatus === 'delivered' ? a.at : null,
          ],
        );
        await tx.execute(
          v.failingSince === null
            ? `update webhook_subscription set failing_since = null where id = ? and failing_since is not null`
            : `update webhook_subscription set failing_since = coalesce(failing_since, ?) where id = ?`,
          v.failingSince === null ? [a.subscriptionId] : [v.failingSince, a.subscriptionId],
        );
        if (v.disable)
          await tx.execute(
            `update webhook_subscription set status = 'disabled', disabled_reason = ?, updated_at = now()
             where id = ? and status = 'active'`,
            [v.disable, a.subscriptionId],
          );
      });
    },

    /** The subscription's attempts, newest first, `before` an attempt id (the page cursor). */
    async log(subscriptionId: string, page: { limit: number; before: string | null }): Promise<AttemptLogLine[]> {
      const rows = await em.execute<
        {
          id: string;
          event_id: string;
          event_type: string;
          attempt: number;
          attempted_at: Date;
          status_code: number | null;
          latency_ms: number;
          error: string | null;
          response_prefix: string | null;
          delivery_status: string;
        }[]
      >(
        `select a.id::text as id, a.event_id, a.event_type, a.attempt, a.attempted_at, a.status_code, a.latency_ms,
           a.error, a.response_prefix, coalesce(d.status, 'pending') as delivery_status
         from webhook_attempt a
         left join webhook_delivery d on d.subscription_id = a.subscription_id and d.event_id = a.event_id
         where a.subscription_id = ? ${page.before ? 'and a.id < ?' : ''}
         order by a.id desc limit ?`,
        [subscriptionId, ...(page.before ? [page.before] : []), page.limit],
      );
      return rows.map((r) => ({
        id: r.id,
        eventId: r.event_id,
        eventType: r.event_type,
        attempt: r.attempt,
        attemptedAt: new Date(r.attempted_at),
        statusCode: r.status_code,
        latencyMs: r.latency_ms,
        error: r.error,
        responsePrefix: r.response_prefix,
        deliveryStatus: r.delivery_status,
      }));
    },

    /** The events owed to the subscription, newest first, one page: where each one's delivery stands. */
    async deliveries(
      subscriptionId: string,
      page: { limit: number; offset: number },
    ): Promise<{ rows: DeliveryLine[]; total: number }> {
      const [rows, [count]] = await Promise.all([
        em.execute<
          {
            event_id: string;
            event_type: string;
            status: string;
            attempts: number;
            last_status_code: number | null;
            last_error: string | null;
            created_at: Date;
            delivered_at: Date | null;
            last_attempt: number | null;
            last_attempted_at: Date | null;
          }[]
        >(
          `select d.event_id, d.event_type, d.status, d.attempts, d.last_status_code, d.last_error, d.created_at,
             d.delivered_at, la.attempt as last_attempt, la.attempted_at as last_attempted_at
           from webhook_delivery d
           left join lateral (
             select a.attempt, a.attempted_at from webhook_attempt a
             where a.subscription_id = d.subscription_id and a.event_id = d.event_id
             order by a.id desc limit 1
           ) la on true
           where d.subscription_id = ?
           order by d.created_at desc, d.event_id limit ? offset ?`,
          [subscriptionId, page.limit, page.offset],
        ),
        em.execute<{ total: number }[]>(
          `select count(*)::int as total from webhook_delivery where subscription_id = ?`,
          [subscriptionId],
        ),
      ]);
      return {
        rows: rows.map((r) => ({
          eventId: r.event_id,
          eventType: r.event_type,
          status: r.status,
          attempts: r.attempts,
          lastStatusCode: r.last_status_code,
          lastError: r.last_error,
          lastAttempt:
            r.last_attempt !== null && r.last_attempted_at !== null
              ? { attempt: r.last_attempt, at: new Date(r.last_attempted_at) }
              : null,
          createdAt: new Date(r.created_at),
          deliveredAt: r.delivered_at ? new Date(r.delivered_at) : null,
        })),
        total: count?.total ?? 0,
      };
    },

    /** The delivery of one event to the subscription, if the subscription was ever owed it. */
    async delivery(
      subscriptionId: string,
      eventId: string,
    ): Promise<{ eventType: string; domain: string | null } | null> {
      const [row] = await em.execute<{ event_type: string; payload: Record<string, unknown> }[]>(
        `select d.event_type, e.payload from webhook_delivery d join outbox_event e on e.id = d.event_id
         where d.subscription_id = ? and d.event_id = ?`,
        [subscriptionId, eventId],
      );
      return row ? { eventType: row.event_type, domain: asDomain(row.payload) } : null;
    },

    /** Redelivery reopens a finished delivery; its attempts go on counting. */
    async reopen(subscriptionId: string, eventId: string): Promise<void> {
      await em.execute(
        `update webhook_delivery set status = 'pending', updated_at = now() where subscription_id = ? and event_id = ?`,
        [subscriptionId, eventId],
      );
    },

    /**
     * A test event for one subscription: written to the outbox already dispatched (it is for this
     * subscription only), with its delivery row, in one transaction.
     */
    async createPing(subscriptionId: string): Promise<{ eventId: string }> {
      const eventId = randomUUID();
      await em.transactional(async (tx) => {
        await tx.execute(
          `insert into outbox_event (id, event_type, payload, created_at, dispatched_at) values (?, ?, ?, now(), now())`,
          [eventId, PING_EVENT, JSON.stringify({ subscription_id: subscriptionId })],
        );
        await tx.execute(
          `insert into webhook_delivery (subscription_id, event_id, event_type, status, attempts, created_at, updated_at)
           values (?, ?, ?, 'pending', 0, now(), now())`,
          [subscriptionId, eventId, PING_EVENT],
        );
      });
      return { eventId };
    },
  };
}

export type WebhookDeliveries = ReturnType<typeof webhookDeliveries>;
