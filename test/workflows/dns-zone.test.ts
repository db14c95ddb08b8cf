import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { WorkflowHandle } from '@temporalio/client';
import { createDnsActivities, type DnsActivities } from '../../activities/dns.ts';
import type { ActivityDeps } from '../../activities/deps.ts';
import type { DnsSync } from '../../src/dns/sync.ts';
import {
  DNS_ZONE_WORKFLOW,
  dnsNamesChangedSignal,
  dnsZoneStatusQuery,
  dnsZoneWorkflowId,
  type DnsZoneInput,
  type PublishZoneNamesInput,
  type PublishZoneNamesResult,
} from '../../workflows/dns-zone-messages.ts';
import { eventually } from '../helpers/hosted-checkout.ts';
import { useTemporal } from '../helpers/temporal.ts';

// The namespace zone run over fake activities on the suite's dev server: names signalled during a pass
// go together in the next one, a backend that is down is waited for, a refusal of one name is reported
// while the others are published, and a run that hands over carries its pending names.
describe('dnsZoneWorkflow (dev server, fake activities)', () => {
  const env = useTemporal('dev-server');
  const namespace = () => `ns${randomUUID().slice(0, 8)}`;
  const done = (names: string[], refused: PublishZoneNamesResult['refused'] = []): PublishZoneNamesResult => ({
    published: names.length - refused.length,
    withdrawn: 0,
    changes: names.length,
    refused,
  });
  type Publish = (input: PublishZoneNamesInput) => Promise<PublishZoneNamesResult>;
  const activities = (publishZoneNames: Publish): Pick<DnsActivities, 'publishZoneNames'> => ({ publishZoneNames });

  /** What the dispatcher does: one signal-with-start carrying the names, starting the run if needed. */
  const signal = (taskQueue: string, input: DnsZoneInput, names: string[]) =>
    env.client.workflow.signalWithStart(DNS_ZONE_WORKFLOW, {
      taskQueue,
      workflowId: dnsZoneWorkflowId(taskQueue, input.namespace),
      args: [input],
      signal: dnsNamesChangedSignal,
      signalArgs: [{ names }],
    });
  const status = (h: WorkflowHandle) => h.query(dnsZoneStatusQuery);
  const stage = async (h: WorkflowHandle) => (await h.describe()).searchAttributes.RegistryStage;

  it('publishes names signalled during a pass together in the next pass, each once', async () => {
    const ns = namespace();
    const batches: string[][] = [];
    let release: () => void = () => undefined;
    const publish: Publish = async ({ names }) => {
      batches.push(names);
      if (batches.length === 1) await new Promise<void>((r) => (release = r));
      return done(names);
    };
    await env.withWorker(activities(publish), async (taskQueue) => {
      const handle = await signal(taskQueue, { namespace: ns }, [`a.${ns}`, `b.${ns}`]);
      while (batches.length === 0) await sleep(20);
      expect(await stage(handle)).toEqual(['dns-publishing']);
      // Three signals while the first pass is in flight, one repeating a name of the pass and one twice.
      await signal(taskQueue, { namespace: ns }, [`c.${ns}`, `a.${ns}`]);
      await signal(taskQueue, { namespace: ns }, [`d.${ns}`]);
      await signal(taskQueue, { namespace: ns }, [`c.${ns}`]);
      await eventually(async () => (await status(handle)).pending === 3);
      const busy = await status(handle);
      expect(busy).toMatchObject({ namespace: ns, pending: 3, publishing: 2, passes: 0 });
      // The oldest wait is the pass in flight's first name: signalled before any of the three pending.
      expect(Date.parse(busy.waitingSince ?? '')).toBeLessThanOrEqual(Date.now());
      release();

      await eventually(async () => (await status(handle)).passes === 2);
      expect(batches).toEqual([
        [`a.${ns}`, `b.${ns}`],
        [`c.${ns}`, `a.${ns}`, `d.${ns}`],
      ]);
      await eventually(async () => (await stage(handle))?.[0] === 'dns-idle');
      expect(await status(handle)).toEqual({
        namespace: ns,
        pending: 0,
        publishing: 0,
        passes: 2,
        refusals: [],
        waitingSince: null,
      });
      // Idle, the run waits for the next signal: it never completes on its own.
      expect((await handle.describe()).status.name).toBe('RUNNING');
      await handle.terminate('test over');
    });
  });

  it('waits for a backend that is down and publishes once it is back', async () => {
    const ns = namespace();
    let attempts = 0;
    const publish: Publish = async ({ names }) => {
      attempts += 1;
      if (attempts < 3) throw new Error('PowerDNS at http://127.0.0.1:8089 cannot be reached: connect ECONNREFUSED');
      return done(names);
    };
    await env.withWorker(activities(publish), async (taskQueue) => {
      const handle = await signal(taskQueue, { namespace: ns }, [`down.${ns}`]);
      await eventually(async () => (await status(handle)).passes === 1);
      expect(attempts).toBe(3);
      expect(await status(handle)).toMatchObject({ pending: 0, passes: 1, refusals: [] });
      await handle.terminate('test over');
    });
  });

  it('lets a pass longer than its heartbeat timeout finish in one attempt (the real activity heartbeats)', async () => {
    const ns = namespace();
    let attempts = 0;
    // The production activity over a sync whose pass takes longer than the 20 s heartbeat timeout.
    const slow = {
      async publishNames(_namespace: string, names: string[]) {
        attempts += 1;
        await sleep(22_000);
        return done(names);
      },
    } as Partial<DnsSync> as DnsSync;
    const real = createDnsActivities({ dns: slow } as ActivityDeps);
    await env.withWorker(activities(real.publishZoneNames), async (taskQueue) => {
      const handle = await signal(taskQueue, { namespace: ns }, [`slow.${ns}`]);
      await eventually(async () => (await status(handle)).passes === 1);
      expect(await status(handle)).toMatchObject({ passes: 1, pending: 0 });
      expect(attempts).toBe(1);
      await handle.terminate('test over');
    });
  });

  it('reports a name PowerDNS refuses while the others of the pass are published, and tries it again on its next change', async () => {
    const ns = namespace();
    const batches: string[][] = [];
    const publish: Publish = async ({ names }) => {
      batches.push(names);
      const refused = names
        .filter((n) => n.startsWith('bad.') && batches.length === 1)
        .map((name) => ({ name, message: 'PowerDNS PATCH /zones/bad: 422 unable to parse IP address' }));
      return done(names, refused);
    };
    await env.withWorker(activities(publish), async (taskQueue) => {
      const handle = await signal(taskQueue, { namespace: ns }, [`ok.${ns}`, `bad.${ns}`, `fine.${ns}`]);
      await eventually(async () => (await status(handle)).passes === 1);
      const { refusals } = await status(handle);
      expect(refusals).toEqual([
        {
          name: `bad.${ns}`,
          message: 'PowerDNS PATCH /zones/bad: 422 unable to parse IP address',
          at: expect.any(String),
        },
      ]);
      expect(batches).toEqual([[`ok.${ns}`, `bad.${ns}`, `fine.${ns}`]]);

      // The owner fixes the record: the name's next change makes a pass of its own.
      await signal(taskQueue, { namespace: ns }, [`bad.${ns}`]);
      await eventually(async () => (await status(handle)).passes === 2);
      expect(batches[1]).toEqual([`bad.${ns}`]);
      expect((await status(handle)).refusals).toHaveLength(1);
      await handle.terminate('test over');
    });
  });

  it('continues as new after its passes, carrying the pending names and the refusals', async () => {
    const ns = namespace();
    const batches: string[][] = [];
    const publish: Publish = async ({ names }) => {
      batches.push(names);
      return done(names, batches.length === 1 ? [{ name: names[0] as string, message: '422 refused' }] : []);
    };
    await env.withWorker(activities(publish), async (taskQueue) => {
      const names = ['a', 'b', 'c', 'd', 'e'].map((l) => `${l}.${ns}`);
      const first = await signal(taskQueue, { namespace: ns, batchSize: 2, passesPerRun: 1 }, names);
      const latest = env.client.workflow.getHandle(dnsZoneWorkflowId(taskQueue, ns));
      const firstRun = env.client.workflow.getHandle(first.workflowId, first.signaledRunId);
      await eventually(async () => (await status(latest)).passes === 3);
      expect(batches).toEqual([names.slice(0, 2), names.slice(2, 4), names.slice(4)]);
      expect((await firstRun.describe()).status.name).toBe('CONTINUED_AS_NEW');
      const now = await status(latest);
      expect(now).toMatchObject({ pending: 0, passes: 3 });
      expect(now.refusals.map((r) => r.name)).toEqual([names[0]]);
      // The last run idles with its stage carried over, and hands over again after its first pass.
      await eventually(async () => (await stage(latest))?.[0] === 'dns-idle');
      await signal(taskQueue, { namespace: ns }, [names[1] as string]);
      await eventually(async () => (await status(latest)).passes === 4);
      expect(batches[3]).toEqual([names[1]]);
      await latest.terminate('test over');
    });
  });
});
