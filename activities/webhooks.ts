import { webhookAttempts } from '../src/db/webhook-attempts.ts';
import { AppError } from '../src/domain/errors.ts';
import { judgeAttempt, type AttemptResponse } from '../src/domain/webhook-delivery.ts';
import { PING_EVENT } from '../src/domain/webhook-events.ts';
import { postDelivery } from '../src/webhooks/send.ts';
import { signDelivery } from '../src/webhooks/signing.ts';
import { checkTarget } from '../src/webhooks/target.ts';
import type { AttemptInput, AttemptOutcome } from '../workflows/webhook-messages.ts';
import type { ActivityDeps } from './deps.ts';
import { webhookDeliveryAttempts } from '../src/metrics/webhooks.ts';

/** Without settings (tests of other activities), deliveries go only to public https targets. */
const DEFAULT_WEBHOOKS = { allowInsecureLocal: false, disableAfterMs: 120 * 3600_000 };

// One HTTP attempt of a webhook delivery. What the receiver answered is data for the workflow (it
// decides whether to wait and try again); only the database being away makes the activity fail, and
// Temporal retries that. A retry after a crash between the POST and its record may POST again:
// delivery is at least once, and receivers dedupe by the event id.
export function createWebhookActivities({ orm, webhooks = DEFAULT_WEBHOOKS }: ActivityDeps) {
  return {
    async attemptDelivery(input: AttemptInput): Promise<AttemptOutcome> {
      const repo = webhookAttempts(orm.em.fork());
      const { subscription: sub, event } = await repo.attemptContext(input.subscriptionId, input.eventId);
      if (!sub || !event) return 'subscription_deleted';
      if (sub.status !== 'active') {
        await repo.skip(sub.id, event.id);
        return 'subscription_disabled';
      }
      const response = await send(sub, event);
      const at = new Date();
      const verdict = judgeAttempt(response, {
        failingSince: sub.failingSince,
        now: at,
        disableAfterMs: webhooks.disableAfterMs,
        final: input.final,
        probe: event.type === PING_EVENT,
      });
      await repo.recordAttempt({ subscriptionId: sub.id, event, attempt: input.attempt, at, response, verdict });
      webhookDeliveryAttempts.inc({ result: verdict.outcome === 'delivered' ? 'delivered' : 'failed' });
      return verdict.outcome;
    },
  };

  /** The target is checked again now (its name may resolve elsewhere since subscribe), then called. */
  async function send(
    sub: { targetUrl: string; secret: string; previousSecret: string | null },
    event: { id: string; type: string; payload: Record<string, unknown>; createdAt: Date },
  ): Promise<AttemptResponse> {
    let target;
    try {
      target = await checkTarget(sub.targetUrl, { allowInsecureLocal: webhooks.allowInsecureLocal });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      return { statusCode: null, latencyMs: 0, error: `target refused: ${err.message}`, responsePrefix: null };
    }
    const delivery = signDelivery(
      { eventId: event.id, eventType: event.type, timestamp: event.createdAt, data: event.payload },
      { current: sub.secret, previous: sub.previousSecret },
    );
    return postDelivery(target, delivery);
  }
}

export type WebhookActivities = ReturnType<typeof createWebhookActivities>;
