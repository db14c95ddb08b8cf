import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { eventDomain, PING_EVENT } from '../domain/webhook-events.ts';

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

/**
 * The deliveries of one subscription as its owner sees and moves them (src/webhooks/deliveries.ts): the
 * attempt log, where each event owed stands, a redelivery's reopening and a ping. The outbox's dispatch
 * is in webhook-dispatch.ts, an attempt's own writes in webhook-attempts.ts.
 */
export function webhookDeliveries(em: EntityManager) {
  return {
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
      return row ? { eventType: row.event_type, domain: eventDomain(row.payload) } : null;
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
