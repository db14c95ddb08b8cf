import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SubscriptionView } from '../../db/webhook-subscriptions.ts';
import { subscriptionService } from '../../webhooks/subscriptions.ts';
import { accountPrincipal } from '../auth.ts';
import { clientErrors } from '../schemas/common.ts';
import { simpleResponse } from '../schemas/register.ts';
import {
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

// Webhook subscriptions of the calling account (spec 4.10). The secret is never echoed; a generated
// one is shown once, in the answer that created it.
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const policy = { allowInsecureLocal: app.deps.config.WEBHOOK_ALLOW_INSECURE_LOCAL };
  const service = () => subscriptionService(app.deps.orm.em.fork(), policy);
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
        await service().subscribe(accountPrincipal(req).accountId, { targetUrl: target_url, events, secret }),
      );
    },
  );

  app.get(
    '/api/v1/webhooks',
    {
      schema: {
        tags,
        summary: 'Your webhook subscriptions',
        response: { 200: subscriptionListResponse, ...clientErrors },
      },
    },
    async (req) => ({
      status: 'success' as const,
      subscriptions: (await service().list(accountPrincipal(req).accountId)).map(item),
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
        subscription: await service().get(accountPrincipal(req).accountId, req.params.subscription_id),
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
};
