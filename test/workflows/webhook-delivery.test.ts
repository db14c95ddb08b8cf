import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { WebhookActivities } from '../../activities/webhooks.ts';
import { DEFAULT_RETRY_SCHEDULE_MS, MIN_RETRY_SPAN_MS } from '../../src/domain/webhook-delivery.ts';
import {
  retryNowSignal,
  WEBHOOK_DELIVERY_WORKFLOW,
  webhookWorkflowId,
  type AttemptInput,
  type AttemptOutcome,
  type WebhookDeliveryInput,
} from '../../workflows/webhook-messages.ts';
import { useTemporal } from '../helpers/temporal.ts';
import { waitFor } from '../helpers/wait.ts';

const HOUR = 3600_000;

// The delivery workflow over a fake attempt on the time-skipping server: the real schedule's days pass
// in a moment, so its length and its stops are asserted as they are in production.
describe('webhookDeliveryWorkflow (time-skipping)', () => {
  const env = useTemporal('time-skipping');

  /** A fake attempt answering from `answers` (then `retry`), noting the workflow clock of each call. */
  function fakeAttempts(answers: AttemptOutcome[] = []) {
    const calls: (AttemptInput & { atMs: number })[] = [];
    const activities: WebhookActivities = {
      async attemptDelivery(input) {
        calls.push({ ...input, atMs: await env.environment.currentTimeMs() });
        return answers[calls.length - 1] ?? (input.final ? 'failed' : 'retry');
      },
    };
    return { calls, activities };
  }
  const input = (scheduleMs: readonly number[]): WebhookDeliveryInput => ({
    subscriptionId: randomUUID(),
    eventId: randomUUID(),
    eventType: 'domain.registered',
    domain: 'scout.agent',
    scheduleMs: [...scheduleMs],
  });

  it('keeps trying for more than three days on the standard schedule, then records the failure', async () => {
    expect(DEFAULT_RETRY_SCHEDULE_MS.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(MIN_RETRY_SPAN_MS);
    const { calls, activities } = fakeAttempts();
    const args = input(DEFAULT_RETRY_SCHEDULE_MS);
    const result = await env.withWorker(activities, (taskQueue) =>
      env.client.workflow.execute(WEBHOOK_DELIVERY_WORKFLOW, {
        taskQueue,
        workflowId: webhookWorkflowId(args.subscriptionId, args.eventId),
        args: [args],
      }),
    );
    expect(result).toEqual({ outcome: 'failed', attempts: DEFAULT_RETRY_SCHEDULE_MS.length });
    expect(calls.map((c) => c.final)).toEqual(DEFAULT_RETRY_SCHEDULE_MS.map((_, i, all) => i === all.length - 1));
    expect(calls.map((c) => c.attempt)).toEqual(DEFAULT_RETRY_SCHEDULE_MS.map((_, i) => i + 1));
    // At once, then each wait of the schedule (immediately, seconds, minutes, hours).
    const gaps = calls.slice(1).map((c, i) => c.atMs - (calls[i]?.atMs ?? 0));
    gaps.forEach((gap, i) => expect(gap).toBeGreaterThanOrEqual(DEFAULT_RETRY_SCHEDULE_MS[i + 1] ?? 0));
    expect((calls.at(-1)?.atMs ?? 0) - (calls[0]?.atMs ?? 0)).toBeGreaterThanOrEqual(72 * HOUR);
  });

  it('stops at the first delivery, and when the subscription is disabled', async () => {
    for (const [answers, outcome, attempts] of [
      [['retry', 'retry', 'delivered'], 'delivered', 3],
      [['retry', 'subscription_disabled'], 'subscription_disabled', 2],
      [['subscription_deleted'], 'subscription_deleted', 1],
    ] as const) {
      const { calls, activities } = fakeAttempts([...answers]);
      const args = input(DEFAULT_RETRY_SCHEDULE_MS);
      const handle = await env.withWorker(activities, async (taskQueue) => {
        const h = await env.client.workflow.start(WEBHOOK_DELIVERY_WORKFLOW, {
          taskQueue,
          workflowId: webhookWorkflowId(args.subscriptionId, args.eventId),
          args: [args],
        });
        expect(await h.result()).toEqual({ outcome, attempts });
        return h;
      });
      expect(calls).toHaveLength(attempts);
      // The run ends Completed, and the operator sees where it ended.
      const d = await handle.describe();
      expect(d.status.name).toBe('COMPLETED');
      expect(d.searchAttributes.RegistryStage).toEqual([outcome]);
      expect(d.searchAttributes.RegistryDomain).toEqual(['scout.agent']);
    }
  });

  it('a redelivery signal cuts a wait of hours short', async () => {
    const { calls, activities } = fakeAttempts(['retry', 'delivered']);
    const args = input([0, 24 * HOUR]);
    const result = await env.withWorker(activities, async (taskQueue) => {
      const h = await env.client.workflow.start(WEBHOOK_DELIVERY_WORKFLOW, {
        taskQueue,
        workflowId: webhookWorkflowId(args.subscriptionId, args.eventId),
        args: [args],
      });
      // After the first attempt has begun: a signal before it is spent by that attempt (it runs at once),
      // and the wait it was sent to cut would then run its full day (the fresh-clone run of 7efd92b).
      await waitFor('the first attempt', () => calls.length >= 1);
      await h.signal(retryNowSignal);
      return h.result();
    });
    expect(result).toEqual({ outcome: 'delivered', attempts: 2 });
    expect((calls[1]?.atMs ?? 0) - (calls[0]?.atMs ?? 0)).toBeLessThan(HOUR);
  });
});
