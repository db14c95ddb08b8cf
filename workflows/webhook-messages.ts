import { defineSignal } from '@temporalio/workflow';
import { registryStageKey } from './search-attributes.ts';

// The webhook delivery workflow's contract with the dispatcher, the API and its activity; plain data
// only. docs/webhooks.md "Delivery" says why the schedule looks as it does.

export interface WebhookDeliveryInput {
  subscriptionId: string;
  eventId: string;
  eventType: string;
  /** The event's domain, shown in the Temporal UI (RegistryDomain); null for a ping. */
  domain: string | null;
  /** Delays before each attempt (docs/webhooks.md "Delivery"); the first is normally 0. */
  scheduleMs: number[];
}

/** What one attempt came to: `retry` means the schedule goes on; the others end the delivery. */
export type AttemptOutcome = 'delivered' | 'retry' | 'failed' | 'subscription_disabled' | 'subscription_deleted';

export interface AttemptInput {
  subscriptionId: string;
  eventId: string;
  attempt: number;
  /** The last attempt of the schedule: a failure now is final. */
  final: boolean;
}

export interface WebhookDeliveryResult {
  outcome: Exclude<AttemptOutcome, 'retry'>;
  attempts: number;
}

/** Sent by a redelivery while the run waits between attempts: try now instead of at the next mark. */
export const retryNowSignal = defineSignal('retryNow');

export const WEBHOOK_DELIVERY_WORKFLOW = 'webhookDeliveryWorkflow';
export const webhookWorkflowId = (subscriptionId: string, eventId: string) => `webhook:${subscriptionId}:${eventId}`;

/** Where a run stands (RegistryStage): `waiting-<n>` while it sleeps before attempt n. */
export const deliveryStageKey = registryStageKey;
export const isWaitingStage = (stage: unknown) => typeof stage === 'string' && stage.startsWith('waiting-');
