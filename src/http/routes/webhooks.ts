import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { manageableOwnerIds } from '../../auth/domain-access.ts';
import type { SubscriptionView } from '../../db/webhook-subscriptions.ts';
import type { AttemptLogLine, DeliveryLine } from '../../db/webhook-deliveries.ts';
import { deliveryService, nextAttemptAt } from '../../webhooks/deliveries.ts';
import { deliveryRuns } from '../../webhooks/delivery-runs.ts';
import { subscriptionService } from '../../webhooks/subscriptions.ts';
import { accountPrincipal } from '../auth.ts';
import { clientErrors, errorBodySchema } from '../schemas/common.ts';
import { simpleResponse } from '../schemas/register.ts';
import {
  deliveriesQuery,
  deliveriesResponse,
  deliveryParams,
  pingResponse,
  redeliverResponse,
  rotateBody,
  subscribeBody,
  subscriptionListResponse,
  subscriptionParams,
  subscriptionResponse,
  webhookEventsQuery,
  webhookEventsResponse,
} from '../schemas/webhooks.ts';
import { declareRoute, ACCOUNT, USER_KEYS } from './declaration.ts';

const item = (s: SubscriptionView) => ({
  subscription_id: s.id,
  target_url: s.targetUrl,
  events: s.events,
  status: s.status,
  disabled_reason: s.disabledReason,
  previous_secret_expires_at: s.previousSecretExpiresAt?.toISOString() ?? null,
  created_at: s.createdAt.toISOString(),
});
const withSecret = (r: { subscription: SubscriptionView; secret: string | null }) => ({
  status: 'success' as const,
  subscription: item(r.subscription),
  ...(r.secret ? { secret: r.secret } : {}),
});

const attemptItem = (a: AttemptLogLine) => ({
  event_id: a.eventId,
  event_type: a.eventType,
  attempt: a.attempt,
  attempted_at: a.attemptedAt.toISOString(),
  status_code: a.statusCode,
  latency_ms: a.latencyMs,
  error: a.error,
  response_prefix: a.responsePrefix,
  delivery_status: a.deliveryStatus as 'pending' | 'delivered' | 'failed' | 'skipped',
});

const deliveryItem = (d: DeliveryLine, scheduleMs: readonly number[]) => ({
  event_id: d.eventId,
  event_type: d.eventType,
  status: d.status as 'pending' | 'delivered' | 'failed' | 'skipped',
  attempts: d.attempts,
  last_status_code: d.lastStatusCode,
  last_error: d.lastError,
  last_attempt_at: d.lastAttempt?.at.toISOString() ?? null,
  next_attempt_at: nextAttemptAt(d, scheduleMs)?.toISOString() ?? null,
  created_at: d.createdAt.toISOString(),
  delivered_at: d.deliveredAt?.toISOString() ?? null,
});

export const subscribeWebhookRoute = declareRoute({
  method: 'POST',
  url: '/api/v1/webhooks/subscribe',
  access: [...USER_KEYS, 'dashboard'],
  openapi: {
    operationId: 'subscribeWebhook',
    description:
      'Subscribes the calling account (X-API-Key) to events. `target_url` must be https and resolve only to public addresses (checked now and before every delivery); `events` from the documented list; `secret` at least 24 printable characters, or omit it and a Standard Webhooks secret (`whsec_…`) is generated and shown in this answer only. The secret is never echoed again.',
  },
});

// Reading subscriptions and their deliveries is management too (spec 5 rule 1): a person signed in
// sees those of the agents it claimed. Changing one takes its owner's key (spec 5 rule 7).
export const listWebhooksRoute = declareRoute({
  method: 'GET',
  url: '/api/v1/webhooks',
  access: ACCOUNT,
  openapi: {
    operationId: 'listWebhooks',
    description:
      'The calling account’s subscriptions and those of the agents it claimed (never their secrets). Takes a user key, a bearer token or a browser session.',
  },
});

export const getWebhookRoute = declareRoute({
  method: 'GET',
  url: '/api/v1/webhooks/:subscription_id',
  access: ACCOUNT,
  openapi: {
    operationId: 'getWebhook',
    description:
      'One subscription of the calling account or of an agent it claimed; anyone else’s is 404. Takes a user key, a bearer token or a browser session.',
  },
});

export const deleteWebhookRoute = declareRoute({
  method: 'DELETE',
  url: '/api/v1/webhooks/:subscription_id',
  access: [...USER_KEYS, 'dashboard'],
  openapi: {
    operationId: 'deleteWebhook',
    description: 'Deletes a subscription of the calling account.',
  },
});

