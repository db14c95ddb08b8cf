import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { manageableOwnerIds } from '../../auth/domain-access.ts';
import type { SubscriptionView } from '../../db/webhook-subscriptions.ts';
import type { AttemptLogLine } from '../../db/webhook-deliveries.ts';
import { deliveryService } from '../../webhooks/deliveries.ts';
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
} from '../schemas/webhooks.ts';

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

  app.post(
    '/api/v1/webhooks/subscribe',
    {
      schema: {
        tags,
        summary: 'Subscribe to events',
        body: subscribeBody,
        response: { 200: subscriptionResponse, ...clientErrors },
      },
    },
    async (req) => {
      const { target_url, events, secret } = req.body;
      return withSecret(
        await service().subscribe(
          accountPrincipal(req).accountId,
          { targetUrl: target_url, events, secret },
          req.idempotency?.operationId ?? null,
        ),
      );
    },
  );

  app.get(
    '/api/v1/webhooks',
    {
      schema: {
        tags,
        summary: 'Your webhook subscriptions and those of the agents you claimed',
        response: { 200: subscriptionListResponse, ...clientErrors },
      },
    },
    async (req) => ({
      status: 'success' as const,
      subscriptions: (await service().list(await speaksFor(req))).map(item),
    }),
  );

  app.get(
    '/api/v1/webhooks/:subscription_id',
    {
      schema: {
        tags,
        summary: 'One webhook subscription',
        params: subscriptionParams,
        response: { 200: subscriptionResponse, ...clientErrors },
      },
    },
    async (req) =>
      withSecret({
        subscription: await service().get(await speaksFor(req), req.params.subscription_id),
        secret: null,
      }),
  );

  app.delete(
    '/api/v1/webhooks/:subscription_id',
    {
      schema: {
        tags,
        summary: 'Delete a webhook subscription',
        params: subscriptionParams,
        response: { 200: simpleResponse, ...clientErrors },
      },
    },
    async (req) => {
      await service().remove(accountPrincipal(req).accountId, req.params.subscription_id);
      return { status: 'success' as const, message: 'The subscription is deleted; no further events are sent to it.' };
    },
  );

  app.post(
    '/api/v1/webhooks/:subscription_id/rotate-secret',
    {
      schema: {
        tags,
        summary: 'Rotate the signing secret (the previous one stays valid for 24 hours)',
        params: subscriptionParams,
        body: rotateBody,
        response: { 200: subscriptionResponse, ...clientErrors },
      },
    },
    async (req) =>
      withSecret(await service().rotate(accountPrincipal(req).accountId, req.params.subscription_id, req.body.secret)),
  );

  app.post(
    '/api/v1/webhooks/:subscription_id/enable',
    {
      schema: {
        tags,
        summary: 'Turn a disabled subscription back on',
        params: subscriptionParams,
        response: { 200: subscriptionResponse, ...clientErrors },
      },
    },
    async (req) =>
      withSecret({
        subscription: await deliveries().enable(accountPrincipal(req).accountId, req.params.subscription_id),
        secret: null,
      }),
  );

  app.post(
    '/api/v1/webhooks/:subscription_id/ping',
    {
      schema: {
        tags,
        summary: 'Send a test event to this subscription',
        params: subscriptionParams,
        response: { 200: pingResponse, 409: errorBodySchema, 503: errorBodySchema, ...clientErrors },
      },
    },
    async (req) => {
      const r = await deliveries().ping(accountPrincipal(req).accountId, req.params.subscription_id);
      return {
        status: 'success' as const,
        event_id: r.eventId,
        delivered: r.result?.outcome === 'delivered',
        outcome: r.result?.outcome ?? 'pending',
        attempt: r.attempt ? attemptItem(r.attempt) : null,
      };
    },
  );

  app.get(
    '/api/v1/webhooks/:subscription_id/deliveries',
    {
      schema: {
        tags,
        summary: 'The delivery log of a subscription',
        params: subscriptionParams,
        querystring: deliveriesQuery,
        response: { 200: deliveriesResponse, ...clientErrors },
      },
    },
    async (req) => {
      const { attempts, next } = await deliveries().log(await speaksFor(req), req.params.subscription_id, {
        limit: req.query.limit,
        before: req.query.before ?? null,
      });
      return { status: 'success' as const, attempts: attempts.map(attemptItem), next };
    },
  );

  app.post(
    '/api/v1/webhooks/:subscription_id/deliveries/:event_id/redeliver',
    {
      schema: {
        tags,
        summary: 'Deliver one event again',
        params: deliveryParams,
        response: { 200: redeliverResponse, 409: errorBodySchema, 503: errorBodySchema, ...clientErrors },
      },
    },
    async (req) => {
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
  );
};
