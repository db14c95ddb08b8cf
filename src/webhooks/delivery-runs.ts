import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError, type Client } from '@temporalio/client';
import {
  deliveryStageKey,
  isWaitingStage,
  retryNowSignal,
  WEBHOOK_DELIVERY_WORKFLOW,
  webhookWorkflowId,
  type WebhookDeliveryInput,
  type WebhookDeliveryResult,
} from '../../workflows/webhook-messages.ts';

/** Where delivery workflows run and on what schedule (from the configuration, once). */
export interface DeliveryRunSettings {
  client: Client;
  taskQueue: string;
  scheduleMs: readonly number[];
}

type Delivery = Omit<WebhookDeliveryInput, 'scheduleMs'>;

/**
 * The delivery workflows of events: `webhook:<subscription>:<event>`, one per event and subscription.
 * Starting one twice is harmless (the id is taken: the first run stands), which is what lets the
 * dispatcher start runs inside its transaction and simply start them again if that transaction fails.
 */
export function deliveryRuns({ client, taskQueue, scheduleMs }: DeliveryRunSettings) {
  const start = (d: Delivery, schedule = scheduleMs, workflowId = webhookWorkflowId(d.subscriptionId, d.eventId)) =>
    client.workflow.start(WEBHOOK_DELIVERY_WORKFLOW, {
      workflowId,
      taskQueue,
      args: [{ ...d, scheduleMs: [...schedule] } satisfies WebhookDeliveryInput],
      workflowIdReusePolicy: 'REJECT_DUPLICATE',
    });

  return {
    /** The first delivery of an event to a subscription; a run already started (or finished) stands. */
    async ensure(d: Delivery): Promise<void> {
      try {
        await start(d);
      } catch (err) {
        if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
      }
    },

    /**
     * Delivers again, with an attempt that starts after this request. A run sleeping between attempts
     * is woken to try now (its timer is all it was doing, so nothing races the signal). Otherwise — an
     * attempt in flight, whose end we cannot know, or a finished run — a redelivery run of its own
     * (`webhook:<subscription>:<event>:redelivery-<ms>`) makes the whole schedule again; receivers
     * dedupe by event id, so two deliveries meeting are harmless.
     */
    async redeliver(d: Delivery): Promise<'retrying_now' | 'restarted'> {
      const id = webhookWorkflowId(d.subscriptionId, d.eventId);
      try {
        const handle = client.workflow.getHandle(id);
        const { status, searchAttributes } = await handle.describe();
        if (status.name === 'RUNNING' && isWaitingStage(searchAttributes[deliveryStageKey.name]?.[0])) {
          await handle.signal(retryNowSignal);
          return 'retrying_now';
        }
      } catch (err) {
        if (!(err instanceof WorkflowNotFoundError)) throw err;
      }
      await start(d, scheduleMs, `${id}:redelivery-${Date.now()}`);
      return 'restarted';
    },

    /** A single attempt, awaited up to `waitMs` (a ping); null when no worker answered in time. */
    async once(d: Delivery, waitMs: number): Promise<WebhookDeliveryResult | null> {
      const handle = await start(d, [0]);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), waitMs);
      });
      try {
        return await Promise.race([handle.result() as Promise<WebhookDeliveryResult>, timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

export type DeliveryRuns = ReturnType<typeof deliveryRuns>;
