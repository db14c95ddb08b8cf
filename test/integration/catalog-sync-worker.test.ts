import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { createActivities } from '../../activities/index.ts';
import { Namespace } from '../../src/db/entities/index.ts';
import { catalogSyncWorkflowId } from '../../workflows/catalog-sync.ts';
import { CATALOG_PATH } from '../helpers/db.ts';
import { useTemporal, useTestDatabase } from '../helpers/temporal.ts';

// The real path: the production activities against a real database, run by a worker on the real
// Temporal dev server.
describe('catalog sync through the worker', () => {
  const temporal = useTemporal('dev-server');
  const db = useTestDatabase({ loadCatalog: false });

  it('loads the catalog file into the database, idempotently', async () => {
    expect(await db.em().count(Namespace)).toBe(0);
    await temporal.withWorker(createActivities({ orm: db.orm, catalogPath: CATALOG_PATH }), async (taskQueue) => {
      const run = (suffix: string) =>
        temporal.client.workflow.execute('catalogSyncWorkflow', {
          taskQueue,
          workflowId: `${catalogSyncWorkflowId('2026.11.1')}:${suffix}`,
        });
      expect(await run(randomUUID())).toEqual({ version: '2026.11.1', count: 10 });
      // An operator edit in the database is put back by the next sync; nothing is duplicated.
      await db.em().nativeUpdate(Namespace, { name: 'agent' }, { tagline: 'edited' });
      await run(randomUUID());
    });
    const em = db.em();
    expect(await em.count(Namespace)).toBe(10);
    const agent = await em.findOneOrFail(Namespace, { name: 'agent' });
    expect(agent).toMatchObject({
      tagline: 'The home address for autonomous agents.',
      agentPricePerYear: 1500,
      launchPhase: 'public',
    });
  });
});
