import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { loadConfig, type Config } from '../../src/config/env.ts';
import { buildApp } from '../../src/server/app.ts';
import { routeModules, type RouteModule } from '../../src/server/modules.ts';
import type { PaymentSettings } from '../../src/http/deps.ts';
import { appDepsFromConfig } from '../../src/http/deps-from-config.ts';
import { connectTemporal, type TemporalHandle } from '../../src/temporal/connection.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { waitFor } from './wait.ts';

export interface TestApp {
  app: FastifyInstance;
  db: TestDatabase;
  temporal: TemporalHandle;
  config: Config;
  /**
   * Waits until the app has heard every change committed so far (the read cache's barrier, docs/performance.md
   * "The read cache"): for tests that write the database directly, as another process
   * would, and then read through the API at once.
   */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export function testTemporalAddress(): string {
  const address = process.env.TEST_TEMPORAL_ADDRESS;
  if (!address)
    throw new Error('TEST_TEMPORAL_ADDRESS is not set: run the tests through jest (globalSetup starts Temporal).');
  return address;
}

/** Builds the production app over a fresh database and the suite's real Temporal server. */
export async function buildTestApp(
  env: Record<string, string> = {},
  temporalAddress = testTemporalAddress(),
  extra: {
    payments?: PaymentSettings;
    /** Another app's database: a second API process on it. */ db?: TestDatabase;
    /** Route modules after the app's own (src/server/modules.ts): a test fixture's operation. */
    modules?: readonly RouteModule[];
  } = {},
): Promise<TestApp> {
  // Limits high enough for a test file unless a test sets its own.
  // The event-loop check is off: a test runner's own pauses (compiling, other suites) are not overload.
  env = {
    RATE_LIMIT_MAX: '100000',
    RATE_LIMIT_IP_MAX: '100000',
    PROVISION_LIMIT_MAX: '100000',
    MAX_EVENT_LOOP_DELAY_MS: '0',
    ...env,
  };
  const db = extra.db ?? (await createTestDatabase());
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_BASE_URL: 'https://registry.test',
    DATABASE_URL: db.url,
    TEMPORAL_ADDRESS: temporalAddress,
    LOG_LEVEL: 'silent',
    // The run's root that knows no names (test/helpers/global-setup.ts), unless the test gives its own.
    ...(process.env.VERIFY_DNS_ROOT && { VERIFY_DNS_ROOT: process.env.VERIFY_DNS_ROOT }),
    ...env,
  });
  const temporal = connectTemporal({
    address: temporalAddress,
    namespace: config.TEMPORAL_NAMESPACE,
    security: 'plain',
  });
  const app = await buildApp(
    await appDepsFromConfig(config, {
      orm: db.orm,
      temporal,
      probeTimeoutMs: 1500,
      sessionSecret: 'test-session-secret-0123456789abcdef',
      ...(extra.payments ? { payments: extra.payments } : {}),
    }),
    undefined,
    extra.modules && [...routeModules, ...extra.modules],
  );
  await app.ready();
  return {
    app,
    db,
    temporal,
    config,
    settled: () =>
      app.publicCache.barrier((token) =>
        db.orm.em.fork().getConnection().execute(`select pg_notify('public_change', ?)`, [token]),
      ),
    async close() {
      await app.close();
      await temporal.close();
      if (!extra.db) await db.drop();
    },
  };
}

/** A registration request (POST /api/v1/domains/register) as `registerDomain` sends it. */
export interface RegisterRequest {
  /** Who asks and how: `x-api-key`, a bearer token or session cookie, a credential (`authorization`), an `idempotency-key`. */
  headers?: Record<string, string>;
  /** `payment_method`; left out, the request names none and gets the API's default route (mpp). */
  method?: string;
  /** Fields added to the body or put in place of its defaults (`years`, `namespace`, `receipt`, `coupon_code` …). */
  body?: Record<string, unknown>;
  /** The caller's address, for the limits kept per address. */
  remoteAddress?: string;
}

/**
 * Registers `label` through the app (inject): a one-year `.agent` name with the terms agreed, unless
 * `request` says otherwise. The answer as it came: a test asserts on it.
 */
export function registerDomain(
  app: FastifyInstance,
  label: string,
  request: RegisterRequest = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/v1/domains/register',
    headers: request.headers ?? {},
    payload: {
      domain: label,
      namespace: 'agent',
      years: 1,
      agreed_to_terms: true,
      ...(request.method ? { payment_method: request.method } : {}),
      ...request.body,
    },
    ...(request.remoteAddress ? { remoteAddress: request.remoteAddress } : {}),
  });
}

/**
 * `registerDomain` for a registration that must be done when answered (gems: active at once): the full
 * name, or an error with the answer when it is not a 200.
 */
export async function registered(app: FastifyInstance, label: string, request: RegisterRequest = {}): Promise<string> {
  const res = await registerDomain(app, label, request);
  if (res.statusCode !== 200) throw new Error(`registering ${label}: ${res.statusCode} ${res.body}`);
  const namespace = request.body?.namespace;
  return `${label}.${typeof namespace === 'string' ? namespace : 'agent'}`;
}

/**
 * Holds the one in-flight slot (MAX_IN_FLIGHT=1, docs/performance.md "Overload") of the app listening at
 * `base`: a quote whose body is only half sent is in flight until the rest arrives. Answers once the slot
 * is taken (another request is refused 503), however long the app takes to read the half sent. `finish`
 * sends the rest and gives the raw answer; `release` drops the connection.
 */
export async function holdSlot(base: string) {
  const body = JSON.stringify({ domain: 'held', namespace: 'agent', years: 1 });
  let slow: Socket | undefined;
  let answer = '';
  const open = async () => {
    slow?.destroy();
    answer = '';
    const socket = connect(Number(new URL(base).port), '127.0.0.1');
    await once(socket, 'connect');
    socket.on('data', (d: Buffer) => (answer += d.toString()));
    socket.write(
      `POST /api/v1/domains/quote HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
    );
    slow = socket;
  };
  await open();
  await waitFor('a half-sent request to hold the slot', async () => {
    // Refused because the check below held the slot when it arrived: sent again.
    if (answer) await open();
    const other = await fetch(`${base}/api/v1/lookup/nobody.agent`);
    await other.body?.cancel();
    return other.status === 503;
  });
  const held = slow as Socket;
  return {
    async finish(): Promise<string> {
      held.write(body.slice(5));
      await waitFor('the held request to be answered', () => answer.length > 0);
      return answer;
    },
    release: () => void held.destroy(),
  };
}

/**
 * The USDC route opened in configuration for tests that never reach its relay (the quote, capability
 * records): the relay address answers nothing, and nothing in those tests asks it.
 */
export const USDC_ROUTE_CONFIG = {
  MPP_BASE_MAINNET_ENABLED: 'true',
  CHECKOUT_URL: 'http://127.0.0.1:9',
  USDC_ADDRESS: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
  USDC_PAY_TO: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
} as const;
