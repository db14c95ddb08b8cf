import { setTimeout as sleep } from 'node:timers/promises';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { API_NODE_FLAGS } from './node-flags.ts';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { startEmbeddedPostgres, type EmbeddedPg } from '../infra/embedded-postgres.ts';
import { MissingTemporalCliError, startTemporalDevServer } from '../infra/temporal-dev-server.ts';
import { migrateAndLoadCatalog } from './migrate.ts';
import { startDevOidcProvider } from '../infra/dev-oidc/provider.ts';
import { privateKeyToAccount } from 'viem/accounts';
import {
  ANVIL_PAYER_KEYS,
  ANVIL_RELAY_KEY,
  setIntervalMining,
  ANVIL_TREASURY_KEY,
  LOCAL_TEMPO_CHAIN_ID,
  startAnvil,
  TEMPO_PATH_USD,
} from '../infra/anvil.ts';
import { deployUsdc, mintUsdc } from '../infra/usdc.ts';
import { POWERDNS_INSTALL_HINT, powerDnsBinary, startLocalPowerDns } from '../infra/powerdns.ts';
import { startHandshakeRoot } from '../infra/handshake-root.ts';
import { readCatalogFile } from '../db/catalog-file.ts';
import { zoneAuthority } from '../dns/authority.ts';
import { BASE_MAINNET_CHAIN_ID } from '../domain/quote.ts';
import { ConfigError, loadConfig, type Config } from '../config/env.ts';

// `npm start`: the whole stack on embedded defaults. Each part is used from the environment when given
// (DATABASE_URL, TEMPORAL_ADDRESS) and started here otherwise; the worker and the API run as child
// processes exactly as they would in production. Ctrl-C stops everything in reverse order.
const DEV_EXPIRY_SWEEP_SECONDS = 5;
const config = loadStartConfig();
const dataDir = resolve(config.DATA_DIR);
// The summary is printed once, last, when the API is ready (issue 38 item 20): nothing a part prints
// while starting can bury it, and the processes' own logs go to files under DATA_DIR/logs, not here.
const summary: string[] = [];
const say = (part: string, text: string) => summary.push(`${part.padEnd(11)} ${text}`);
const logDir = resolve(dataDir, 'logs');
const logFile = (part: string) => resolve(logDir, `${part.toLowerCase()}.log`);
const stops: (() => Promise<void>)[] = [];
let shuttingDown = false;

/**
 * The configuration, with what this script runs itself counting as given (`localStack`): so
 * `MPP_BASE_MAINNET_ENABLED=true npm start` is accepted, the relay, Base chain and receiver it starts
 * filling in CHECKOUT_URL, USDC_ADDRESS and USDC_PAY_TO for the API and the worker.
 */
function loadStartConfig(): Config {
  try {
    return loadConfig(process.env, { localStack: true });
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(2);
  }
}

async function shutdown(code: number): Promise<never> {
  if (!shuttingDown) {
    shuttingDown = true;
    console.log('\nStopping: API, worker, DNS, Temporal, chain, identity provider, PostgreSQL...');
    for (const stop of stops.reverse()) await stop().catch((e) => console.error(`stop failed: ${e}`));
  }
  process.exit(code);
}

function fail(part: string, message: string, fix: string): Promise<never> {
  if (summary.length) console.log(summary.join('\n'));
  console.error(`\n${part} could not start: ${message}\nHow to fix:\n${fix}\n`);
  return shutdown(1);
}

// embedded-postgres installs its own exit hook that stops PostgreSQL on SIGINT and exits with 130 while
// the API and worker may still be draining; this process owns the shutdown order instead.
process.removeAllListeners('SIGINT');
process.removeAllListeners('SIGTERM');
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

console.log(
  'Starting the stack (PostgreSQL, identity provider, chains, Temporal, DNS, worker, API); the summary follows once the API is ready...',
);

