import type { AttemptLogLine, DeliveryLine } from '../../db/webhook-deliveries.ts';
import type { SubscriptionView } from '../../db/webhook-subscriptions.ts';
import { nextAttemptAt } from '../../webhooks/deliveries.ts';

// Webhook subscriptions, their attempts and their deliveries as the API's answers show them
// (src/api/routes/webhooks/webhooks.schemas.ts): snake_case, dates in ISO 8601, the secret only where it was just made.

export const subscriptionItem = (s: SubscriptionView) => ({
  subscription_id: s.id,
  target_url: s.targetUrl,
  events: s.events,
  status: s.status,
  disabled_reason: s.disabledReason,
  previous_secret_expires_at: s.previousSecretExpiresAt?.toISOString() ?? null,
  created_at: s.createdAt.toISOString(),
});
/** A subscription's answer, with its secret only in the answer that generated or took it. */
export const withSecret = (r: { subscription: SubscriptionView; secret: string | null }) => ({
  status: 'success' as const,
  subscription: subscriptionItem(r.subscription),
  ...(r.secret ? { secret: r.secret } : {}),
});

export const attemptItem = (a: AttemptLogLine) => ({
  event_id: a.eventId,
  event_type: a.eventType,
  attempt: a.attempt,
  attempted_at: a.attemptedAt.toISOString(),
  status_code: a.statusCode,
  latency_ms: a.latencyMs,
  error: a.error,
  response_prefix: a.responsePrefix,
  delivery_status: a.deliveryStatus as 'pending' | 'delivered' | 'failed' | 'skipped',
});

/** One event owed, with when the retry schedule (`scheduleMs`) makes its next attempt while it is pending. */
export const deliveryItem = (d: DeliveryLine, scheduleMs: readonly number[]) => ({
  event_id: d.eventId,
  event_type: d.eventType,
  status: d.status as 'pending' | 'delivered' | 'failed' | 'skipped',
  attempts: d.attempts,
  last_status_code: d.lastStatusCode,
  last_error: d.lastError,
  last_attempt_at: d.lastAttempt?.at.toISOString() ?? null,
  next_attempt_at: nextAttemptAt(d, scheduleMs)?.toISOString() ?? null,
  created_at: d.createdAt.toISOString(),
  delivered_at: d.deliveredAt?.toISOString() ?? null,
});
