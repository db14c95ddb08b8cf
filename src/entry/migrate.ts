import { initORM, migrate } from '../db/orm.ts';
import { syncCatalog } from '../db/catalog-sync.ts';
import { readCatalogFile } from '../db/catalog-file.ts';
import { loadConfigOrExit, requireSetting } from './shared.ts';
import { openDatabaseOrExit } from './database-startup.ts';

// Applies pending migrations, then loads the catalog file. Both are idempotent; `npm start` runs this
// before the worker and the API come up.
export async function migrateAndLoadCatalog(databaseUrl: string, catalogPath: string, open = initORM) {
  const orm = await open({ databaseUrl, poolMax: 2 });
  try {
    const applied = await migrate(orm);
    const catalog = await syncCatalog(orm.em.fork(), await readCatalogFile(catalogPath));
    return { applied, catalog };
  } finally {
    await orm.close();
  }
}

if (import.meta.main) {
  const config = loadConfigOrExit();
  const url = requireSetting(config.DATABASE_URL, 'DATABASE_URL', 'migrate');
  const { applied, catalog } = await migrateAndLoadCatalog(url, config.CATALOG_PATH, (o) =>
    openDatabaseOrExit(o.databaseUrl, o.poolMax ?? 2),
  );
  console.log(`migrations applied: ${applied.length ? applied.join(', ') : 'none pending'}`);
  console.log(`catalog ${catalog.version} loaded: ${catalog.count} namespaces`);
}
