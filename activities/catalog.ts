import { readCatalogFile } from '../src/db/catalog-file.ts';
import { syncCatalog } from '../src/db/catalog-sync.ts';
import type { ActivityDeps } from './deps.ts';

export function createCatalogActivities({ orm, catalogPath }: ActivityDeps) {
  return {
    /** Reads the catalog file and upserts it. Idempotent, so Temporal may retry it freely. */
    async syncNamespaceCatalog(): Promise<{ version: string; count: number }> {
      const catalog = await readCatalogFile(catalogPath);
      return syncCatalog(orm.em.fork(), catalog);
    },
  };
}

export type CatalogActivities = ReturnType<typeof createCatalogActivities>;