// PostgreSQL
let databaseUrl = config.DATABASE_URL;
if (!databaseUrl) {
  let pg: EmbeddedPg;
  try {
    pg = await startEmbeddedPostgres({
      dataDir: resolve(dataDir, 'postgres'),
      port: config.EMBEDDED_PG_PORT,
      databases: ['registry'],
    });
  } catch (err) {
    await fail(
      'PostgreSQL',
      (err as Error).message,
      `  - free port ${config.EMBEDDED_PG_PORT} or set EMBEDDED_PG_PORT, or\n  - set DATABASE_URL=postgres://user:pass@host:5432/db to use a server you run.`,
    );
    throw err;
  }
  stops.push(() => pg.stop());
  databaseUrl = pg.url('registry');
  say('PostgreSQL', `${databaseUrl.replace(/:[^:@/]+@/, ':***@')} (embedded, data in ${resolve(dataDir, 'postgres')})`);
} else {
  say('PostgreSQL', `${databaseUrl.replace(/:[^:@/]+@/, ':***@')} (DATABASE_URL)`);
}

try {
  const { applied, catalog } = await migrateAndLoadCatalog(databaseUrl, config.CATALOG_PATH);
  say('Migrations', applied.length ? `applied ${applied.join(', ')}` : 'up to date');
  say('Catalog', `${catalog.version}: ${catalog.count} namespaces`);
} catch (err) {
  await fail(
    'PostgreSQL',
    `migrations failed: ${(err as Error).message}`,
    '  - check DATABASE_URL and that the database accepts connections.',
  );
}

// Identity provider: the local dev OIDC provider (any username signs in) unless OIDC_ISSUER is set.
let oidcIssuer = config.OIDC_ISSUER;
if (!oidcIssuer && config.NODE_ENV === 'production') {
  await fail(
    'OIDC',
    'the local development provider signs anyone in, so it never runs in production.',
    '  - set OIDC_ISSUER (and OIDC_CLIENT_SECRET) to your identity provider.',
  );
}
if (!oidcIssuer) {
  try {
    const idp = await startDevOidcProvider({
      port: config.DEV_OIDC_PORT,
      audience: config.OIDC_AUDIENCE,
      clients: [
        {
          clientId: config.OIDC_CLIENT_ID,
          clientSecret: config.OIDC_CLIENT_SECRET,
          redirectUris: [`${config.publicBaseUrl}/auth/callback`],
        },
      ],
    });
    stops.push(() => idp.stop());
    oidcIssuer = idp.issuer;
    say(
      'OIDC',
      `${idp.issuer} (local dev provider: any username signs in; sign in at ${config.publicBaseUrl}/auth/login)`,
    );
    say('', 'a bearer token for the API (records, command): npm run ops -- token <username>');
  } catch (err) {
    await fail(
      'OIDC',
      (err as Error).message,
      `  - free port ${config.DEV_OIDC_PORT} or set DEV_OIDC_PORT, or\n  - set OIDC_ISSUER to your identity provider.`,
    );
  }
} else {
  say('OIDC', `${oidcIssuer} (OIDC_ISSUER)`);
}

// Chain: a local Tempo chain (`anvil --network tempo`: pathUSD is its precompile, the dev accounts hold
// it), unless CHAIN_RPC_URL points elsewhere. Stock MPP clients pay it with mppx's own tempo method.
let chainRpcUrl = config.CHAIN_RPC_URL;
let tokenAddress = config.MPP_TOKEN_ADDRESS;
let payTo = config.MPP_PAY_TO;
let tempoChainId = config.TEMPO_CHAIN_ID;
if (!chainRpcUrl) {
  try {
    const anvil = await startAnvil({ port: config.ANVIL_PORT, chainId: LOCAL_TEMPO_CHAIN_ID, network: 'tempo' });
    stops.push(() => anvil.stop());
    chainRpcUrl = anvil.rpcUrl;
    tempoChainId = anvil.chainId;
    tokenAddress = TEMPO_PATH_USD;
    payTo ??= privateKeyToAccount(ANVIL_TREASURY_KEY).address;
    say(
      'Chain',
      `${anvil.rpcUrl} (local anvil --network tempo, chain id ${anvil.chainId}); pathUSD at ${tokenAddress}, payments to ${payTo}`,
    );
    say('', `funded test payer key (public anvil key): ${ANVIL_PAYER_KEYS[0]}`);
    say(
      '',
      `pay with a stock client: MPPX_PRIVATE_KEY=<that key> MPPX_RPC_URL=${anvil.rpcUrl} npx -p mppx@0.11.0 -p viem@2.57.13 mppx <url> (README "For agents: the tools they already carry")`,
    );
  } catch (err) {
    await fail(
      'Chain',
      (err as Error).message,
      `  - free port ${config.ANVIL_PORT} or set ANVIL_PORT, or\n  - set CHAIN_RPC_URL, TEMPO_CHAIN_ID, MPP_TOKEN_ADDRESS and MPP_PAY_TO.`,
    );
  }
} else {
  say('Chain', `${chainRpcUrl} (CHAIN_RPC_URL)`);
}

