import pg from 'pg';
import { countsPerOp, countsSpent, type Counts } from './counts.ts';

// What a registration asks of PostgreSQL (issue 52: count the round trips and transactions): the bench
// database's transactions (pg_stat_database) and, where pg_stat_statements is loaded (the bench's embedded
// server loads it), each statement's calls. Read before and after a side of a round, as the CPU is; the
// difference over the side's completions is the work per operation, everything the database ran for that
// database included (the API, the worker, the outbox dispatcher, the expiry sweep), so the empty
// workflow's side beside it shows what runs with no registration at all.

/** The embedded server's settings that make statements countable. */
export const STATEMENT_COUNT_FLAGS = ['-c', 'shared_preload_libraries=pg_stat_statements'];

export interface DbWork {
  transactions: number;
  /** Calls per statement text (null: pg_stat_statements is not loaded on this server). */
  statements: Counts | null;
}

export interface DbProbe {
  read: () => Promise<DbWork>;
  close: () => Promise<void>;
}

/** Opens one connection to the bench database; creates the extension where the server has it loaded. */
export async function openDbProbe(databaseUrl: string): Promise<DbProbe> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const loaded = await client
    .query('create extension if not exists pg_stat_statements')
    .then(() => client.query('select 1 from pg_stat_statements limit 1'))
    .then(
      () => true,
      () => false,
    );
  return {
    async read() {
      const x = await client.query<{ n: string }>(
        'select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()',
      );
      const statements = loaded
        ? new Map(
            (
              await client.query<{ query: string; calls: string }>(
                `select query, sum(calls)::text as calls from pg_stat_statements
                  where dbid = (select oid from pg_database where datname = current_database()) group by query`,
              )
            ).rows.map((r) => [r.query, Number(r.calls)]),
          )
        : null;
      return { transactions: Number(x.rows[0]?.n ?? 0), statements };
    },
    close: () => client.end(),
  };
}

/** after - before; statements whose count did not move are left out. */
export function dbWorkSpent(before: DbWork, after: DbWork): DbWork {
  return {
    transactions: after.transactions - before.transactions,
    statements: before.statements && after.statements ? countsSpent(before.statements, after.statements) : null,
  };
}

/** Per operation over several sides: transactions, statements in all, and the busiest statements. */
export interface DbWorkPerOp {
  transactions: number;
  statements: number | null;
  top: { query: string; per_op: number }[];
}

export function dbWorkPerOp(sides: { done: number; db: DbWork }[], top = 20): DbWorkPerOp {
  const done = Math.max(
    sides.reduce((a, s) => a + s.done, 0),
    1,
  );
  const counted = sides.every((s) => s.db.statements);
  const perOp = countsPerOp(sides.map((s) => ({ done: s.done, counts: s.db.statements ?? new Map() })));
  return {
    transactions: sides.reduce((a, s) => a + s.db.transactions, 0) / done,
    statements: counted ? perOp.reduce((a, [, n]) => a + n, 0) : null,
    top: perOp.slice(0, top).map(([query, per_op]) => ({ query: query.replace(/\s+/g, ' ').slice(0, 160), per_op })),
  };
}
