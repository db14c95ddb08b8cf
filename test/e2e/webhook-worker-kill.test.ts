import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { grantGems } from '../../src/ledger/gems.ts';
import { webhookWorkflowId } from '../../workflows/webhook-messages.ts';
import { registerDomain, testTemporalAddress } from '../helpers/app.ts';
import { randomLabel } from '../helpers/fixtures.ts';
import { eventually } from '../helpers/hosted-checkout.ts';
import { provision } from '../helpers/identities.ts';
import { startRegistryStack, type RegistryStack } from '../helpers/registry-stack.ts';
import { subscribedReceiver } from '../helpers/webhook-receiver.ts';

// The production worker process (`src/entry/worker.ts`: dispatcher and delivery workflows) is killed
// with SIGKILL while a delivery is in flight — the receiver has the request and has not answered. A
// fresh worker takes over: the attempt is made again when its activity timeout (20 s) runs out, and
// the event arrives; the receiver, deduping by event id, handles it once.
describe('worker killed mid-delivery', () => {
  let s: RegistryStack;
  beforeAll(async () => {
    s = await startRegistryStack({ WEBHOOK_ALLOW_INSECURE_LOCAL: 'true' }, { worker: false });
  });
  afterAll(() => s?.stop());

  it('loses nothing: the event is delivered by the next worker', async () => {
    const child = spawn(process.execPath, ['src/entry/worker.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DATABASE_URL: s.t.db.url,
        TEMPORAL_ADDRESS: testTemporalAddress(),
        TEMPORAL_TASK_QUEUE: s.taskQueue,
        WEBHOOK_ALLOW_INSECURE_LOCAL: 'true',
        LOG_LEVEL: 'warn',
        WORKER_METRICS_ADDRESS: '127.0.0.1:0',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const died = new Promise<string | null>((r) => child.once('exit', (_code, signal) => r(signal)));
    try {
      const p = await provision(s.t.app);
      await grantGems(s.t.db.orm.em.fork(), { accountId: p.account_id, amount: 5000, reference: `g:${randomLabel()}` });
      const headers = { 'x-api-key': p.api_key };
      const { receiver, subscriptionId } = await subscribedReceiver(s.t.app, s.t.db.orm, headers, [
        'domain.registered',
      ]);
      try {
        receiver.hold();
        const label = randomLabel('kill');
        const reg = await registerDomain(s.t.app, label, { headers, method: 'gems' });
        expect(reg.statusCode).toBe(200);

        // The delivery is in flight at the receiver: kill the worker under it.
        await eventually(async () => receiver.arrivals.length === 1);
        child.kill('SIGKILL');
        expect(await died).toBe('SIGKILL');
        receiver.hold(false);

        s.worker = await s.startWorker();
        const eventId = receiver.arrivals[0]?.event.event_id as string;
        const handle = s.t.temporal.client.workflow.getHandle(webhookWorkflowId(subscriptionId, eventId));
        expect(await handle.result()).toEqual({ outcome: 'delivered', attempts: 1 });
        expect(receiver.arrivals.length).toBeGreaterThanOrEqual(2);
        expect(receiver.arrivals.every((a) => a.event.event_id === eventId)).toBe(true);
        expect(receiver.events()).toHaveLength(1);
        expect(receiver.events()[0]).toMatchObject({
          event_type: 'domain.registered',
          data: { domain: `${label}.agent` },
        });
        const log = await s.t.app.inject({
          method: 'GET',
          url: `/api/v1/webhooks/${subscriptionId}/deliveries`,
          headers,
        });
        expect(log.json().attempts).toEqual([
          expect.objectContaining({ event_id: eventId, status_code: 200, delivery_status: 'delivered' }),
        ]);
      } finally {
        await receiver.stop();
      }
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });
});
