import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { registerDomain } from '../helpers/app.ts';
import { randomLabel } from '../helpers/fixtures.ts';
import { eventually } from '../helpers/hosted-checkout.ts';
import { provision } from '../helpers/identities.ts';
import { startRegistryStack, type RegistryStack, type StackProcess } from '../helpers/registry-stack.ts';

// Rolling out a worker (docs/operations.md "Rolling out a worker"): production workers given
// WORKER_DEPLOYMENT_NAME and WORKER_BUILD_ID poll as versions of a worker deployment; the operator's one
// command (set the current version) moves new runs, and runs already waiting for a payment, to the new
// build; the old workers can then stop without stranding anything; moving the pointer back rolls back.
describe('Worker Versioning: a rollout and a rollback', () => {
  let s: RegistryStack;
  const deployment = `registry-${randomUUID().slice(0, 8)}`;
  const workers: Record<string, StackProcess> = {};
  const namespace = 'default';

  const service = () => s.t.temporal.client.workflowService;
  async function versions(): Promise<string[]> {
    try {
      const d = await service().describeWorkerDeployment({ namespace, deploymentName: deployment });
      return (d.workerDeploymentInfo?.versionSummaries ?? []).map((v) => v.deploymentVersion?.buildId ?? '');
    } catch {
      return [];
    }
  }
  // The task queue types (workflow, activity) a version has polled. The server refuses to make a version
  // current until it polls every task queue the current one does, and a worker's workflow and activity
  // pollers register separately: a version is listed as soon as the first of them polls.
  async function polled(buildId: string): Promise<number[]> {
    try {
      const d = await service().describeWorkerDeploymentVersion({
        namespace,
        deploymentVersion: { deploymentName: deployment, buildId },
      });
      return (d.versionTaskQueues ?? []).map((q) => Number(q.type)).sort();
    } catch {
      return [];
    }
  }
  async function start(buildId: string): Promise<void> {
    workers[buildId] = s.spawnWorker({ WORKER_DEPLOYMENT_NAME: deployment, WORKER_BUILD_ID: buildId });
    await eventually(async () => (await versions()).includes(buildId));
    await eventually(async () => (await polled(buildId)).join() === '1,2');
    expect(await polled(buildId)).toEqual([1 /* WORKFLOW */, 2 /* ACTIVITY */]);
  }
  async function makeCurrent(buildId: string): Promise<void> {
    await service().setWorkerDeploymentCurrentVersion({
      namespace,
      deploymentName: deployment,
      buildId,
      identity: 'test',
    });
  }
  async function versionOf(name: string): Promise<{ buildId?: string | null; behavior?: unknown }> {
    const d = await s.t.temporal.client.workflow.getHandle(`registration:${name}`).describe();
    const info = d.raw.workflowExecutionInfo?.versioningInfo;
    return { buildId: info?.deploymentVersion?.buildId, behavior: info?.behavior };
  }

  beforeAll(async () => {
    s = await startRegistryStack({}, { worker: false });
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('moves new and waiting runs to the new build, and back', async () => {
    const agent = await provision(s.t.app);
    const key = { 'x-api-key': agent.api_key };
    const pay = async (label: string) => {
      const challenge = await registerDomain(s.t.app, label, { headers: key, method: 'mpp' });
      expect(challenge.statusCode).toBe(402);
      return challenge;
    };
    const finish = async (label: string, challenge: Awaited<ReturnType<typeof pay>>) => {
      const paid = await s.pay(challenge);
      const done = await registerDomain(s.t.app, label, {
        headers: { ...key, authorization: `Payment ${paid.txHash}` },
        method: 'mpp',
      });
      expect(done.statusCode).toBe(200);
    };

    await start('v1');
    await makeCurrent('v1');
    const first = randomLabel('v1');
    await finish(first, await pay(first));
    expect(await versionOf(`${first}.agent`)).toEqual({ buildId: 'v1', behavior: 2 /* AUTO_UPGRADE */ });

    // A run waits for its payment on v1 while v2 is rolled out.
    const waiting = randomLabel('waits');
    const challenge = await pay(waiting);
    await start('v2');
    await makeCurrent('v2');
    await workers.v1?.stop();
    await finish(waiting, challenge);
    expect((await versionOf(`${waiting}.agent`)).buildId).toBe('v2');
    const second = randomLabel('v2');
    await finish(second, await pay(second));
    expect((await versionOf(`${second}.agent`)).buildId).toBe('v2');

    // Rollback: v1 again, while v2 still runs.
    await start('v1');
    await makeCurrent('v1');
    const third = randomLabel('back');
    await finish(third, await pay(third));
    expect((await versionOf(`${third}.agent`)).buildId).toBe('v1');
  });
});
