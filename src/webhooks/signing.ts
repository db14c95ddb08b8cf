import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** What a subscriber receives: spec 6's payload. */
export interface WebhookEvent {
  eventId: string;
  eventType: string;
  timestamp: Date;
  data: Record<string, unknown>;
}

export interface SigningSecrets {
  current: string;
  /** During a rotation window the previous secret signs too, so a receiver switching over loses nothing. */
  previous?: string | null;
}

/**
 * The Standard Webhooks key of a secret: a generated `whsec_…` secret is its base64 bytes (as the
 * standard defines it); any other secret a subscriber chose is used as its raw UTF-8 bytes.
 */
export function standardKey(secret: string): Webhook {
  return secret.startsWith('whsec_') ? new Webhook(secret) : new Webhook(secret, { format: 'raw' });
}

/**
 * The body and headers of one delivery. `X-Service-Signature` is spec 6's hex HMAC-SHA256 of the raw
 * body with the current secret; the Standard Webhooks headers sign `id.timestamp.body`, so a receiver
 * can also refuse a replayed or stale delivery (the body-only HMAC cannot). `webhook-id` is the event
 * id: the same on every retry, which is what receivers dedupe on.
 */
export function signDelivery(
  event: WebhookEvent,
  secrets: SigningSecrets,
): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify({
    event_id: event.eventId,
    event_type: event.eventType,
    timestamp: event.timestamp.toISOString(),
    data: event.data,
  });
  const sentAt = new Date();
  const signatures = [secrets.current, ...(secrets.previous ? [secrets.previous] : [])].map((s) =>
    standardKey(s).sign(event.eventId, sentAt, body),
  );
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'x-service-signature': createHmac('sha256', secrets.current).update(body).digest('hex'),
      'webhook-id': event.eventId,
      'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
      'webhook-signature': signatures.join(' '),
    },
  };
}
