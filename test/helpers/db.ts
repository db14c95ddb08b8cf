import { randomBytes } from 'node:crypto';
import { dropDatabase, ensureDatabase } from '../../src/infra/embedded-postgres.ts';
import { initORM, migrate, type Orm } from '../../src/db/orm.ts';
import { syncCatalog } from '../../src/db/catalog-sync.ts';
import { readCatalogFile } from '../../src/db/catalog-file.ts';

export const CATALOG_PATH = 'catalog/namespaces.json';

function adminUrl(): string {
  const url = process.env.TEST_PG_ADMIN_URL;
  if (!url)
    throw new Error('TEST_PG_ADMIN_URL is not set: run the tests through jest (globalSetup starts PostgreSQL).');
  return url;
}

export function urlFor(database: string): string {
  const u = new URL(adminUrl());
  u.pathname = `/${database}`;
  return u.toString();
}

export interface TestDatabase {
  name: string;
  url: string;
  orm: Orm;
  drop(): Promise<void>;
}

/** A fresh, uniquely named database with migrations applied and the catalog loaded. */
export async function createTestDatabase(opts: { loadCatalog?: boolean } = {}): Promise<TestDatabase> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  await ensureDatabase(adminUrl(), name);
  const url = urlFor(name);
  const orm = await initORM({ databaseUrl: url, poolMax: 4 });
  await migrate(orm);
  if (opts.loadCatalog ?? true) await syncCatalog(orm.em.fork(), await readCatalogFile(CATALOG_PATH));
  return {
    name,
    url,
    orm,
    async drop() {
      await orm.close();
      await dropDatabase(adminUrl(), name);
    },
  };
}
