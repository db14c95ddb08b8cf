import type { Client } from '@temporalio/client';
import type { WebhookEventType } from '../domain/webhook-events.ts';
import { DNS_SYNC_WORKFLOW, dnsChangedSignal, dnsWorkflowId, type DnsSyncInput } from '../../workflows/dns-messages.ts';
import { DNS_CHANGED_EVENT } from '../db/outbox.ts';

/**
 * The outbox events after which a name's DNS may differ from what PowerDNS holds: the owner's own
 * changes, and every change of whether the name is served (registered, in grace, renewed, expired).
 * A transfer or sale keeps the records; the pass it starts only confirms that.
 */
export const dnsChangingEvents: ReadonlySet<string> = new Set<WebhookEventType | typeof DNS_CHANGED_EVENT>([
  DNS_CHANGED_EVENT,
  'domain.registered',
  'domain.renewed',
  'domain.grace_started',
  'domain.expired',
  'domain.transferred',
  'profile.updated',
]);

/** Asks `dns:<name>` for a pass: signals the run in progress, or starts one. */
export function dnsSyncRuns({ client, taskQueue }: { client: Client; taskQueue: string }) {
  return {
    async request(domain: string): Promise<void> {
      await client.workflow.signalWithStart(DNS_SYNC_WORKFLOW, {
        workflowId: dnsWorkflowId(domain),
        taskQueue,
        args: [{ domain } satisfies DnsSyncInput],
        signal: dnsChangedSignal,
        signalArgs: [],
      });
    },
  };
}

export type DnsSyncRuns = ReturnType<typeof dnsSyncRuns>;
