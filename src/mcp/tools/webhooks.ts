import { subscribeBody, subscriptionResponse } from '../../api/routes/webhooks/webhooks.schemas.ts';
import { defineTool, writes, requestId } from './tool.ts';
import * as subscriptions from '../../api/routes/webhooks/subscriptions.ts';

export const subscribeWebhook = defineTool({
  name: 'subscribe_webhook',
  title: 'Subscribe to events',
  description:
    'Subscribes your account to events at `target_url` (POST /api/v1/webhooks/subscribe); omit `secret` and one is generated and shown in this answer only. Like the route, it takes an API key.',
  operation: subscriptions.subscribeWebhook,
  input: subscribeBody.extend(requestId),
  output: subscriptionResponse,
  hints: writes({ openWorld: true }),
  request: (body) => ({ body }),
});
