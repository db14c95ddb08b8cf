import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '../../../auth/principal.ts';
import { manageableOwnerIds } from '../../../auth/domain-access.ts';
import { deliveryService } from '../../../webhooks/deliveries.ts';
import { accountPrincipal } from '../../../http/auth.ts';
import { attemptItem, deliveryItem, withSecret } from '../../replies/webhooks.ts';
import { clientErrors, errorBodySchema, paged } from '../../schemas/common.ts';
import {
  deliveriesQuery,
  deliveriesResponse,
  deliveryParams,
  pingResponse,
  redeliverResponse,
  subscriptionParams,
  subscriptionResponse,
  webhookEventsQuery,
  webhookEventsResponse,
} from './webhooks.schemas.ts';
import { declareRoute, ACCOUNT, USER_KEYS } from '../../../http/declaration.ts';
import { defineOperation } from '../../../http/operations/operation.ts';
import type { Services } from '../../../http/operations/services.ts';
import { operationsPlugin } from '../../../http/operations/route.ts';

export const enableWebhookRoute = declareRoute({
  method: 'POST',
  url: '/api/v1/webhooks/:subscription_id/enable',
  access: [...USER_KEYS, 'dashboard'],
  area: 'settings',
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
  area: 'settings',
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
  area: 'settings',
  openapi: {
    operationId: 'redeliverWebhook',
    description:
      'Sends one event again to this subscription, with an attempt that starts after the request: a delivery waiting between attempts tries now (`retrying_now`); otherwise (an attempt in flight, or finished: delivered, failed or skipped) a redelivery run `webhook:<subscription>:<event>:redelivery-<ms>` makes the whole retry schedule (`restarted`). Only events the subscription was owed (404 otherwise); the subscription must be active (409). Receivers dedupe by `event_id`.',
  },
});

const speaksFor = (call: { principal: Principal | null; db: EntityManager }) =>
  manageableOwnerIds(call.db, accountPrincipal(call));
const deliveries = (services: Services, db: EntityManager) => deliveryService(db, services.deliveryRuns);
const tags = ['webhooks'];

export const enableWebhook = defineOperation(
  enableWebhookRoute,
  {
    tags,
    summary: 'Turn a disabled subscription back on',
    params: subscriptionParams,
    response: { 200: subscriptionResponse, ...clientErrors },
  },
  async (call, services) =>
    withSecret({
      subscription: await deliveries(services, call.db).enable(
        accountPrincipal(call).accountId,
        call.params.subscription_id,
      ),
      secret: null,
    }),
);

export const pingWebhook = defineOperation(
  pingWebhookRoute,
  {
    tags,
    summary: 'Send a test event to this subscription',
    params: subscriptionParams,
    response: { 200: pingResponse, 409: errorBodySchema, 503: errorBodySchema, ...clientErrors },
  },
  async (call, services) => {
    const r = await deliveries(services, call.db).ping(accountPrincipal(call).accountId, call.params.subscription_id);
    return {
      status: 'success' as const,
      event_id: r.eventId,
      delivered: r.result?.outcome === 'delivered',
      outcome: r.result?.outcome ?? 'pending',
      attempt: r.attempt ? attemptItem(r.attempt) : null,
    };
  },
);

export const listWebhookDeliveries = defineOperation(
  listWebhookDeliveriesRoute,
  {
    tags,
    summary: 'The delivery log of a subscription',
    params: subscriptionParams,
    querystring: deliveriesQuery,
    response: { 200: deliveriesResponse, ...clientErrors },
  },
  async (call, services) => {
    const { attempts, next } = await deliveries(services, call.db).log(
      await speaksFor(call),
      call.params.subscription_id,
      {
        limit: call.query.limit,
        before: call.query.before ?? null,
      },
    );
    return { status: 'success' as const, attempts: attempts.map(attemptItem), next };
  },
);

export const listWebhookEvents = defineOperation(
  listWebhookEventsRoute,
  {
    tags,
    summary: 'The events owed to a subscription and where each delivery stands',
    params: subscriptionParams,
    querystring: webhookEventsQuery,
    response: { 200: webhookEventsResponse, ...clientErrors },
  },
  async (call, services) => {
    const { limit, offset } = call.query;
    const page = await deliveries(services, call.db).deliveries(await speaksFor(call), call.params.subscription_id, {
      limit,
      offset,
    });
    return paged(page, { limit, offset }, (d) => deliveryItem(d, services.config.webhookRetryScheduleMs));
  },
);

export const redeliverWebhook = defineOperation(
  redeliverWebhookRoute,
  {
    tags,
    summary: 'Deliver one event again',
    params: deliveryParams,
    response: { 200: redeliverResponse, 409: errorBodySchema, 503: errorBodySchema, ...clientErrors },
  },
  async (call, services) => {
    const { subscription_id, event_id } = call.params;
    const redelivery = await deliveries(services, call.db).redeliver(
      accountPrincipal(call).accountId,
      subscription_id,
      event_id,
    );
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

// The deliveries of a subscription of the calling account: enable it again, ping it, redeliver an
// event (its owner's key), and the delivery log and the events owed, which also show those of the
// agents the caller claimed (spec 5 rule 1), to its key, bearer token or session.
export const webhookDeliveryRoutes = operationsPlugin([
  enableWebhook,
  pingWebhook,
  listWebhookDeliveries,
  listWebhookEvents,
  redeliverWebhook,
]);