export const rotateWebhookSecretRoute = declareRoute({
  method: 'POST',
  url: '/api/v1/webhooks/:subscription_id/rotate-secret',
  access: [...USER_KEYS, 'dashboard'],
  openapi: {
    operationId: 'rotateWebhookSecret',
    description:
      'Replaces the signing secret (given, or generated and shown once); the previous one stays valid for 24 hours (`previous_secret_expires_at`), so a receiver can switch without losing events.',
  },
});

export const enableWebhookRoute = declareRoute({
  method: 'POST',
  url: '/api/v1/webhooks/:subscription_id/enable',
  access: [...USER_KEYS, 'dashboard'],
  openapi: {
    operationId: 'enableWebhook',
    description:
      'Turns a disabled subscription (`disabled_reason` says why: 410 Gone, or days of failed deliveries) back on. Events from now on are delivered; events it missed can be sent with redeliver.',
  },
});

export const pingWebhookRoute = declareRoute({
  method: 'POST',
  url: '/api/v1/webhooks/:subscription_id/ping',
  access: [...USER_KEYS, 'dashboard'],
  openapi: {
    operationId: 'pingWebhook',
    description:
      'Sends a signed `webhook.ping` event (`data`: `{subscription_id}`) to this subscription only, once, and answers with the attempt: status code, latency, error. Does not count toward disabling.',
  },
});

export const listWebhookDeliveriesRoute = declareRoute({
  method: 'GET',
  url: '/api/v1/webhooks/:subscription_id/deliveries',
  access: ACCOUNT,
  openapi: {
    operationId: 'listWebhookDeliveries',
    description:
      'The delivery log of a subscription of yours or of an agent you claimed (key, bearer token or session): every attempt, newest first, with its time, status code (null when no answer came), latency, error, the first kilobyte of the answer and where the delivery of that event stands (`pending`, `delivered`, `failed` after the whole schedule, `skipped` because the subscription was disabled).',
  },
});

export const listWebhookEventsRoute = declareRoute({
  method: 'GET',
  url: '/api/v1/webhooks/:subscription_id/events',
  access: ACCOUNT,
  openapi: {
    operationId: 'listWebhookEvents',
    description:
      'The events owed to a subscription of yours or of an agent you claimed (key, bearer token or session), one per event, newest first, paged (limit 1–100, default 50; offset): where its delivery stands (`pending`, `delivered`, `failed`, `skipped`), how many attempts it took, the last answer’s status code and error, and while it is pending when the retry schedule makes the next attempt. The attempts themselves are in the delivery log (`…/deliveries`).',
  },
});

export const redeliverWebhookRoute = declareRoute({
  method: 'POST',
  url: '/api/v1/webhooks/:subscription_id/deliveries/:event_id/redeliver',
  access: [...USER_KEYS, 'dashboard'],
  openapi: {
    operationId: 'redeliverWebhook',
    description:
      'Sends one event again to this subscription, with an attempt that starts after the request: a delivery waiting between attempts tries now (`retrying_now`); otherwise (an attempt in flight, or finished: delivered, failed or skipped) a redelivery run `webhook:<subscription>:<event>:redelivery-<ms>` makes the whole retry schedule (`restarted`). Only events the subscription was owed (404 otherwise); the subscription must be active (409). Receivers dedupe by `event_id`.',
  },
});

