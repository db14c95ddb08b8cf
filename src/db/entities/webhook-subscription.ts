import { defineEntity, p } from '@mikro-orm/core';
import { Account } from './account.ts';
import { timestamps } from './base.ts';

/**
 * A webhook subscription of an account: where its events go, which ones, and the shared secret that
 * signs them. The secret is kept to sign every delivery (it cannot be a one-way hash); after a
 * rotation the previous one stays valid until `previous_secret_expires_at`, and deliveries carry both
 * signatures meanwhile. `status` is `active` or `disabled` (with the reason the owner is shown).
 */
const WebhookSubscriptionSchema = defineEntity({
  name: 'WebhookSubscription',
  tableName: 'webhook_subscription',
  properties: {
    id: p.uuid().primary(),
    account: () => p.manyToOne(Account).ref().index(),
    targetUrl: p.text(),
    events: p.json<string[]>(),
    secret: p.text(),
    previousSecret: p.text().nullable(),
    previousSecretExpiresAt: p.datetime().columnType('timestamptz').nullable(),
    status: p.string().length(16).default('active'),
    disabledReason: p.text().nullable(),
    /** Since when every attempt has failed (null after a success); days of it disable the subscription. */
    failingSince: p.datetime().columnType('timestamptz').nullable(),
    ...timestamps,
  },
});
export class WebhookSubscription extends WebhookSubscriptionSchema.class {}
WebhookSubscriptionSchema.setClass(WebhookSubscription);
export { WebhookSubscriptionSchema };

/**
 * One event owed to one subscription: created when the dispatcher hands the event over, then updated
 * by every attempt. `status` is `pending` (attempts remain), `delivered`, `failed` (the schedule ran
 * out) or `skipped` (the subscription was disabled first). The key is what makes a redelivery or a
 * second dispatch the same delivery, never a second one.
 */
const WebhookDeliverySchema = defineEntity({
  name: 'WebhookDelivery',
  tableName: 'webhook_delivery',
  properties: {
    subscription: () => p.manyToOne(WebhookSubscription).ref().primary().deleteRule('cascade'),
    eventId: p.uuid().primary(),
    eventType: p.string().length(64),
    status: p.string().length(16).default('pending'),
    attempts: p.integer().default(0),
    lastStatusCode: p.smallint().nullable(),
    lastError: p.text().nullable(),
    deliveredAt: p.datetime().columnType('timestamptz').nullable(),
    ...timestamps,
  },
  // What the worker's backlog gauges count at every scrape (migration 0022, src/metrics/backlog.ts).
  indexes: [
    { name: 'webhook_delivery_pending_index', properties: ['createdAt'], where: `"status" = 'pending'` },
    { name: 'webhook_delivery_failed_index', properties: ['createdAt'], where: `"status" = 'failed'` },
  ],
});
export class WebhookDelivery extends WebhookDeliverySchema.class {}
WebhookDeliverySchema.setClass(WebhookDelivery);
export { WebhookDeliverySchema };

/**
 * The log of every HTTP attempt, as the subscription's owner sees it (`GET .../deliveries`): when,
 * the status code (null when no answer came), how long it took, the error, and at most the first
 * kilobyte of the answer.
 */
const WebhookAttemptSchema = defineEntity({
  name: 'WebhookAttempt',
  tableName: 'webhook_attempt',
  properties: {
    id: p.bigint().primary().autoincrement(),
    subscription: () => p.manyToOne(WebhookSubscription).ref().deleteRule('cascade'),
    eventId: p.uuid(),
    eventType: p.string().length(64),
    attempt: p.integer(),
    attemptedAt: p.datetime().columnType('timestamptz'),
    statusCode: p.smallint().nullable(),
    latencyMs: p.integer(),
    error: p.text().nullable(),
    responsePrefix: p.text().nullable(),
  },
  // The log is read per subscription, newest first.
  indexes: [{ name: 'webhook_attempt_subscription_id_index', properties: ['subscription', 'id'] }],
});
export class WebhookAttempt extends WebhookAttemptSchema.class {}
WebhookAttemptSchema.setClass(WebhookAttempt);
export { WebhookAttemptSchema };
