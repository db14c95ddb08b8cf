import type { Client } from '@temporalio/client';
import type { WebhookEventType } from '../domain/webhook-events.ts';
import { namespaceOf } from '../domain/dns-zone.ts';
import {
  DNS_ZONE_WORKFLOW,
  dnsNamesChangedSignal,
  dnsZoneWorkflowId,
  type DnsZoneInput,
} from '../../workflows/dns-zone-messages.ts';
import { DNS_CHANGED_EVENT } from '../db/outbox.ts';

/**
 * The outbox events after which a name's DNS may differ from what PowerDNS holds: the owner's own
 * changes, and every change of whether the name is served (registered, in grace, renewed, expired).
 * A transfer or sale keeps the records; the pass it asks for only confirms that.
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

/** The names grouped by the namespace zone that delegates them, each name once. */
export function namesByNamespace(names: Iterable<string>): Map<string, string[]> {
  const groups = new Map<string, Set<string>>();
  for (const name of names) {
    const namespace = namespaceOf(name);
    groups.set(namespace, (groups.get(namespace) ?? new Set()).add(name));
  }
  return new Map([...groups].map(([namespace, set]) => [namespace, [...set]]));
}

/**
 * Hands changed names to their namespace zone runs (`dns-zone:<task queue>:<namespace>`): one
 * signal-with-start per namespace carries all its names, starting the run if there is none.
 */
export function dnsZoneRuns({ client, taskQueue }: { client: Client; taskQueue: string }) {
  return {
    async request(names: Iterable<string>): Promise<void> {
      await Promise.all(
        [...namesByNamespace(names)].map(([namespace, group]) =>
          client.workflow.signalWithStart(DNS_ZONE_WORKFLOW, {
            workflowId: dnsZoneWorkflowId(taskQueue, namespace),
            taskQueue,
            args: [{ namespace } satisfies DnsZoneInput],
            // What the run is, for the operator who meets it in the Temporal UI (given when it starts).
            staticSummary: `DNS of .${namespace}: publishes changed names to PowerDNS, in passes of up to 50`,
            staticDetails: `Long-lived: one per namespace. Its dnsZoneStatus query says what is pending, publishing and refused (docs/dns-and-rdap.md "How records reach PowerDNS").`,
            signal: dnsNamesChangedSignal,
            signalArgs: [{ names: group }],
          }),
        ),
      );
    },
  };
}

export type DnsZoneRuns = ReturnType<typeof dnsZoneRuns>;