// The USDC route's chain: a second anvil with chain id 8453 running Circle's FiatToken V2.2 (what
// Base's USDC runs), unless BASE_RPC_URL points at a real Base RPC (then USDC_ADDRESS must be set).
let baseRpcUrl = config.BASE_RPC_URL;
let usdcAddress = config.USDC_ADDRESS;
const usdcPayTo = config.USDC_PAY_TO ?? payTo;
if (!baseRpcUrl) {
  try {
    const base = await startAnvil({ port: config.BASE_ANVIL_PORT, chainId: BASE_MAINNET_CHAIN_ID });
    stops.push(() => base.stop());
    baseRpcUrl = base.rpcUrl;
    usdcAddress = (await deployUsdc(base.rpcUrl, base.chainId)).token;
    for (const key of ANVIL_PAYER_KEYS)
      await mintUsdc(
        base.rpcUrl,
        base.chainId,
        usdcAddress as `0x${string}`,
        privateKeyToAccount(key).address,
        1_000_000_000n,
      );
    // Base mines every two seconds; so does this chain from now on (payers date authorizations by the clock).
    await setIntervalMining(base.rpcUrl, 2);
    say('Base', `${base.rpcUrl} (local anvil, chain id ${base.chainId}); USDC (FiatToken V2.2) at ${usdcAddress}`);
  } catch (err) {
    await fail(
      'Base',
      (err as Error).message,
      `  - free port ${config.BASE_ANVIL_PORT} or set BASE_ANVIL_PORT, or\n  - set BASE_RPC_URL, USDC_ADDRESS and USDC_PAY_TO.`,
    );
  }
} else {
  say('Base', `${baseRpcUrl} (BASE_RPC_URL)`);
}
const checkoutUrl = config.CHECKOUT_URL ?? `http://127.0.0.1:${config.CHECKOUT_PORT}`;
// Our own relay on the local chain costs nothing, so the USDC route is open on a dev stack whether or not
// MPP_BASE_MAINNET_ENABLED says so (an explicit `false` closes it); against a configured relay the
// operator opens it, never implicitly.
const usdcRouteOpen =
  process.env.MPP_BASE_MAINNET_ENABLED !== undefined && process.env.MPP_BASE_MAINNET_ENABLED !== ''
    ? config.MPP_BASE_MAINNET_ENABLED
    : !config.CHECKOUT_URL;

// Temporal
let temporalAddress = config.TEMPORAL_ADDRESS;
if (!temporalAddress) {
  let env: TestWorkflowEnvironment | undefined;
  try {
    env = await startTemporalDevServer({
      cliPath: config.TEMPORAL_CLI_PATH,
      dbFilename: resolve(dataDir, 'temporal.db'),
      port: config.TEMPORAL_DEV_PORT,
      uiPort: config.TEMPORAL_UI_PORT,
      namespace: config.TEMPORAL_NAMESPACE,
    });
  } catch (err) {
    if (err instanceof MissingTemporalCliError) await fail('Temporal', 'no Temporal CLI found.', err.message);
    await fail(
      'Temporal',
      (err as Error).message,
      `  - free ports ${config.TEMPORAL_DEV_PORT} and ${config.TEMPORAL_UI_PORT} (or set TEMPORAL_DEV_PORT / TEMPORAL_UI_PORT), or\n  - set TEMPORAL_ADDRESS=host:7233 to use a server you run.`,
    );
  }
  const server = env as TestWorkflowEnvironment;
  stops.push(() => server.teardown());
  temporalAddress = server.address;
  say('Temporal', `${temporalAddress} (dev server, history in ${resolve(dataDir, 'temporal.db')})`);
  say('Temporal UI', `http://127.0.0.1:${config.TEMPORAL_UI_PORT}`);
} else {
  say('Temporal', `${temporalAddress} (TEMPORAL_ADDRESS)`);
}

