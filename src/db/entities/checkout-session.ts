import { defineEntity, p } from '@mikro-orm/core';
import { checkoutOutcomes } from '../../domain/checkout-outcomes.ts';
import { createdAt } from './base.ts';
import { notifyNameChange } from './public-change.ts';

/**
 * One row per checkout that waits for a payment (mpp challenge or hosted checkout). The registration
 * workflow `registration:<name>` is the lock on the name; this row is what the rest of the service
 * sees of it without asking Temporal: search reports the name as being registered, a holder (an
 * account, or the client address of an anonymous payer) may keep only a few open at once, and the
 * order-status route finds the checkout by its id. A checkout is open while it has no outcome and
 * `expires_at` (the challenge's end plus the settle window) is ahead, so a hold never outlives its
 * challenge even if the workflow could not record the end.
 */
const CheckoutSessionSchema = defineEntity({
  name: 'CheckoutSession',
  tableName: 'checkout_session',
  properties: {
    sessionId: p.string().primary().length(64),
    name: p.string().length(253).index(),
    /** The paid operation this checkout is for: its contract's name (`registration`, `renewal`, `purchase`). */
    operation: p.string().length(32).default('registration'),
    /** `account:<id>` for a credentialed actor, `ip:<address>` for an anonymous one. */
    holder: p.string().length(128).index(),
    actorAccountId: p.uuid().nullable(),
    method: p.string().length(32),
    /** The checkout relay's session that settles it (the USDC route), else null. */
    relaySessionId: p.string().length(64).nullable(),
    expiresAt: p.datetime().columnType('timestamptz'),
    outcome: p.enum([...checkoutOutcomes]).nullable(),
    endedAt: p.datetime().columnType('timestamptz').nullable(),
    createdAt,
  },
  triggers: [notifyNameChange('name')],
});
export class CheckoutSession extends CheckoutSessionSchema.class {}
CheckoutSessionSchema.setClass(CheckoutSession);

export { CheckoutSessionSchema };
