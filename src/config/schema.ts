import { z } from 'zod';
import { MAX_GRACE_DAYS } from '../domain/expiring.ts';

// Each variable of the configuration, its form and its default, said once: loadConfig (env.ts) parses
// the environment with this schema, and tests keep docs/configuration.md and .env.example in step with it.

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
/** An EVM account or contract address, and a private key: hex of 20 and 32 bytes. */
const evmAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/);
const privateKey = z.string().regex(/^0x[0-9a-fA-F]{64}$/);

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
  RELAY_DB_POOL_MAX: z.coerce.number().int().min(1).default(5),
  DATABASE_SSL_ROOT_CERT: z.string().optional(),
  CARD_SIGNING_KEY: z
    .string()
    .refine((s) => {
      try {
        const k = JSON.parse(s) as Record<string, unknown>;
        return k.kty === 'EC' && k.crv === 'P-256' && typeof k.d === 'string';
      } catch {
        return false;
      }
    }, 'a private EC P-256 JWK, as JSON')
    .optional(),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),

  TEMPORAL_ADDRESS: z.string().optional(),
  TEMPORAL_NAMESPACE: z.string().default('default'),
  TEMPORAL_TASK_QUEUE: z.string().default('registry'),
  // A secured Temporal: read by @temporalio/envconfig from the environment itself (src/temporal/target.ts);
  // declared here so that a value that cannot work is refused with the rest, and documented with them.
  TEMPORAL_API_KEY: z.string().optional(),
  TEMPORAL_TLS: z.enum(['true', 'false', '1', '0']).optional(),
  TEMPORAL_TLS_SERVER_CA_CERT_PATH: z.string().optional(),
  TEMPORAL_TLS_SERVER_NAME: z.string().optional(),
  TEMPORAL_TLS_CLIENT_CERT_PATH: z.string().optional(),
  TEMPORAL_TLS_CLIENT_KEY_PATH: z.string().optional(),
  TEMPORAL_PROFILE: z.string().optional(),
  TEMPORAL_CONFIG_FILE: z.string().optional(),
  // Worker Versioning (docs/operations.md "Rolling out a worker"): both set, or neither.
  WORKER_DEPLOYMENT_NAME: z.string().optional(),
  WORKER_BUILD_ID: z.string().optional(),
  WORKER_VERSIONING_BEHAVIOR: z.enum(['AUTO_UPGRADE', 'PINNED']).default('AUTO_UPGRADE'),
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
  MPP_TOKEN_ADDRESS: evmAddress.optional(),
  MPP_PAY_TO: evmAddress.optional(),
  MPP_SECRET: z.string().min(32).optional(),
  // The treasury's key (the receiver of machine payments): it pays sellers' pathUSD proceeds out on
  // chain (docs/market.md "Payouts"). `npm start` uses its local anvil's receiving account.
  PAYOUT_PRIVATE_KEY: privateKey.optional(),
  // The chain RPC payers are told to use (402 body, skill file). Never CHAIN_RPC_URL itself, which may
  // carry a provider key; `npm start` sets it to its local anvil.
  MPP_PUBLIC_RPC_URL: z.url().optional(),
  CHECKOUT_TTL_SECONDS: z.coerce.number().int().min(10).default(900),
  // The settlement run's fallback looks at the relay (docs/payments.md "Waiting for a relay session"): the
  // first wait and the longest; a relay that sends no notices wants shorter ones.
  RELAY_LOOK_FIRST_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  RELAY_LOOK_MAX_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  // How long a purchase above a mandate's approval threshold waits for the person (docs/mandates.md "Approvals").
  MANDATE_APPROVAL_TTL_SECONDS: z.coerce.number().int().min(5).default(86400),
  // How long a request to lift a name's registrar lock waits before it takes effect without a second person's
  // approval (docs/teams.md "Registrar lock"); anyone who manages the name may cancel it meanwhile.
  REGISTRAR_UNLOCK_DELAY_SECONDS: z.coerce.number().int().min(1).max(2_592_000).default(86400),
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
  // The relay's notice that a session changed (docs/payments.md "Waiting for a relay session"): the secret
  // the relay signs it with and the registry checks (Standard Webhooks: `whsec_…`, or any 24 characters),
  // and where the relay sends it (the registry's POST /api/v1/checkout/relay/events; unset: no notices,
  // and settlement runs find changes by polling alone).
  RELAY_WEBHOOK_SECRET: z.string().min(24).optional(),
  RELAY_WEBHOOK_URL: z.url().optional(),
  BASE_RPC_URL: z.url().optional(),
  USDC_ADDRESS: evmAddress.optional(),
  USDC_PAY_TO: evmAddress.optional(),
  RELAY_SETTLER_KEY: privateKey.optional(),
  RELAY_SETTLEMENT_ENABLED: bool.default(true),
  USDC_MAX_TIMEOUT_SECONDS: z.coerce.number().int().min(30).max(3600).default(300),
  // A name's entry in an ERC-8004 identity registry on Base (docs/discovery.md "On chain"): the registry
  // (the canonical one on Base is 0x8004A169FB4a3325136EB29fA0ceB6D2e539a432; `npm start` deploys ours on
  // its local Base chain), the chain id, the registrar's key (it pays the gas and holds the identities)
  // and the price in gems. Unset registry or key: the operation is not offered.
  ERC8004_REGISTRY_ADDRESS: evmAddress.optional(),
  ERC8004_CHAIN_ID: z.coerce.number().int().positive().default(8453),
  ERC8004_SIGNER_KEY: privateKey.optional(),
  ERC8004_PRICE_GEMS: z.coerce.number().int().min(1).max(1_000_000).default(500),
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
  // Every zone signed by PowerDNS online (its backend must keep keys: gsqlite3-dnssec, gpgsql-dnssec), each
  // name's DS in its delegation (docs/dns-and-rdap.md "DNSSEC").
  DNS_DNSSEC: bool.default(true),
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
  // The verifier (GET /api/v1/verify/{name}, docs/discovery.md "Verify an agent"): checks per client address
  // per minute (each asks DNS, hosts and a chain), and where its validating resolver starts. Trust anchor: a
  // DS line, the Handshake root's by default; root: host:port of a root server (unset: unbound's own root
  // hints); stubs: zone=host:port,… asked directly (npm start points its namespaces at the local PowerDNS).
  VERIFY_LIMIT_MAX: z.coerce.number().int().positive().default(30),
  VERIFY_TRUST_ANCHOR: z
    .string()
    .regex(/^\S+ DS \d+ \d+ \d+ [0-9A-Fa-f]+$/, 'must be a DS line, e.g. ". DS 35215 13 2 7C50…"')
    .optional(),
  VERIFY_DNS_ROOT: z
    .string()
    .regex(/^[^\s:]+:\d+$|^\[[0-9a-fA-F:]+\]:\d+$/, 'must be host:port')
    .optional(),
  VERIFY_DNS_STUBS: z
    .string()
    .regex(/^[a-z0-9.-]+=[^\s,=]+:\d+(,[a-z0-9.-]+=[^\s,=]+:\d+)*$/, 'must be zone=host:port,…')
    .optional(),
  VERIFY_UNBOUND_HOST_PATH: z.string().min(1).default('unbound-host'),
});

export type ParsedConfig = z.infer<typeof configSchema>;
