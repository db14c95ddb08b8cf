import { initORM, type Orm } from '../db/orm.ts';

// How a process opens its database at start. A server that refuses us for a reason a setting fixes (its
// certificate not trusted, TLS required or not offered, a wrong password) stops the process with one line
// naming the setting, exit 2; a server that is not up yet does not (the API reports not ready until it is).

const TLS_TRUST = /SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER|CERT_|ERR_TLS_CERT_ALTNAME|certificate/i;

/** The setting to look at, or null when the server was merely unreachable. */
export function databaseRefusal(err: unknown, url: string): string | null {
  const e = err as { code?: string; message?: string };
  const text = e.message ?? String(err);
  const at = `PostgreSQL at ${hostOf(url)}`;
  if (TLS_TRUST.test(e.code ?? '') || TLS_TRUST.test(text))
    return `${at}: its certificate is not trusted (${text}): set DATABASE_SSL_ROOT_CERT (or sslrootcert in DATABASE_URL) to the CA that signed it, and connect to the name on the certificate (sslmode=verify-full)`;
  if (/does not support SSL/i.test(text))
    return `${at} does not offer TLS (${text}): turn ssl on at the server, or drop sslmode from DATABASE_URL`;
  if (e.code === '28000' || /no pg_hba.conf entry|SSL off/i.test(text))
    return `${at} refused this connection (${text}): a server that requires TLS needs sslmode=verify-full in DATABASE_URL`;
  if (e.code === '28P01' || /password authentication failed/i.test(text))
    return `${at} refused the user or password in DATABASE_URL (${text})`;
  return null;
}

function hostOf(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || 5432}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/** The ORM over DATABASE_URL, or exit 2 when the server refuses us (see above). */
export async function openDatabaseOrExit(databaseUrl: string, poolMax: number): Promise<Orm> {
  const orm = await initORM({ databaseUrl, poolMax });
  // One query, for the driver's own error (the ORM's checkConnection() reports only "not established").
  try {
    await orm.em.getConnection().execute('select 1');
  } catch (err) {
    const refusal = databaseRefusal(err, databaseUrl);
    if (refusal) {
      console.error(refusal);
      await orm.close(true);
      process.exit(2);
    }
  }
  return orm;
}
