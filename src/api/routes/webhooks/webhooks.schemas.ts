import { z } from 'zod';
import { WEBHOOK_SECRET_MAX, WEBHOOK_SECRET_MIN, webhookEventTypes } from '../../../domain/webhook-events.ts';
import { EXAMPLE, example, examplePage } from '../../schemas/examples.ts';
import { queryInteger } from '../../schemas/query-integer.ts';

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
  status: z.enum(['active', 'disabled']),
  disabled_reason: z.string().nullable().describe('Why deliveries stopped (410 Gone, or days of failures)'),
  previous_secret_expires_at: z.string().nullable(),
  created_at: z.string(),
});

const itemExample: z.input<typeof subscriptionItem> = {
  subscription_id: '3f9a7c2e-1b4d-4e6f-8a0c-5d7e9f1a3b5c',
  target_url: 'https://agent.example/hooks/registry',
  events: ['domain.registered', 'domain.renewed'],
  status: 'active',
  disabled_reason: null,
  previous_secret_expires_at: null,
  created_at: EXAMPLE.at,
};

export const subscriptionResponse = example(
  z.object({
    status: z.literal('success'),
    subscription: subscriptionItem,
    secret: z.string().optional().describe('Only when the service generated it: shown this once'),
  }),
  { status: 'success', subscription: itemExample, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' },
);

export const subscriptionListResponse = example(
  z.object({
    status: z.literal('success'),
    subscriptions: z.array(subscriptionItem),
  }),
  { status: 'success', subscriptions: [itemExample] },
);

export const deliveryParams = z.object({ subscription_id: z.uuid(), event_id: z.uuid() });

export const deliveriesQuery = z.object({
  limit: queryInteger(z.coerce.number().int().min(1).max(100).default(50)),
  before: z
    .string()
    .regex(/^\d{1,19}$/)
    .optional()
    .describe('The `next` of the previous page'),
});

const attemptItem = z.object({
  event_id: z.string(),
  event_type: z.string(),
  attempt: z.number().int(),
  attempted_at: z.string(),
  status_code: z.number().int().nullable().describe('null when no answer came (timeout, refused connection)'),
  latency_ms: z.number().int(),
  error: z.string().nullable(),
  response_prefix: z.string().nullable().describe('At most the first kilobyte of the answer'),
  delivery_status: z.enum(['pending', 'delivered', 'failed', 'skipped']),
});

const attemptExample: z.input<typeof attemptItem> = {
  event_id: '6a1c3e5f-7b9d-4f2a-8c4e-0d2f4a6b8c1e',
  event_type: 'domain.registered',
  attempt: 1,
  attempted_at: EXAMPLE.at,
  status_code: 200,
  latency_ms: 84,
  error: null,
  response_prefix: '{"ok":true}',
  delivery_status: 'delivered',
};

export const deliveriesResponse = example(
  z.object({
    status: z.literal('success'),
    attempts: z.array(attemptItem).describe('Newest first'),
    next: z.string().nullable().describe('Pass as `before` for the next page; null on the last'),
  }),
  { status: 'success', attempts: [attemptExample], next: null },
);

export const redeliverResponse = example(
  z.object({
    status: z.literal('success'),
    message: z.string(),
    event_id: z.string(),
    redelivery: z.enum(['retrying_now', 'restarted']),
  }),
  {
    status: 'success',
    message: 'The event is being delivered again.',
    event_id: attemptExample.event_id,
    redelivery: 'restarted',
  },
);

export const pingResponse = example(
  z.object({
    status: z.literal('success'),
    event_id: z.string(),
    delivered: z.boolean(),
    outcome: z.string().describe('delivered, failed, subscription_disabled, or pending when no answer came in time'),
    attempt: attemptItem.nullable(),
  }),
  {
    status: 'success',
    event_id: attemptExample.event_id,
    delivered: true,
    outcome: 'delivered',
    attempt: { ...attemptExample, event_type: 'webhook.ping' },
  },
);

export const webhookEventsQuery = z.object({
  limit: queryInteger(z.coerce.number().int().min(1).max(100).default(50)).describe('Events per page (1 to 100)'),
  offset: queryInteger(z.coerce.number().int().min(0).default(0)).describe('Events to skip'),
});

const deliveryItem = z.object({
  event_id: z.string(),
  event_type: z.string(),
  status: z
    .enum(['pending', 'delivered', 'failed', 'skipped'])
    .describe('pending (being tried), delivered, failed after the whole schedule, skipped (subscription disabled)'),
  attempts: z.number().int().describe('Attempts so far, redeliveries included'),
  last_status_code: z.number().int().nullable().describe('The last attempt’s answer; null when none came'),
  last_error: z.string().nullable().describe('Why the last attempt got no answer (timeout, refused connection)'),
  last_attempt_at: z.string().nullable(),
  next_attempt_at: z
    .string()
    .nullable()
    .describe('When the retry schedule makes the next attempt, while the delivery is pending; else null'),
  created_at: z.string().describe('When the event was owed to the subscription'),
  delivered_at: z.string().nullable(),
});

export const webhookEventsResponse = examplePage(
  z.object({
    status: z.literal('success'),
    data: z.array(deliveryItem).describe('Newest event first'),
    limit: z.number().int(),
    offset: z.number().int(),
    total: z.number().int().describe('Events owed to the subscription'),
  }),
  [
    {
      event_id: attemptExample.event_id,
      event_type: 'domain.registered',
      status: 'pending',
      attempts: 2,
      last_status_code: 503,
      last_error: null,
      last_attempt_at: EXAMPLE.at,
      next_attempt_at: '2026-11-26T09:05:00.000Z',
      created_at: EXAMPLE.at,
      delivered_at: null,
    },
  ],
);
