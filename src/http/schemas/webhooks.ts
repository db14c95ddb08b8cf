import { z } from 'zod';
import { WEBHOOK_SECRET_MAX, WEBHOOK_SECRET_MIN, webhookEventTypes } from '../../domain/webhook-events.ts';
import { example } from './examples.ts';

const secret = z
  .string()
  .min(WEBHOOK_SECRET_MIN)
  .max(WEBHOOK_SECRET_MAX)
  .regex(/^[\x21-\x7e]+$/, 'printable ASCII without spaces');

export const subscribeBody = example(
  z.object({
    target_url: z.string().min(1).max(2048).describe('https URL receiving the events (public addresses only)'),
    events: z.array(z.enum(webhookEventTypes)).min(1).max(webhookEventTypes.length),
    secret: secret.optional().describe('Shared HMAC secret; omit it and one is generated and shown once'),
  }),
  { target_url: 'https://agent.example/hooks/registry', events: ['domain.registered', 'domain.renewed'] },
);

export const rotateBody = z.object({ secret: secret.optional() });

export const subscriptionParams = z.object({ subscription_id: z.uuid() });

export const subscriptionItem = z.object({
  subscription_id: z.string(),
  target_url: z.string(),
  events: z.array(z.string()),
  status: z.string(),
  disabled_reason: z.string().nullable(),
  previous_secret_expires_at: z.string().nullable(),
  created_at: z.string(),
});

export const subscriptionResponse = z.object({
  status: z.literal('success'),
  subscription: subscriptionItem,
  /** Only when the service generated it: shown this once. */
  secret: z.string().optional(),
});

export const subscriptionListResponse = z.object({
  status: z.literal('success'),
  subscriptions: z.array(subscriptionItem),
});
