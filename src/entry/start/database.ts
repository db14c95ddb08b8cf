import { resolve } from 'node:path';
import type { Config } from '../../config/env.ts';
import { startEmbeddedPostgres, type EmbeddedPg } from '../../infra/embedded-postgres.ts';
import { migrateAndLoadCatalog } from '../migrate.ts';
import type { StartupStack } from './stack.ts';

const hidePassword = (url: string) => url.replace(/:[^:@/]+@/, ':***@');

/**
 * PostgreSQL: DATABASE_URL's server, else an embedded one under DATA_DIR; migrated and the catalog
 * loaded either way. Returns the database's URL.
 */
export async function startDatabase(config: Config, stack: StartupStack): Promise<string> {
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    let pg: EmbeddedPg;
    try {
      pg = await startEmbeddedPostgres({
        dataDir: resolve(stack.dataDir, 'postgres'),
        port: config.EMBEDDED_PG_PORT,
        databases: ['registry'],
      });
    } catch (err) {
      await stack.fail(
        'PostgreSQL',
        (err as Error).message,
        `  - free port ${config.EMBEDDED_PG_PORT} or set EMBEDDED_PG_PORT, or\n  - set DATABASE_URL=postgres://user:pass@host:5432/db to use a server you run.`,
      );
      throw err;
    }
    stack.onStop(() => pg.stop());
    databaseUrl = pg.url('registry');
    stack.say('PostgreSQL', `${hidePassword(databaseUrl)} (embedded, data in ${resolve(stack.dataDir, 'postgres')})`);
  } else {
    stack.say('PostgreSQL', `${hidePassword(databaseUrl)} (DATABASE_URL)`);
  }

  try {
    const { applied, catalog } = await migrateAndLoadCatalog(databaseUrl, config.CATALOG_PATH);
    stack.say('Migrations', applied.length ? `applied ${applied.join(', ')}` : 'up to date');
    stack.say('Catalog', `${catalog.version}: ${catalog.count} namespaces`);
  } catch (err) {
    await stack.fail(
      'PostgreSQL',
      `migrations failed: ${(err as Error).message}`,
      '  - check DATABASE_URL and that the database accepts connections.',
    );
  }
  return databaseUrl;
}
