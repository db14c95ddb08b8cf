import { accessSync, constants } from 'node:fs';
import { isIP } from 'node:net';
import type { ClientConfig } from 'pg';
import { parseIntoClientConfig } from 'pg-connection-string';

// How every process reaches PostgreSQL, said once in DATABASE_URL (docs/operations.md "PostgreSQL over TLS"):
// libpq's own parameters (`sslmode`, `sslrootcert`, `sslcert`, `sslkey`, `options`) carry TLS and the
// statement timeout, so the ORM's pool, the LISTEN connections and the relay's pool all read the same
// thing. The CA file setting and the timeout setting are folded into the URL once, when the
// configuration loads.

/** sslmode values pg honours; `require` and `verify-ca` are verified as `verify-full` (pg's default). */
const SSL_MODES = new Set(['disable', 'require', 'verify-ca', 'verify-full', 'no-verify']);

export interface DatabaseSettings {
  /** DATABASE_SSL_ROOT_CERT: the CA that signed the server's certificate, when not in the URL. */
  caFile?: string | undefined;
  /** DB_STATEMENT_TIMEOUT_MS; 0 is none. */
  statementTimeoutMs: number;
}

/** Each thing in the URL or the settings that cannot work, naming it; empty when all can. */
export function databaseUrlProblems(url: string, s: DatabaseSettings): string[] {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return ['  DATABASE_URL: not a URL (postgres://user:password@host:5432/database)'];
  }
  const problems: string[] = [];
  const mode = parsed.searchParams.get('sslmode');
  if (mode !== null && !SSL_MODES.has(mode))
    problems.push(`  DATABASE_URL: sslmode=${mode} is not supported; use disable, verify-full (or require, verify-ca)`);
  const files: [string, string | null | undefined][] = [
    ['DATABASE_SSL_ROOT_CERT', s.caFile],
    ['DATABASE_URL sslrootcert', parsed.searchParams.get('sslrootcert')],
    ['DATABASE_URL sslcert', parsed.searchParams.get('sslcert')],
    ['DATABASE_URL sslkey', parsed.searchParams.get('sslkey')],
  ];
  for (const [name, path] of files) {
    if (!path) continue;
    try {
      accessSync(path, constants.R_OK);
    } catch {
      problems.push(`  ${name}: cannot read ${path}`);
    }
  }
  if (s.caFile && parsed.searchParams.has('sslrootcert'))
    problems.push('  DATABASE_SSL_ROOT_CERT: DATABASE_URL names an sslrootcert too; keep one');
  return problems;
}

/**
 * The URL every client connects with: the CA file as `sslrootcert` (and `sslmode=verify-full` when the
 * URL names none: a CA given is a CA to verify against), the statement timeout as a server option.
 * Idempotent: a URL already carrying them is returned unchanged.
 */
export function effectiveDatabaseUrl(url: string, s: DatabaseSettings): string {
  const u = new URL(url);
  const q = u.searchParams;
  if (s.caFile && !q.has('sslrootcert')) {
    q.set('sslrootcert', s.caFile);
    if (!q.has('sslmode')) q.set('sslmode', 'verify-full');
  }
  const options = q.get('options') ?? '';
  if (s.statementTimeoutMs > 0 && !/statement_timeout/.test(options))
    q.set('options', `${options} -c statement_timeout=${s.statementTimeoutMs}`.trim());
  return u.toString();
}

/**
 * The pg client configuration of a URL, for every client (the ORM's pool, LISTEN connections, the relay).
 * One fix over pg's own parsing: pg verifies a server reached by IP address (127.0.0.1) against the name
 * "localhost", as Node's TLS does when no host is given; the address itself is the name to check.
 */
export function pgClientConfig(url: string): ClientConfig {
  const c = parseIntoClientConfig(url);
  if (c.ssl && typeof c.ssl === 'object' && c.host && isIP(c.host) !== 0) c.ssl = { ...c.ssl, host: c.host };
  return c;
}

/** What the ORM's pg pool needs beside host, port, user and database (which it reads from the URL itself). */
export function poolOptionsOf(url: string): Pick<ClientConfig, 'ssl' | 'options'> {
  const c = pgClientConfig(url);
  return {
    ...(c.ssl !== undefined && { ssl: c.ssl }),
    ...(c.options !== undefined && { options: c.options }),
  };
}