// Webhook subscriptions of the calling account (spec 4.10). The secret is never echoed; a generated
// one is shown once, in the answer that created it. The reads (list, one subscription, its delivery
// log) also show the subscriptions of the agents the caller claimed (spec 5 rule 1: management), to
// its key, bearer token or session; changing a subscription stays with its owner's key.
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const speaksFor = (req: FastifyRequest) => manageableOwnerIds(app.deps.orm.em.fork(), accountPrincipal(req));
  const policy = { allowInsecureLocal: app.deps.config.WEBHOOK_ALLOW_INSECURE_LOCAL };
  const service = () => subscriptionService(app.deps.orm.em.fork(), policy);
  const { temporal, config } = app.deps;
  const runs = temporal
    ? deliveryRuns({
        client: temporal,
        taskQueue: config.TEMPORAL_TASK_QUEUE,
        scheduleMs: config.webhookRetryScheduleMs,
      })
    : null;
  const deliveries = () => deliveryService(app.deps.orm.em.fork(), runs);
  const tags = ['webhooks'];

  app.route({
    ...subscribeWebhookRoute,
    schema: {
      tags,
      summary: 'Subscribe to events',
      body: subscribeBody,
      response: { 200: subscriptionResponse, ...clientErrors },
    },
    handler: async (req) => {
      const { target_url, events, secret } = req.body;
      return withSecret(
        await service().subscribe(
          accountPrincipal(req).accountId,
          { targetUrl: target_url, events, secret },
          req.idempotency?.operationId ?? null,
        ),
      );
    },
  });

  app.route({
    ...listWebhooksRoute,
    schema: {
      tags,
      summary: 'Your webhook subscriptions and those of the agents you claimed',
      response: { 200: subscriptionListResponse, ...clientErrors },
    },
    handler: async (req) => ({
      status: 'success' as const,
      subscriptions: (await service().list(await speaksFor(req))).map(item),
    }),
  });

  app.route({
    ...getWebhookRoute,
    schema: {
      tags,
      summary: 'One webhook subscription',
      params: subscriptionParams,
      response: { 200: subscriptionResponse, ...clientErrors },
    },
    handler: async (req) =>
      withSecret({
        subscription: await service().get(await speaksFor(req), req.params.subscription_id),
        secret: null,
      }),
  });

  app.route({
    ...deleteWebhookRoute,
    schema: {
      tags,
      summary: 'Delete a webhook subscription',
      params: subscriptionParams,
      response: { 200: simpleResponse, ...clientErrors },
    },
    handler: async (req) => {
      await service().remove(accountPrincipal(req).accountId, req.params.subscription_id);
      return { status: 'success' as const, message: 'The subscription is deleted; no further events are sent to it.' };
    },
  });

  app.route({
    ...rotateWebhookSecretRoute,
    schema: {
      tags,
      summary: 'Rotate the signing secret (the previous one stays valid for 24 hours)',
      params: subscriptionParams,
      body: rotateBody,
      response: { 200: subscriptionResponse, ...clientErrors },
    },
    handler: async (req) =>
      withSecret(await service().rotate(accountPrincipal(req).accountId, req.params.subscription_id, req.body.secret)),
  });

  app.route({
    ...enableWebhookRoute,
    schema: {
      tags,
      summary: 'Turn a disabled subscription back on',
      params: subscriptionParams,
      response: { 200: subscriptionResponse, ...clientErrors },
    },
    handler: async (req) =>
      withSecret({
        subscription: await deliveries().enable(accountPrincipal(req).accountId, req.params.subscription_id),
        secret: null,
      }),
  });

  app.route({
    ...pingWebhookRoute,
    schema: {
      tags,
      summary: 'Send a test event to this subscription',
      params: subscriptionParams,
      response: { 200: pingResponse, 409: errorBodySchema, 503: errorBodySchema, ...clientErrors },
    },
    handler: async (req) => {
      const r = await deliveries().ping(accountPrincipal(req).accountId, req.params.subscription_id);
      return {
        status: 'success' as const,
        event_id: r.eventId,
        delivered: r.result?.outcome === 'delivered',
        outcome: r.result?.outcome ?? 'pending',
        attempt: r.attempt ? attemptItem(r.attempt) : null,
      };
    },
  });

  app.route({
    ...listWebhookDeliveriesRoute,
    schema: {
      tags,
      summary: 'The delivery log of a subscription',
      params: subscriptionParams,
      querystring: deliveriesQuery,
      response: { 200: deliveriesResponse, ...clientErrors },
    },
    handler: async (req) => {
      const { attempts, next } = await deliveries().log(await speaksFor(req), req.params.subscription_id, {
        limit: req.query.limit,
        before: req.query.before ?? null,
      });
      return { status: 'success' as const, attempts: attempts.map(attemptItem), next };
    },
  });

  app.route({
    ...listWebhookEventsRoute,
    schema: {
      tags,
      summary: 'The events owed to a subscription and where each delivery stands',
      params: subscriptionParams,
      querystring: webhookEventsQuery,
      response: { 200: webhookEventsResponse, ...clientErrors },
    },
    handler: async (req) => {
      const { limit, offset } = req.query;
      const page = await deliveries().deliveries(await speaksFor(req), req.params.subscription_id, { limit, offset });
      const data = page.rows.map((d) => deliveryItem(d, config.webhookRetryScheduleMs));
      return { status: 'success' as const, data, limit, offset, total: page.total };
    },
  });

  app.route({
    ...redeliverWebhookRoute,
    schema: {
      tags,
      summary: 'Deliver one event again',
      params: deliveryParams,
      response: { 200: redeliverResponse, 409: errorBodySchema, 503: errorBodySchema, ...clientErrors },
    },
    handler: async (req) => {
      const { subscription_id, event_id } = req.params;
      const redelivery = await deliveries().redeliver(accountPrincipal(req).accountId, subscription_id, event_id);
      return {
        status: 'success' as const,
        message:
          redelivery === 'retrying_now'
            ? 'The delivery was waiting between attempts; it tries now.'
            : 'The event is being delivered again, with the whole retry schedule.',
        event_id,
        redelivery,
      };
    },
  });
};
