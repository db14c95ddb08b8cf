import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { ApplicationFailure } from '@temporalio/activity';
import type { DnsActivities } from '../../activities/dns.ts';
import {
  DNS_REFUSED,
  DNS_SYNC_WORKFLOW,
  dnsChangedSignal,
  dnsWorkflowId,
  type DnsSyncResult,
} from '../../workflows/dns-messages.ts';
import { useTemporal } from '../helpers/temporal.ts';

// The DNS sync run over fake activities on the suite's dev server: a change during a pass makes one
// more pass, a backend that is down is waited for, a refusal ends the run with its reason.
describe('dnsSyncWorkflow (dev server, fake activities)', () => {
  const env = useTemporal('dev-server');
  const name = () => `dns${randomUUID().slice(0, 8)}.agent`;
  const published = (version: number): DnsSyncResult => ({ outcome: 'published', version, changes: 1 });

  it('passes again when a change arrives during a pass, and only then', async () => {
    const domain = name();
    let passes = 0;
    let release: () => void = () => undefined;
    const activities: Pick<DnsActivities, 'syncDomainDns'> = {
      async syncDomainDns() {
        passes += 1;
        if (passes === 1) await new Promise<void>((r) => (release = r));
        return published(passes);
      },
    };
    await env.withWorker(activities, async (taskQueue) => {
      const start = () =>
        env.client.workflow.signalWithStart(DNS_SYNC_WORKFLOW, {
          taskQueue,
          workflowId: dnsWorkflowId(domain),
          args: [{ domain }],
          signal: dnsChangedSignal,
          signalArgs: [],
        });
      const handle = await start();
      while (passes === 0) await sleep(20);
      // Two changes while the first pass is in flight: one more pass covers both.
      await start();
      await start();
      release();
      expect(await handle.result()).toEqual(published(2));
      expect(passes).toBe(2);
      const described = await handle.describe();
      expect(described.searchAttributes).toMatchObject({ RegistryDomain: [domain], RegistryStage: ['dns-published'] });
    });
  });

  it('waits for a backend that is down, and ends on a refusal with its reason', async () => {
    const domain = name();
    let attempts = 0;
    const activities: Pick<DnsActivities, 'syncDomainDns'> = {
      async syncDomainDns() {
        attempts += 1;
        if (attempts < 3) throw new Error('PowerDNS cannot be reached: connect ECONNREFUSED');
        throw ApplicationFailure.create({
          message: 'PowerDNS PATCH: 422 bad content',
          type: DNS_REFUSED,
          nonRetryable: true,
        });
      },
    };
    await env.withWorker(activities, async (taskQueue) => {
      const handle = await env.client.workflow.start(DNS_SYNC_WORKFLOW, {
        taskQueue,
        workflowId: dnsWorkflowId(domain),
        args: [{ domain }],
      });
      expect(await handle.result()).toEqual({
        outcome: 'refused',
        version: 0,
        changes: 0,
        message: 'PowerDNS PATCH: 422 bad content',
      });
      expect(attempts).toBe(3);
      expect((await handle.describe()).status.name).toBe('COMPLETED');
      expect((await handle.describe()).searchAttributes.RegistryStage).toEqual(['dns-refused']);
    });
  });
});
