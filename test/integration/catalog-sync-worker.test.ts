import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection, Worker } from '@temporalio/worker';
import { createActivities } from '../../activities/index.ts';
import { Namespace } from '../../src/db/entities/index.ts';
import { catalogSyncWorkflowId } from '../../workflows/catalog-sync.ts';
import { CATALOG_PATH, createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { testTemporalAddress } from '../helpers/app.ts';

const workflowsPath = fileURLToPath(new URL('../../workflows/index.ts', import.meta.url));

// The real path: the production activities against a real database, run by a worker on the real
// Temporal dev server.
describe('catalog sync through the worker', () => {
  let db: TestDatabase;
  let nativeConnection: NativeConnection;
  let connection: Connection;
  beforeAll(async () => {
    db = await createTestDatabase({ loadCatalog: false });
    nativeConnection = await NativeConnection.connect({ address: testTemporalAddress() });
    connection = await Connection.connect({ address: testTemporalAddress() });
  });
  afterAll(async () => {
    await connection?.close();
    await nativeConnection?.close();
    await db?.drop();
  });

  it('loads the catalog file into the database, idempotently', async () => {
    const taskQueue = `catalog-${randomUUID()}`;
    const client = new Client({ connection });
    const worker = await Worker.create({
      connection: nativeConnection,
      taskQueue,
      workflowsPath,
      activities: createActivities({ orm: db.orm, catalogPath: CATALOG_PATH }),
    });
    const run = (suffix: string) =>
      client.workflow.execute('catalogSyncWorkflow', {
        taskQueue,
        workflowId: `${catalogSyncWorkflowId('2026.11.1')}:${suffix}`,
      });

    expect(await db.orm.em.fork().count(Namespace)).toBe(0);
    await worker.runUntil(async () => {
      expect(await run(randomUUID())).toEqual({ version: '2026.11.1', count: 10 });
      // An operator edit in the database is put back by the next sync; nothing is duplicated.
      await db.orm.em.fork().nativeUpdate(Namespace, { name: 'agent' }, { tagline: 'edited' });
      await run(randomUUID());
    });
    const em = db.orm.em.fork();
    expect(await em.count(Namespace)).toBe(10);
    const agent = await em.findOneOrFail(Namespace, { name: 'agent' });
    expect(agent).toMatchObject({
      tagline: 'The home address for autonomous agents.',
      agentPricePerYear: 1500,
      launchPhase: 'public',
    });
  });
});
