import type { EntityManager } from '@mikro-orm/postgresql';
import type { AttemptResponse, AttemptVerdict } from '../domain/webhook-delivery.ts';

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

/**
 * One delivery attempt's reads and writes (the activity in activities/webhooks.ts): the subscription and
 * the event as they are now, and the attempt recorded with its delivery's new state in one transaction.
 */
export function webhookAttempts(em: EntityManager) {
  return {
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
  };
}
