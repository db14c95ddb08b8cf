import type { EntityManager } from '@mikro-orm/postgresql';
import type { WebhookEventData, WebhookEventType } from '../domain/webhook-events.ts';
import { OutboxEvent } from './entities/index.ts';

/**
 * Writes an event to the outbox in the caller's transaction, so the event exists exactly when the
 * change it announces does; the dispatcher takes it from there (docs/webhooks.md "Delivery"). The data
 * is typed by the event's documented shape (src/domain/webhook-events.ts).
 */
export function recordEvent<T extends WebhookEventType>(tx: EntityManager, type: T, data: WebhookEventData<T>): void {
  tx.create(OutboxEvent, { eventType: type, payload: data });
}

/**
 * An internal outbox event: the owner changed the name's desired DNS. No subscription can ask for it
 * (it is not a webhook event); the dispatcher hands the name to its namespace's zone run (docs/dns-and-rdap.md "DNS"),
 * committed with the change itself so that no change is ever left unpushed.
 */
export const DNS_CHANGED_EVENT = 'dns.changed';

export function recordDnsChange(tx: EntityManager, domain: string): void {
  tx.create(OutboxEvent, { eventType: DNS_CHANGED_EVENT, payload: { domain } });
}

/**
 * An internal outbox event: a refused activation's payment was credited back to the payer as gems. No
 * subscription can ask for it (it is not a webhook event); it records the credit beside the ledger's entry.
 */
export const PAYMENT_CREDITED_EVENT = 'payment.credited';

export function recordPaymentCredited(
  tx: EntityManager,
  payload: {
    domain: string;
    session_id: string;
    account_id: string;
    gems: number;
    reason: string;
    payment_method: string;
    operation: string;
  },
): void {
  tx.create(OutboxEvent, { eventType: PAYMENT_CREDITED_EVENT, payload });
}
