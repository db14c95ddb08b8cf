import { proxyActivities } from '@temporalio/workflow';
import type { CatalogActivities } from '../activities/catalog.ts';
import { dbWrite } from './retry-profiles.ts';

const { syncNamespaceCatalog } = proxyActivities<CatalogActivities>(dbWrite);

export const catalogSyncWorkflowId = (version: string) => `catalog-sync:${version}`;

/**
 * Loads the namespace catalog file into the database. Start-up loads it directly; an operator runs this
 * workflow to apply an edited catalog to a running deployment with retries and a visible history.
 */
export async function catalogSyncWorkflow(): Promise<{ version: string; count: number }> {
  return syncNamespaceCatalog();
}
