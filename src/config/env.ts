import { DEV_SECRETS, productionProblems, retrySchedule, usdcRouteProblems, type LoadOptions } from './problems.ts';
import { configSchema, type ParsedConfig } from './schema.ts';
import { databaseUrlProblems, effectiveDatabaseUrl } from './database-url.ts';

// Environment variables are read exactly once, here; everything else receives the frozen result.

export type Config = Readonly<
  Omit<ParsedConfig, keyof typeof DEV_SECRETS | 'WEBHOOK_ALLOW_INSECURE_LOCAL'> & {
    [K in keyof typeof DEV_SECRETS]: string;
  } & {
    publicBaseUrl: string;
    /** WEBHOOK_RETRY_SCHEDULE in milliseconds, or the standard schedule. */
    webhookRetryScheduleMs: readonly number[];
    /** As set, else true in development only (see webhookAllowInsecureLocal). */
    WEBHOOK_ALLOW_INSECURE_LOCAL: boolean;
  }
>;

/** Loopback and http webhook targets: as set, else allowed only in development (a local receiver). */
export function webhookAllowInsecureLocal(c: Pick<ParsedConfig, 'NODE_ENV' | 'WEBHOOK_ALLOW_INSECURE_LOCAL'>): boolean {
  return c.WEBHOOK_ALLOW_INSECURE_LOCAL ?? c.NODE_ENV === 'development';
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The address a person on this machine reaches the API at: a wildcard listen address means loopback. */
function browsableHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '[::]' || host === '') return '127.0.0.1';
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, options: LoadOptions = {}): Config {
  // Empty strings count as unset so `FOO=` in a .env file falls back to the default.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const database = { caFile: c.DATABASE_SSL_ROOT_CERT, statementTimeoutMs: c.DB_STATEMENT_TIMEOUT_MS };
  const dbProblems = c.DATABASE_URL ? databaseUrlProblems(c.DATABASE_URL, database) : [];
  if (dbProblems.length) throw new ConfigError(`Invalid configuration:\n${dbProblems.join('\n')}`);
  if (Boolean(c.WORKER_DEPLOYMENT_NAME) !== Boolean(c.WORKER_BUILD_ID))
    throw new ConfigError(
      'Invalid configuration:\n  WORKER_DEPLOYMENT_NAME and WORKER_BUILD_ID: set both (Worker Versioning) or neither',
    );
  const route = usdcRouteProblems(c, options);
  if (route.length) throw new ConfigError(`Invalid configuration:\n${route.join('\n')}`);
  if (c.NODE_ENV === 'production') {
    const problems = productionProblems(c);
    if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  return Object.freeze({
    ...c,
    // TLS and the statement timeout travel in the URL itself, for every client (src/config/database-url.ts).
    DATABASE_URL: c.DATABASE_URL && effectiveDatabaseUrl(c.DATABASE_URL, database),
    GFAVIP_WEBHOOK_SECRET: c.GFAVIP_WEBHOOK_SECRET ?? DEV_SECRETS.GFAVIP_WEBHOOK_SECRET,
    OIDC_CLIENT_SECRET: c.OIDC_CLIENT_SECRET ?? DEV_SECRETS.OIDC_CLIENT_SECRET,
    CHECKOUT_API_KEY: c.CHECKOUT_API_KEY ?? DEV_SECRETS.CHECKOUT_API_KEY,
    RELAY_WEBHOOK_SECRET: c.RELAY_WEBHOOK_SECRET ?? DEV_SECRETS.RELAY_WEBHOOK_SECRET,
    CARD_SIGNING_KEY: c.CARD_SIGNING_KEY ?? DEV_SECRETS.CARD_SIGNING_KEY,
    WEBHOOK_ALLOW_INSECURE_LOCAL: webhookAllowInsecureLocal(c),
    webhookRetryScheduleMs: Object.freeze(retrySchedule(c)),
    publicBaseUrl: (c.PUBLIC_BASE_URL ?? `http://${browsableHost(c.HOST)}:${c.PORT}`).replace(/\/+$/, ''),
  });
}
