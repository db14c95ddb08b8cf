import { randomBytes } from 'node:crypto';
import pg from 'pg';
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
  /** A fresh EntityManager on the database (`orm.em.fork()`): what a test reads and writes rows with. */
  em(): ReturnType<Orm['em']['fork']>;
  drop(): Promise<void>;
}

/**
 * A migrated database for the whole run, made by the global setup: each test file's database is a copy
 * of it (a file copy inside PostgreSQL, a tenth of the time the migrations take). Nothing connects to it
 * after this, as PostgreSQL requires of a template.
 */
export async function createTemplateDatabase(): Promise<string> {
  const name = `t_template_${randomBytes(6).toString('hex')}`;
  await ensureDatabase(adminUrl(), name);
  const orm = await initORM({ databaseUrl: urlFor(name), poolMax: 1 });
  try {
    await migrate(orm);
  } finally {
    await orm.close();
  }
  return urlFor(name);
}

/** The run's template when it is on the server databases are made on now (a test may point at its own). */
function templateHere(): string | undefined {
  const template = process.env.TEST_PG_TEMPLATE;
  if (!template) return undefined;
  const url = new URL(template);
  const name = url.pathname.slice(1);
  return url.host === new URL(adminUrl()).host && /^[a-z_][a-z0-9_]*$/.test(name) ? name : undefined;
}

/** A copy of `template` named `name`. */
async function copyDatabase(template: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    await client.query(`create database "${name}" template "${template}"`);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, uniquely named database with migrations applied and the catalog loaded: a copy of the run's
 * migrated template when there is one on this server (TEST_PG_TEMPLATE, set by the global setup), and the migrations
 * run on it all the same (none is left to apply on a copy).
 */
export async function createTestDatabase(opts: { loadCatalog?: boolean } = {}): Promise<TestDatabase> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const template = templateHere();
  if (template) await copyDatabase(template, name);
  else await ensureDatabase(adminUrl(), name);
  const url = urlFor(name);
  const orm = await initORM({ databaseUrl: url, poolMax: 4 });
  await migrate(orm);
  if (opts.loadCatalog ?? true) await syncCatalog(orm.em.fork(), await readCatalogFile(CATALOG_PATH));
  return {
    name,
    url,
    orm,
    em: () => orm.em.fork(),
    async drop() {
      await orm.close();
      await dropDatabase(adminUrl(), name);
    },
  };
}
