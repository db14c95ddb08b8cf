import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '../../../auth/principal.ts';
import { manageableOwnerIds } from '../../../auth/domain-access.ts';
import { subscriptionService } from '../../../webhooks/subscriptions.ts';
import { accountPrincipal } from '../../../http/auth.ts';
import { subscriptionItem, withSecret } from '../../replies/webhooks.ts';
import { clientErrors } from '../../schemas/common.ts';
import { simpleResponse } from '../domains/register.schemas.ts';
import {
  rotateBody,
  subscribeBody,
  subscriptionListResponse,
  subscriptionParams,
  subscriptionResponse,
} from './webhooks.schemas.ts';
import { declareRoute, ACCOUNT, USER_KEYS } from '../../../http/declaration.ts';
import { defineOperation } from '../../../http/operations/operation.ts';
import type { Services } from '../../../http/operations/services.ts';
import { operationsPlugin } from '../../../http/operations/route.ts';

export const subscribeWebhookRoute = declareRoute({
  method: 'POST',
  url: '/api/v1/webhooks/subscribe',
  idempotent: true,
  access: [...USER_KEYS, 'dashboard'],
  area: 'settings',
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
  area: 'settings',
  openapi: {
    operationId: 'deleteWebhook',
    description: 'Deletes a subscription of the calling account.',
  },
});

export const rotateWebhookSecretRoute = declareRoute({
  method: 'POST',
  url: '/api/v1/webhooks/:subscription_id/rotate-secret',
  access: [...USER_KEYS, 'dashboard'],
  area: 'settings',
  openapi: {
    operationId: 'rotateWebhookSecret',
    description:
      'Replaces the signing secret (given, or generated and shown once); the previous one stays valid for 24 hours (`previous_secret_expires_at`), so a receiver can switch without losing events.',
  },
});

const speaksFor = (call: { principal: Principal | null; db: EntityManager }) =>
  manageableOwnerIds(call.db, accountPrincipal(call));
const service = (services: Services, db: EntityManager) =>
  subscriptionService(db, { allowInsecureLocal: services.config.WEBHOOK_ALLOW_INSECURE_LOCAL });
const tags = ['webhooks'];

export const subscribeWebhook = defineOperation(
  subscribeWebhookRoute,
  {
    tags,
    summary: 'Subscribe to events',
    body: subscribeBody,
    response: { 200: subscriptionResponse, ...clientErrors },
  },
  async (call, services) => {
    const { target_url, events, secret } = call.body;
    return withSecret(
      await service(services, call.db).subscribe(
        accountPrincipal(call).accountId,
        { targetUrl: target_url, events, secret },
        call.idempotency?.operationId ?? null,
      ),
    );
  },
  // A generated secret is shown once: never kept with the Idempotency-Key's answer (a replay leaves it out).
  { keptWithout: ['secret'] },
);

export const listWebhooks = defineOperation(
  listWebhooksRoute,
  {
    tags,
    summary: 'Your webhook subscriptions and those of the agents you claimed',
    response: { 200: subscriptionListResponse, ...clientErrors },
  },
  async (call, services) => ({
    status: 'success' as const,
    subscriptions: (await service(services, call.db).list(await speaksFor(call))).map(subscriptionItem),
  }),
);

export const getWebhook = defineOperation(
  getWebhookRoute,
  {
    tags,
    summary: 'One webhook subscription',
    params: subscriptionParams,
    response: { 200: subscriptionResponse, ...clientErrors },
  },
  async (call, services) =>
    withSecret({
      subscription: await service(services, call.db).get(await speaksFor(call), call.params.subscription_id),
      secret: null,
    }),
);

export const deleteWebhook = defineOperation(
  deleteWebhookRoute,
  {
    tags,
    summary: 'Delete a webhook subscription',
    params: subscriptionParams,
    response: { 200: simpleResponse, ...clientErrors },
  },
  async (call, services) => {
    await service(services, call.db).remove(accountPrincipal(call).accountId, call.params.subscription_id);
    return { status: 'success' as const, message: 'The subscription is deleted; no further events are sent to it.' };
  },
);

export const rotateWebhookSecret = defineOperation(
  rotateWebhookSecretRoute,
  {
    tags,
    summary: 'Rotate the signing secret (the previous one stays valid for 24 hours)',
    params: subscriptionParams,
    body: rotateBody,
    response: { 200: subscriptionResponse, ...clientErrors },
  },
  async (call, services) =>
    withSecret(
      await service(services, call.db).rotate(
        accountPrincipal(call).accountId,
        call.params.subscription_id,
        call.body.secret,
      ),
    ),
);

// Webhook subscriptions of the calling account (spec 4.10). The secret is never echoed; a generated
// one is shown once, in the answer that created it. The reads (list, one subscription) also show the
// subscriptions of the agents the caller claimed (spec 5 rule 1: management), to its key, bearer token
// or session; changing a subscription stays with its owner's key. Their deliveries: deliveries.ts.
export const webhookSubscriptionRoutes = operationsPlugin([
  subscribeWebhook,
  listWebhooks,
  getWebhook,
  deleteWebhook,
  rotateWebhookSecret,
]);
