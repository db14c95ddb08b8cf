import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ATTEMPTS_CURSOR,
  renderDeliveries,
  renderWebhooks,
  type DeliveriesData,
  type SubscriptionRow,
} from '../views/webhooks.ts';
import { dashboardRoutes } from '../page.ts';
import { action, answered, pageRoutes, request, type PageContext } from '../page-definition.ts';
import type { Outcome } from '../../http/operations/invoke.ts';
import {
  enableWebhook,
  listWebhookDeliveries,
  listWebhookEvents,
  pingWebhook,
  redeliverWebhook,
} from '../../api/routes/webhooks/deliveries.ts';
import {
  deleteWebhook,
  getWebhook,
  listWebhooks,
  rotateWebhookSecret,
  subscribeWebhook,
} from '../../api/routes/webhooks/subscriptions.ts';

export const { page: webhooksPageRoute, post: webhooksActionRoute } = pageRoutes('/dashboard/webhooks');
export const { page: webhookDeliveriesPageRoute, post: webhookDeliveriesActionRoute } = pageRoutes(
  '/dashboard/webhooks/:subscription_id',
);

/** Events per page, and attempts per page of the log. */
const PAGE_SIZE = 20;
const MAX_PAGE = 10_000;

/** A new or rotated secret the API generated, shown once. */
const secretOf = (answer: Outcome<{ secret?: string | null }>) => answered(answer)?.secret ?? undefined;

const subscriptionId = z.object({ target: z.uuid() });

/** The subscriptions page (GET/POST /api/v1/webhooks…: subscribe, rotate-secret, enable, delete). */
const listPage = dashboardRoutes<SubscriptionRow[]>({
  page: webhooksPageRoute,
  post: webhooksActionRoute,
  title: () => 'Webhooks',
  load: async (ctx) => (await ctx.read(listWebhooks)).subscriptions,
  render: renderWebhooks,
  actions: {
    create_subscription: action({
      fields: z.object({
        target_url: z.string().trim().min(1, 'give the URL your server receives events at').max(2048),
        // Checkboxes: one value, several, or none at all.
        events: z
          .union([z.string(), z.array(z.string())])
          .optional()
          .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]))
          .refine((v) => v.length > 0, 'choose at least one event'),
      }),
      call: (f) => request(subscribeWebhook, { body: { target_url: f.target_url, events: f.events } }),
      done: (_f, answer) => {
        const secret = secretOf(answer);
        return {
          notice: 'Subscription created: events are signed with its secret.',
          ...(secret ? { reveal: { label: 'The subscription’s signing secret.', value: secret } } : {}),
        };
      },
    }),
    rotate_secret: action({
      fields: subscriptionId,
      call: (f) => request(rotateWebhookSecret, { params: { subscription_id: f.target }, body: {} }),
      done: (_f, answer) => {
        const secret = secretOf(answer);
        return {
          notice: 'Secret rotated: the previous one stays valid for 24 hours.',
          ...(secret ? { reveal: { label: 'The new signing secret.', value: secret } } : {}),
        };
      },
    }),
    enable: action({
      fields: subscriptionId,
      call: (f) => request(enableWebhook, { params: { subscription_id: f.target } }),
      done: () => ({ notice: 'The subscription is on again: events from now on are delivered.' }),
    }),
    delete_subscription: action({
      fields: subscriptionId,
      call: (f) => request(deleteWebhook, { params: { subscription_id: f.target } }),
      done: () => ({ notice: 'The subscription is deleted; no further events are sent to it.' }),
    }),
  },
});

function pageNumber(ctx: PageContext): number {
  const raw = ctx.query.page;
  const n = typeof raw === 'string' && /^\d{1,5}$/.test(raw) ? Number(raw) : 1;
  return Math.min(Math.max(n, 1), MAX_PAGE);
}

/** The subscription this page is about, as the webhook operations' path value. */
const subscriptionOf = (ctx: PageContext) => ({ subscription_id: ctx.params.subscription_id ?? '' });

/**
 * One subscription's deliveries (GET /api/v1/webhooks/{id}, …/events and …/deliveries), with
 * Redeliver (POST …/deliveries/{event_id}/redeliver) and a test event (POST …/ping).
 */
const deliveriesPage = dashboardRoutes<DeliveriesData>({
  page: webhookDeliveriesPageRoute,
  post: webhookDeliveriesActionRoute,
  title: () => 'Webhook deliveries',
  load: async (ctx) => {
    const page = pageNumber(ctx);
    const offset = (page - 1) * PAGE_SIZE;
    const cursor = ctx.query[ATTEMPTS_CURSOR];
    const before = typeof cursor === 'string' && /^\d{1,19}$/.test(cursor) ? cursor : null;
    // The subscription first: someone else's is refused here, before anything of it is read.
    const params = subscriptionOf(ctx);
    const { subscription } = await ctx.read(getWebhook, { params });
    const [events, attempts] = await Promise.all([
      ctx.read(listWebhookEvents, { params, query: { limit: PAGE_SIZE, offset } }),
      ctx.read(listWebhookDeliveries, { params, query: { limit: PAGE_SIZE, ...(before ? { before } : {}) } }),
    ]);
    return {
      subscription,
      events: { rows: events.data, page, hasMore: offset + events.data.length < events.total },
      attempts: { rows: attempts.attempts, next: attempts.next, before },
    };
  },
  render: renderDeliveries,
  actions: {
    redeliver: action({
      fields: z.object({ target: z.uuid() }),
      call: (f, ctx) => request(redeliverWebhook, { params: { ...subscriptionOf(ctx), event_id: f.target } }),
      done: (_f, answer) => ({
        notice: answered(answer)?.message ?? 'The event is being delivered again.',
      }),
    }),
    ping: action({
      fields: z.object({}),
      call: (_f, ctx) => request(pingWebhook, { params: subscriptionOf(ctx) }),
      done: (_f, answer) => {
        const r = answered(answer);
        return {
          notice: r?.delivered
            ? 'Test event delivered.'
            : `Test event sent; it was not delivered (${r?.outcome ?? 'no answer yet'}): see the attempts below.`,
        };
      },
    }),
  },
});

/** The webhooks pages: the subscriptions, and one subscription's deliveries. */
export const dashboardWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(listPage);
  await app.register(deliveriesPage);
};
