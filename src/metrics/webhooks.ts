import { Counter } from 'prom-client';
import { metricsRegistry } from './registry.ts';

/** One POST to a subscriber: delivered (2xx) or failed (retried later, or given up on). */
export const webhookDeliveryAttempts = new Counter({
  name: 'registry_webhook_delivery_attempts_total',
  help: 'Webhook delivery attempts, by result (delivered, failed).',
  labelNames: ['result'] as const,
  registers: [metricsRegistry],
});