/**
 * The naming root: an in-memory Handshake regtest node on which each native namespace is registered
 * and delegated to our nameservers, so a resolver starting at its root is referred to our PowerDNS
 * (docs/dns-and-rdap.md "The naming root"). A failure here leaves DNS itself running.
 */
async function startNamingRoot(pdnsPort: number): Promise<void> {
  try {
    const catalog = await readCatalogFile(config.CATALOG_PATH);
    const namespaces = catalog.namespaces.filter((n) => n.source === 'native').map((n) => n.namespace);
    const authority = zoneAuthority(config);
    const root = await startHandshakeRoot({
      dataDir: resolve(dataDir, 'hsd'),
      namespaces,
      nameservers: (ns) => authority(ns).nameservers,
      rootPort: config.HANDSHAKE_ROOT_PORT,
    });
    stops.push(() => root.stop());
    say(
      'Root',
      `Handshake regtest root on 127.0.0.1:${root.rootPort} delegates ${namespaces.map((n) => `.${n}`).join(' ')}`,
    );
    say(
      '',
      `(dig @127.0.0.1 -p ${root.rootPort} scout.agent NS: a referral to ns1.agent., then ask PowerDNS on port ${pdnsPort})`,
    );
  } catch (err) {
    say('Root', `the Handshake regtest root did not start (${(err as Error).message}); DNS runs without it.`);
  }
}

// DNS: a local PowerDNS under DATA_DIR unless PDNS_API_URL points at one. Without either the service
// still runs; DNS changes wait in their workflows until a backend is configured (docs/dns-and-rdap.md "DNS").
const pdnsEnv: Record<string, string> = {};
if (config.PDNS_API_URL) {
  say('DNS', `${config.PDNS_API_URL} (PDNS_API_URL)`);
} else if (!powerDnsBinary()) {
  say('DNS', `PowerDNS is not installed: ${POWERDNS_INSTALL_HINT}.`);
  say('', 'Running without it: record changes are kept and wait in their namespace zone runs (dns-zone:…).');
} else {
  try {
    const pdns = await startLocalPowerDns({
      dataDir: resolve(dataDir, 'powerdns'),
      dnsPort: config.PDNS_LOCAL_DNS_PORT,
      apiPort: config.PDNS_LOCAL_API_PORT,
      apiKey: config.PDNS_API_KEY ?? randomBytes(24).toString('hex'),
    });
    stops.push(() => pdns.stop());
    Object.assign(pdnsEnv, { PDNS_API_URL: pdns.apiUrl, PDNS_API_KEY: pdns.apiKey });
    say(
      'DNS',
      `PowerDNS on ${pdns.dnsAddress}:${pdns.dnsPort} (dig @${pdns.dnsAddress} -p ${pdns.dnsPort} <name> TXT), its HTTP API at ${pdns.apiUrl}`,
    );
    if (config.HANDSHAKE_ROOT === 'local') await startNamingRoot(pdns.dnsPort);
  } catch (err) {
    await fail(
      'DNS',
      (err as Error).message,
      `  - free ports ${config.PDNS_LOCAL_DNS_PORT} and ${config.PDNS_LOCAL_API_PORT} (or set PDNS_LOCAL_DNS_PORT / PDNS_LOCAL_API_PORT), or\n  - set PDNS_API_URL and PDNS_API_KEY to a PowerDNS you run.`,
    );
  }
}

