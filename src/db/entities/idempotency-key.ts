import { defineEntity, p } from '@mikro-orm/core';

/**
 * A mutating request made with an `Idempotency-Key` (docs/api.md "Idempotency keys"), per
 * credential: what was asked (the fingerprint of method, path and body) and, once answered, the answer
 * to replay. While `answeredAt` is null the request is in flight, held until `heldUntil`, which the request
 * renews while it runs (a process that died mid-request lets a retry take the key over soon after, keeping
 * `createdAt`, so the retry continues the same operation). Each claim and takeover gets a fresh `holder`
 * token, and only that holder may renew, answer or release: a stalled request that was taken over writes
 * nothing. Kept at least 24 hours.
 */
const IdempotencyKeySchema = defineEntity({
  name: 'IdempotencyKey',
  tableName: 'idempotency_key',
  properties: {
    scope: p.string().length(200).primary(),
    key: p.string().length(255).primary(),
    fingerprint: p.string().length(64),
    heldUntil: p.datetime(),
    /**
     * The token of the claim that holds the key now (new on every claim and takeover); writes check it.
     * Null once its request released it (an answer not kept): a late renewal of that request does nothing.
     */
    holder: p.string().length(36).nullable(),
    status: p.integer().nullable(),
    contentType: p.string().length(100).nullable(),
    body: p.text().nullable(),
    createdAt: p.datetime().index(),
    answeredAt: p.datetime().nullable(),
  },
});
export class IdempotencyKey extends IdempotencyKeySchema.class {}
IdempotencyKeySchema.setClass(IdempotencyKey);
export { IdempotencyKeySchema };
