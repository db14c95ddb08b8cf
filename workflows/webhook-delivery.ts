import { condition, proxyActivities, setHandler, upsertSearchAttributes } from '@temporalio/workflow';
import type { WebhookActivities } from '../activities/webhooks.ts';
import { dbWrite } from './retry-profiles.ts';
import { registryDomainKey } from './search-attributes.ts';
import {
  deliveryStageKey,
  retryNowSignal,
  type WebhookDeliveryInput,
  type WebhookDeliveryResult,
} from './webhook-messages.ts';

// The attempt's own HTTP timeout is 10 s; the rest is database work around it. A worker killed
// mid-attempt is noticed when this runs out, and the attempt is made again.
const { attemptDelivery } = proxyActivities<WebhookActivities>({ ...dbWrite, startToCloseTimeout: '20 seconds' });

/**
 * One event to one subscription (`webhook:<subscription>:<event>`), at least once. Each attempt is an
 * activity that answers with data (an HTTP failure is not an activity failure: Temporal's retries are
 * kept for the database being away); between attempts the run sleeps on a durable timer, so a worker
 * restart resumes the schedule where it was. A redelivery signal cuts the wait short. The run ends
 * Completed with its outcome — delivered, failed after the whole schedule, or the subscription gone or
 * disabled — and RegistryStage shows where it stands (`attempt-3`, `waiting-4`, `delivered`…).
 */
export async function webhookDeliveryWorkflow(input: WebhookDeliveryInput): Promise<WebhookDeliveryResult> {
  let retryNow = false;
  setHandler(retryNowSignal, () => {
    retryNow = true;
  });
  const stage = (s: string) => upsertSearchAttributes({ [deliveryStageKey.name]: [s] });
  if (input.domain) upsertSearchAttributes({ [registryDomainKey.name]: [input.domain] });

  const schedule = input.scheduleMs.length > 0 ? input.scheduleMs : [0];
  for (const [i, delay] of schedule.entries()) {
    const attempt = i + 1;
    if (delay > 0 && !retryNow) {
      stage(`waiting-${attempt}`);
      await condition(() => retryNow, delay);
    }
    retryNow = false;
    stage(`attempt-${attempt}`);
    const outcome = await attemptDelivery({
      subscriptionId: input.subscriptionId,
      eventId: input.eventId,
      attempt,
      final: attempt === schedule.length,
    });
    if (outcome !== 'retry') {
      stage(outcome);
      return { outcome, attempts: attempt };
    }
  }
  // Unreachable: the final attempt never answers `retry`.
  stage('failed');
  return { outcome: 'failed', attempts: schedule.length };
}
