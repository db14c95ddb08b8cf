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
    ...timestamps,
  },
});
export class WebhookSubscription extends WebhookSubscriptionSchema.class {}
WebhookSubscriptionSchema.setClass(WebhookSubscription);
export { WebhookSubscriptionSchema };
