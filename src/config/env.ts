import { z } from 'zod';
import { DEFAULT_RETRY_SCHEDULE_MS, MIN_RETRY_SPAN_MS, scheduleSpanMs } from '../domain/webhook-delivery.ts';
import { MAX_GRACE_DAYS } from '../domain/expiring.ts';

// Environment variables are read exactly once, here; everything else receives the frozen result.
const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Where a process serves its metrics: `host:port` (`[v6]:port`), port 0 for any free one, or `off`. */
const listenAddress = z
  .string()
  .regex(/^(off|[A-Za-z0-9.-]+:\d{1,5}|\[[0-9A-Fa-f:.]+\]:\d{1,5})$/, 'must be host:port or off')
  .transform((v) => {
    if (v === 'off') return null;
    const at = v.lastIndexOf(':');
    return { host: v.slice(0, at).replace(/^\[|\]$/g, ''), port: Number(v.slice(at + 1)) };
  })
  .refine((a) => a === null || a.port <= 65535, 'the port must be at most 65535');

const decimal = z.string().regex(/^\d+(\.\d+)?$/, 'must be a non-negative decimal number');

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  // Behind a reverse proxy: trust X-Forwarded-For for the client address (per-address rate limits and
  // the anonymous checkout cap): `true`, or a comma-separated list of the proxies' addresses/CIDRs.
  TRUST_PROXY: z.string().optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_BASE_URL: z.url().optional(),
  // Metrics (docs/operations.md "Monitoring"): each process serves GET /metrics on a port of its own,
  // off the public port; METRICS_ON_API_PORT also serves the API's on PORT. STALLED_RUN_SECONDS: how long
  // a paid checkout may sit in verifying or activating before the worker's gauge counts it as stalled.
  API_METRICS_ADDRESS: listenAddress.prefault('127.0.0.1:9464'),
  WORKER_METRICS_ADDRESS: listenAddress.prefault('127.0.0.1:9465'),
  METRICS_ON_API_PORT: bool.default(false),
  STALLED_RUN_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Traces (docs/tracing.md): set, the API and the worker export spans by OTLP over HTTP to this collector
  // (the exporter itself reads it and the other standard OTEL_EXPORTER_OTLP_* variables); unset, no
  // tracing runs. The service name defaults to registry-api or registry-worker.
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  OTEL_SERVICE_NAME: z.string().optional(),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(64 * 1024),
  DATA_DIR: z.string().default('.data'),
  CATALOG_PATH: z.string().default('catalog/namespaces.json'),

  DATABASE_URL: z.string().optional(),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  DB_POOL_MAX: z.coerce.number().int().min(1).default(10),

  TEMPORAL_ADDRESS: z.string().optional(),
  TEMPORAL_NAMESPACE: z.string().default('default'),
  TEMPORAL_TASK_QUEUE: z.string().default('registry'),
  TEMPORAL_CLI_PATH: z.string().optional(),
  TEMPORAL_DEV_PORT: z.coerce.number().int().min(1).max(65535).default(7233),
  TEMPORAL_UI_PORT: z.coerce.number().int().min(1).max(65535).default(8233),

  GEM_USD_RATE: decimal.default('0.01'),
  MPP_CURRENCY: z.enum(['pathUSD', 'USDC']).default('pathUSD'),
  TEMPO_CHAIN_ID: z.coerce.number().int().positive().default(4217),
  MPP_BASE_MAINNET_ENABLED: bool.default(false),
  BENCH_ROUTES: bool.default(false),
  // Webhooks to http and loopback targets (a receiver on this machine). Unset: allowed in development
  // (what `npm start` runs, so examples/webhook-receiver.ts works as it is), refused in test and production.
  WEBHOOK_ALLOW_INSECURE_LOCAL: bool.optional(),
  // Webhook delivery (docs/webhooks.md "Delivery"): seconds to wait before each attempt (unset: the
  // standard schedule of about 77 hours; production refuses one shorter than three days), the hours of
  // unbroken failure after which a subscription is disabled, and the dispatcher's safety-net poll.
  WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'must be comma-separated whole seconds, e.g. 0,5,300')
    .optional(),
  WEBHOOK_DISABLE_AFTER_HOURS: z.coerce.number().int().min(1).default(120),
  WEBHOOK_DISPATCH_POLL_SECONDS: z.coerce.number().min(0.1).max(3600).default(5),
  OUTBOX_DISPATCH_WINDOW_MS: z.coerce.number().int().min(0).max(5000).default(500),

  // Machine payments: mppx's Tempo `charge` method on a Tempo chain (TEMPO_CHAIN_ID; MPP_SECRET, shared by
  // the API and the worker, binds challenges). Unset CHAIN_RPC_URL: `npm start` runs a local
  // `anvil --network tempo` (chain id 1337, pathUSD at 0x20c0…0000) and points MPP_TOKEN_ADDRESS and
  // MPP_PAY_TO at it.
  CHAIN_RPC_URL: z.url().optional(),
  ANVIL_PORT: z.coerce.number().int().min(1).max(65535).default(8545),
  MPP_TOKEN_ADDRESS: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/)
    .optional(),
  MPP_PAY_TO: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/)
    .optional(),
  MPP_SECRET: z.string().min(32).optional(),
  // The treasury's key (the receiver of machine payments): it pays sellers' pathUSD proceeds out on
  // chain (docs/market.md "Payouts"). `npm start` uses its local anvil's receiving account.
  PAYOUT_PRIVATE_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/)
    .optional(),
  // The chain RPC payers are told to use (402 body, skill file). Never CHAIN_RPC_URL itself, which may
  // carry a provider key; `npm start` sets it to its local anvil.
  MPP_PUBLIC_RPC_URL: z.url().optional(),
  CHECKOUT_TTL_SECONDS: z.coerce.number().int().min(10).default(900),
  // How long a purchase above a mandate's approval threshold waits for the person (docs/mandates.md "Approvals").
  MANDATE_APPROVAL_TTL_SECONDS: z.coerce.number().int().min(5).default(86400),
  // Unpaid checkouts one holder (an account, or the address of an anonymous payer) may have open at once.
  CHECKOUT_MAX_OPEN: z.coerce.number().int().min(1).default(3),
  // How long an offer stays pending before it lapses and its escrow goes back (docs/market.md "Offers").
  OFFER_TTL_HOURS: z.coerce
    .number()
    .min(0.001)
    .max(24 * 90)
    .default(168),
  WHOLESALE_PERCENT_OFF: z.coerce.number().int().min(0).max(100).default(20),

  // Expiry (docs/registration.md "Expiry"): days a name stays held after its expiry date before it returns to the
  // pool, and how often the worker's schedule sweeps for due names (unset: every 60 s; `npm start`: 5 s).
  GRACE_PERIOD_DAYS: z.coerce.number().int().min(0).max(MAX_GRACE_DAYS).default(30),
  EXPIRY_SWEEP_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  AUTO_RENEW_DAYS_BEFORE: z.coerce.number().int().min(1).max(30).default(3),
  // The USDC route on Base (docs/payments.md "USDC route"): the checkout relay the registry opens sessions at
  // (unset: `npm start` runs ours at CHECKOUT_PORT), the secret the two share, and the relay's own chain
  // settings: the RPC, the USDC contract, the receiver, the key that pays the gas of settlements.
  CHECKOUT_URL: z.url().optional(),
  CHECKOUT_PORT: z.coerce.number().int().min(1).max(65535).default(3002),
  BASE_ANVIL_PORT: z.coerce.number().int().min(1).max(65535).default(8546),
  CHECKOUT_API_KEY: z.string().min(24).optional(),
  BASE_RPC_URL: z.url().optional(),
  USDC_ADDRESS: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/)
    .optional(),
  USDC_PAY_TO: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/)
    .optional(),
  RELAY_SETTLER_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/)
    .optional(),
  RELAY_SETTLEMENT_ENABLED: bool.default(true),
  USDC_MAX_TIMEOUT_SECONDS: z.coerce.number().int().min(30).max(3600).default(300),
  GFAVIP_CHECKOUT_URL: z.url().default('https://checkout.gfavip.example/pay'),
  GFAVIP_WEBHOOK_SECRET: z.string().min(16).optional(),

  // DNS (docs/dns-and-rdap.md "DNS"): the PowerDNS HTTP API that serves the registry's zones (unset: `npm start` runs
  // its own under DATA_DIR on the local ports below, when pdns_server is installed), the nameservers of
  // every zone (`host=glue address`, the address only where the host lies inside the zone; `{namespace}`
  // stands for the namespace) and the SOA contact. `npm start` also registers the native namespaces on a
  // local Handshake regtest root unless HANDSHAKE_ROOT=off.
  PDNS_API_URL: z.url().optional(),
  PDNS_API_KEY: z.string().min(16).optional(),
  PDNS_SERVER_ID: z.string().default('localhost'),
  PDNS_LOCAL_DNS_PORT: z.coerce.number().int().min(1).max(65535).default(5300),
  PDNS_LOCAL_API_PORT: z.coerce.number().int().min(1).max(65535).default(8089),
  DNS_NAMESERVERS: z
    .string()
    .regex(
      /^[a-z0-9.{}_-]+\.(=[0-9a-f.:]+)?(,[a-z0-9.{}_-]+\.(=[0-9a-f.:]+)?)*$/i,
      'a comma-separated list of absolute host names (ending in "."), each optionally "=<glue address>"',
    )
    .default('ns1.{namespace}.=127.0.0.1'),
  DNS_HOSTMASTER: z
    .string()
    .regex(/^[a-z0-9.{}_-]+\.$/i, 'an absolute mailbox name such as hostmaster.{namespace}.')
    .default('hostmaster.{namespace}.'),
  HANDSHAKE_ROOT: z.enum(['local', 'off']).default('local'),
  HANDSHAKE_ROOT_PORT: z.coerce.number().int().min(1).max(65535).default(25349),

  // Identity provider (OIDC). Unset issuer: `npm start` runs the local dev provider on DEV_OIDC_PORT.
  OIDC_ISSUER: z.url().optional(),
  OIDC_AUDIENCE: z.string().default('agent-registry'),
  OIDC_JWKS_URI: z.url().optional(),
  OIDC_INTROSPECTION_URL: z.url().optional(),
  OIDC_CLIENT_ID: z.string().default('agent-registry'),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  DEV_OIDC_PORT: z.coerce.number().int().min(1).max(65535).default(3001),
  BEARER_CACHE_SECONDS: z.coerce.number().int().min(0).default(60),
  SESSION_SECRET: z.string().min(32).optional(),
  SESSION_TTL_HOURS: z.coerce.number().int().positive().default(12),

  // Rate limits (requests per window): per credential, per client address, and for provisioning. With
  // REDIS_URL the counters live in Redis, so every API process shares one limit (docs/api.md "Rate limits").
  REDIS_URL: z.url().optional(),
  // Overload (docs/performance.md "Overload"): requests handled at once before new ones are refused
  // with 503 and Retry-After, and the event-loop delay (ms) past which the same happens (0: not checked).
  MAX_IN_FLIGHT: z.coerce.number().int().min(1).default(512),
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(1000),
  REDIS_KEY_PREFIX: z.string().min(1).max(64).default('registry:'),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
  RATE_LIMIT_IP_MAX: z.coerce.number().int().positive().default(1200),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
  PROVISION_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  PROVISION_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(3600),
});