type MetricsAt = { at: { host: string; port: number } | null; moved: string };

/** Listens on host:port and lets go again: the port bound (any free one for 0), or null when it is taken. */
function tryPort(host: string, port: number): Promise<number | null> {
  return new Promise((done) => {
    const probe = createServer()
      .once('error', () => done(null))
      .listen(port, host, () => {
        const bound = (probe.address() as { port: number }).port;
        probe.close(() => done(bound));
      });
  });
}

/**
 * A process's metrics address: the configured one, or, when its port is taken on a development stack
 * (another `npm start` or API beside this one), a free port, said in the summary (issue 38 item 7).
 * Elsewhere the process itself stops with one line naming the setting.
 */
async function metricsAt(setting: string, at: { host: string; port: number } | null): Promise<MetricsAt> {
  // Port 0 (any free one) is chosen here, so the summary can say which.
  if (at?.port === 0) return { at: { ...at, port: (await tryPort(at.host, 0)) ?? 0 }, moved: '' };
  if (!at || config.NODE_ENV !== 'development' || (await tryPort(at.host, at.port)) !== null) return { at, moved: '' };
  const port = await tryPort(at.host, 0);
  return port === null
    ? { at, moved: '' }
    : { at: { ...at, port }, moved: ` (${at.port} is in use; ${setting} chooses)` };
}
const apiMetrics = await metricsAt('API_METRICS_ADDRESS', config.API_METRICS_ADDRESS);
const workerMetrics = await metricsAt('WORKER_METRICS_ADDRESS', config.WORKER_METRICS_ADDRESS);
const listenAddress = (m: MetricsAt) =>
  m.at ? `${m.at.host.includes(':') ? `[${m.at.host}]` : m.at.host}:${m.at.port}` : 'off';

// Worker and API, as child processes in their own process groups so that Ctrl-C reaches only us and
// we stop them in order.
mkdirSync(logDir, { recursive: true });
const childEnv = {
  ...process.env,
  DATABASE_URL: databaseUrl,
  TEMPORAL_ADDRESS: temporalAddress,
  OIDC_ISSUER: oidcIssuer,
  ...(chainRpcUrl && tokenAddress && payTo
    ? {
        CHAIN_RPC_URL: chainRpcUrl,
        MPP_TOKEN_ADDRESS: tokenAddress,
        MPP_PAY_TO: payTo,
        TEMPO_CHAIN_ID: String(tempoChainId),
      }
    : {}),
  // The local chain is public to local payers; a configured one is advertised only if MPP_PUBLIC_RPC_URL says so.
  ...(!config.CHAIN_RPC_URL && chainRpcUrl && !config.MPP_PUBLIC_RPC_URL ? { MPP_PUBLIC_RPC_URL: chainRpcUrl } : {}),
  MPP_SECRET: config.MPP_SECRET ?? randomBytes(32).toString('hex'),
  // The local chain's receiving account pays sellers' proceeds out; a configured chain brings its own key.
  ...(!config.CHAIN_RPC_URL && !config.PAYOUT_PRIVATE_KEY ? { PAYOUT_PRIVATE_KEY: ANVIL_TREASURY_KEY } : {}),
  CHECKOUT_URL: checkoutUrl,
  MPP_BASE_MAINNET_ENABLED: String(usdcRouteOpen),
  // The API and the worker judge webhook targets alike, by this process's reading of the default.
  WEBHOOK_ALLOW_INSECURE_LOCAL: String(config.WEBHOOK_ALLOW_INSECURE_LOCAL),
  ...(baseRpcUrl ? { BASE_RPC_URL: baseRpcUrl } : {}),
  ...(usdcAddress ? { USDC_ADDRESS: usdcAddress } : {}),
  ...(usdcPayTo ? { USDC_PAY_TO: usdcPayTo } : {}),
  // The local relay pays gas from a public anvil account; a real relay is given its own key.
  ...(!config.BASE_RPC_URL && !config.RELAY_SETTLER_KEY ? { RELAY_SETTLER_KEY: ANVIL_RELAY_KEY } : {}),
  // Sweep every few seconds on a dev stack, so `npm run ops -- expire` shows its effect at once.
  EXPIRY_SWEEP_SECONDS: process.env.EXPIRY_SWEEP_SECONDS || String(DEV_EXPIRY_SWEEP_SECONDS),
  API_METRICS_ADDRESS: listenAddress(apiMetrics),
  WORKER_METRICS_ADDRESS: listenAddress(workerMetrics),
  ...pdnsEnv,
};
function launch(part: string, script: string, nodeFlags: readonly string[] = []): ChildProcess {
  // Its output (JSON logs, warnings, a crash's stack) goes to its own file, appended across runs.
  const out = openSync(logFile(part), 'a');
  const child = spawn(process.execPath, [...nodeFlags, fileURLToPath(new URL(script, import.meta.url))], {
    env: childEnv,
    stdio: ['ignore', out, out],
    detached: true,
  });
  child.on('exit', (code, signal) => {
    if (shuttingDown) return;
    console.error(`${part} exited unexpectedly (${signal ?? `code ${code}`}); stopping everything.`);
    console.error(`The end of ${logFile(part)}:\n${lastLines(logFile(part), 20)}`);
    void shutdown(1);
  });
  stops.push(
    () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
      }),
  );
  return child;
}

