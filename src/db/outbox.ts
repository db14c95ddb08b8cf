import type { EntityManager } from '@mikro-orm/postgresql';
import type { WebhookEventData, WebhookEventType } from '../domain/webhook-events.ts';
import { OutboxEvent } from './entities/index.ts';

/**
 * Writes an event to the outbox in the caller's transaction, so the event exists exactly when the
 * change it announces does; the dispatcher takes it from there (README "Webhooks → Delivery"). The data
 * is typed by the event's documented shape (src/domain/webhook-events.ts).
 */
export function recordEvent<T extends WebhookEventType>(tx: EntityManager, type: T, data: WebhookEventData<T>): void {
  tx.create(OutboxEvent, { eventType: type, payload: data });
}
