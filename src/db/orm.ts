import { MikroORM } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { entities } from './entities/index.ts';
import { migrationsList } from './migrations/index.ts';
import { AuditSubscriber } from './audit-subscriber.ts';
import { poolOptionsOf } from '../config/database-url.ts';

export type Orm = MikroORM;

export interface OrmOptions {
  databaseUrl: string;
  poolMax?: number;
  debug?: boolean;
}

// The one place the ORM is configured: the API, the worker, migrations and tests all call this.
export async function initORM(opts: OrmOptions): Promise<Orm> {
  return MikroORM.init({
    clientUrl: opts.databaseUrl,
    entities,
    extensions: [Migrator],
    // Each mutating request's audit event, in the transaction of its change (docs/teams.md "Audit trail").
    subscribers: [new AuditSubscriber()],
    debug: opts.debug ?? false,
    pool: { min: 0, max: opts.poolMax ?? 10 },
    // The ORM reads only host, port, user, password and database from its URL; TLS (sslmode,
    // sslrootcert) and the server options (the statement timeout) are handed to its pg pool here, so
    // that it connects as every other client of DATABASE_URL does (src/config/database-url.ts).
    driverOptions: poolOptionsOf(opts.databaseUrl),
    // No schema snapshot files: migrations are written by hand and listed in migrations/index.ts.
    migrations: { migrationsList, transactional: true, allOrNothing: true, silent: true, snapshot: false },
    // Entities are declared with defineEntity; no reflection or file discovery is needed.
    discovery: { warnWhenNoEntities: true },
  });
}

export async function migrate(orm: Orm): Promise<string[]> {
  const done = await orm.migrator.up();
  return done.map((m) => m.name);
}