function lastLines(file: string, n: number): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-n).join('\n');
  } catch {
    return '(nothing written)';
  }
}

/** Where Prometheus scrapes each process (docs/operations.md "Monitoring"). */
function metricsLine(): string {
  const at = (m: MetricsAt) => (m.at ? `http://${m.at.host}:${m.at.port}/metrics${m.moved}` : 'off');
  return `API ${at(apiMetrics)}, worker ${at(workerMetrics)} (Prometheus text)`;
}

launch('Worker', './worker.ts');
say('Worker', `task queue "${config.TEMPORAL_TASK_QUEUE}" on namespace "${config.TEMPORAL_NAMESPACE}"`);
if (!config.CHECKOUT_URL) {
  launch('Relay', './relay.ts');
  say('Relay', `${checkoutUrl} (the USDC route's checkout relay)`);
}
if (usdcRouteOpen) {
  const why = config.CHECKOUT_URL
    ? 'MPP_BASE_MAINNET_ENABLED'
    : 'npm start opens it on its own relay and Base chain; MPP_BASE_MAINNET_ENABLED is not needed';
  say('USDC route', `open: X-MPP-Network: base-mainnet settles through ${checkoutUrl} (${why})`);
}
say(
  'Webhooks',
  config.WEBHOOK_ALLOW_INSECURE_LOCAL
    ? 'http and loopback receivers allowed (development; examples/webhook-receiver.ts works as it is); production refuses them'
    : 'https receivers on public addresses only (WEBHOOK_ALLOW_INSECURE_LOCAL=true allows a local one)',
);
launch('API', './api.ts', API_NODE_FLAGS);

const apiUrl = `http://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${config.PORT}`;
let ready = false;
for (let i = 0; i < 120 && !shuttingDown && !ready; i++) {
  ready = await fetch(`${apiUrl}/readyz`).then(
    (r) => r.ok,
    () => false,
  );
  if (!ready) await sleep(500);
}
if (!shuttingDown) {
  say('API', `${apiUrl}  (docs ${apiUrl}/docs, OpenAPI ${apiUrl}/openapi.json)`);
  say('Metrics', metricsLine());
  say(
    'Logs',
    `${logFile('api')}, ${logFile('worker')}${config.CHECKOUT_URL ? '' : `, ${logFile('relay')}`} (JSON lines, LOG_LEVEL=${config.LOG_LEVEL}; follow them with tail -f)`,
  );
  console.log(`\n${summary.join('\n')}`);
  console.log(
    ready
      ? '\nReady. Press Ctrl-C to stop.'
      : `\nThe API is up but ${apiUrl}/readyz does not report ready yet; see ${logFile('api')}.`,
  );
}
