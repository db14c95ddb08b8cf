import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Worker } from '@temporalio/worker';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { startTimeSkippingServer } from '../../src/infra/temporal-dev-server.ts';
import type { CatalogActivities } from '../../activities/catalog.ts';

const workflowsPath = fileURLToPath(new URL('../../workflows/index.ts', import.meta.url));

// Time-skipping environment with a fake activity: proves the workflow's retry profile carries a
// transient database failure through to success without a real database.
describe('catalogSyncWorkflow (time-skipping)', () => {
  let env: TestWorkflowEnvironment;
  beforeAll(async () => {
    env = await startTimeSkippingServer();
  });
  afterAll(() => env?.teardown());

  it('retries a transient activity failure and returns the result', async () => {
    let calls = 0;
    const activities: CatalogActivities = {
      async syncNamespaceCatalog() {
        calls += 1;
        if (calls < 3) throw new Error('connection reset');
        return { version: 'v-test', count: 10 };
      },
    };
    const taskQueue = `catalog-${randomUUID()}`;
    const worker = await Worker.create({ connection: env.nativeConnection, taskQueue, workflowsPath, activities });
    const result = await worker.runUntil(
      env.client.workflow.execute('catalogSyncWorkflow', { taskQueue, workflowId: `catalog-sync:${randomUUID()}` }),
    );
    expect(result).toEqual({ version: 'v-test', count: 10 });
    expect(calls).toBe(3);
  });
});
