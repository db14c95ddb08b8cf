// The events a webhook subscription may ask for: spec 6's and ours (README "Webhooks").
export const webhookEventTypes = [
  'domain.registered',
  'domain.renewed',
  'domain.expired',
  'profile.updated',
  'domain.transferred',
  'domain.expiring',
  'domain.grace_started',
  'domain.renewal_failed',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** A provided secret: long enough to resist guessing, printable, bounded. */
export const WEBHOOK_SECRET_MIN = 24;
export const WEBHOOK_SECRET_MAX = 256;
/** How long the previous secret stays valid after a rotation (deliveries are signed with both). */
export const SECRET_ROTATION_WINDOW_MS = 24 * 3600 * 1000;