/**
 * Secrets with a published development value. Outside production the value is filled in so that
 * `npm start` works on a fresh machine; in production each must be set, and never to that value.
 */
export const DEV_SECRETS = {
  GFAVIP_WEBHOOK_SECRET: 'dev-gfavip-webhook-secret',
  CHECKOUT_API_KEY: 'dev-checkout-api-key-not-for-production',
  OIDC_CLIENT_SECRET: 'dev-registry-secret',
} as const;

type Parsed = z.infer<typeof configSchema>;
export type Config = Readonly<
  Omit<Parsed, keyof typeof DEV_SECRETS | 'WEBHOOK_ALLOW_INSECURE_LOCAL'> & {
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
export function webhookAllowInsecureLocal(c: Pick<Parsed, 'NODE_ENV' | 'WEBHOOK_ALLOW_INSECURE_LOCAL'>): boolean {
  return c.WEBHOOK_ALLOW_INSECURE_LOCAL ?? c.NODE_ENV === 'development';
}

const retrySchedule = (c: Parsed): number[] =>
  c.WEBHOOK_RETRY_SCHEDULE
    ? c.WEBHOOK_RETRY_SCHEDULE.split(',').map((s) => Number(s) * 1000)
    : [...DEFAULT_RETRY_SCHEDULE_MS];

/** Every secret production must be given (docs/configuration.md "Production"), with why it is needed. */
function productionProblems(c: Parsed): string[] {
  const required: [keyof Parsed, boolean, string][] = [
    ['SESSION_SECRET', true, 'signs browser session cookies'],
    ['GFAVIP_WEBHOOK_SECRET', true, "authenticates the hosted checkout's paid callback"],
    [
      'MPP_SECRET',
      Boolean(c.MPP_TOKEN_ADDRESS),
      'binds payment challenges to this server (machine payments are configured)',
    ],
    [
      'PAYOUT_PRIVATE_KEY',
      Boolean(c.MPP_TOKEN_ADDRESS),
      "pays sellers' pathUSD proceeds from the treasury (machine payments are configured)",
    ],
    [
      'CHECKOUT_API_KEY',
      c.MPP_BASE_MAINNET_ENABLED,
      'authenticates the registry at the checkout relay (the base-mainnet route is enabled)',
    ],
    ['PDNS_API_KEY', Boolean(c.PDNS_API_URL), 'authenticates the registry at the PowerDNS API (PDNS_API_URL is set)'],
    [
      'OIDC_CLIENT_SECRET',
      Boolean(c.OIDC_ISSUER),
      'authenticates this service at the identity provider (OIDC_ISSUER is set)',
    ],
  ];
  const problems: string[] = [];
  for (const [name, needed, why] of required) {
    if (needed && !c[name]) problems.push(`  ${name}: required in production (${why})`);
  }
  for (const [name, dev] of Object.entries(DEV_SECRETS)) {
    if (c[name as keyof Parsed] === dev)
      problems.push(`  ${name}: the published development value cannot be used in production`);
  }
  if (c.WEBHOOK_ALLOW_INSECURE_LOCAL)
    problems.push('  WEBHOOK_ALLOW_INSECURE_LOCAL: webhooks to http and loopback are for local development only');
  if (c.PDNS_API_URL && /=(127\.|::1$|::1,)/.test(c.DNS_NAMESERVERS))
    problems.push('  DNS_NAMESERVERS: production nameservers need public glue addresses, not loopback');
  if (c.WEBHOOK_RETRY_SCHEDULE && scheduleSpanMs(retrySchedule(c)) < MIN_RETRY_SPAN_MS)
    problems.push('  WEBHOOK_RETRY_SCHEDULE: production retries a delivery for at least three days');
  return problems;
}

export interface LoadOptions {
  /**
   * `npm start`: what it runs itself when unset counts as given, because it fills it in for the
   * processes it starts — its checkout relay (CHECKOUT_URL), its Base chain with USDC deployed
   * (USDC_ADDRESS, unless BASE_RPC_URL is set) and its chain's receiving account (USDC_PAY_TO, unless
   * CHAIN_RPC_URL is set). The API and the worker it starts check the filled-in values in full.
   */
  localStack?: boolean;
}

/** The USDC route, once enabled, needs its relay and token; payers are sent to the relay, so HTTPS in production. */
function usdcRouteProblems(c: Parsed, { localStack = false }: LoadOptions): string[] {
  if (!c.MPP_BASE_MAINNET_ENABLED) return [];
  const problems: string[] = [];
  const why = 'required when MPP_BASE_MAINNET_ENABLED is set (docs/payments.md "USDC route")';
  if (!c.CHECKOUT_URL && !localStack) problems.push(`  CHECKOUT_URL: ${why}`);
  if (!c.USDC_ADDRESS && !(localStack && !c.BASE_RPC_URL)) problems.push(`  USDC_ADDRESS: ${why}`);
  if (!c.USDC_PAY_TO && !c.MPP_PAY_TO && !(localStack && !c.CHAIN_RPC_URL)) problems.push(`  USDC_PAY_TO: ${why}`);
  if (c.NODE_ENV === 'production' && c.CHECKOUT_URL && !c.CHECKOUT_URL.startsWith('https://'))
    problems.push('  CHECKOUT_URL: payers settle there, so it must be HTTPS in production');
  return problems;
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
  const route = usdcRouteProblems(c, options);
  if (route.length) throw new ConfigError(`Invalid configuration:\n${route.join('\n')}`);
  if (c.NODE_ENV === 'production') {
    const problems = productionProblems(c);
    if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  return Object.freeze({
    ...c,
    GFAVIP_WEBHOOK_SECRET: c.GFAVIP_WEBHOOK_SECRET ?? DEV_SECRETS.GFAVIP_WEBHOOK_SECRET,
    OIDC_CLIENT_SECRET: c.OIDC_CLIENT_SECRET ?? DEV_SECRETS.OIDC_CLIENT_SECRET,
    CHECKOUT_API_KEY: c.CHECKOUT_API_KEY ?? DEV_SECRETS.CHECKOUT_API_KEY,
    WEBHOOK_ALLOW_INSECURE_LOCAL: webhookAllowInsecureLocal(c),
    webhookRetryScheduleMs: Object.freeze(retrySchedule(c)),
    publicBaseUrl: (c.PUBLIC_BASE_URL ?? `http://${browsableHost(c.HOST)}:${c.PORT}`).replace(/\/+$/, ''),
  });
}
