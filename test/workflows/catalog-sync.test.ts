import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { CatalogActivities } from '../../activities/catalog.ts';
import { useTemporal } from '../helpers/temporal.ts';

// Time-skipping environment with a fake activity: proves the workflow's retry profile carries a
// transient database failure through to success without a real database.
describe('catalogSyncWorkflow (time-skipping)', () => {
  const env = useTemporal('time-skipping');

  it('retries a transient activity failure and returns the result', async () => {
    let calls = 0;
    const activities: CatalogActivities = {
      async syncNamespaceCatalog() {
        calls += 1;
        if (calls < 3) throw new Error('connection reset');
        return { version: 'v-test', count: 10 };
      },
    };
    const result = await env.withWorker(activities, (taskQueue) =>
      env.client.workflow.execute('catalogSyncWorkflow', { taskQueue, workflowId: `catalog-sync:${randomUUID()}` }),
    );
    expect(result).toEqual({ version: 'v-test', count: 10 });
    expect(calls).toBe(3);
  });
});
