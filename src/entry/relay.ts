import pg from 'pg';
import { pgClientConfig } from '../config/database-url.ts';
import { buildRelayApp } from '../relay/app.ts';
import { relayChain } from '../relay/chain.ts';
import { settlement as settlementOf } from '../relay/settlement.ts';
import { relayStore } from '../relay/store.ts';
import { notifying, relayNotifier } from '../relay/notify.ts';
import { BASE_MAINNET_CHAIN_ID as BASE_CHAIN_ID } from '../domain/quote.ts';
import { databaseRefusal } from './database-startup.ts';
import { closeWithin, createLogger, loadConfigOrExit, onShutdown, requireSetting } from './shared.ts';

// The checkout relay of the USDC route, as its own process (docs/payments.md "USDC route"): what an external
// relay is to the registry. It keeps its state in its own schema and settles on the Base RPC.
const config = loadConfigOrExit();
const databaseUrl = requireSetting(config.DATABASE_URL, 'DATABASE_URL', 'relay');
const rpcUrl = requireSetting(config.BASE_RPC_URL, 'BASE_RPC_URL', 'relay');
const asset = requireSetting(config.USDC_ADDRESS, 'USDC_ADDRESS', 'relay') as `0x${string}`;
const payTo = requireSetting(config.USDC_PAY_TO, 'USDC_PAY_TO', 'relay') as `0x${string}`;
const settlerKey = requireSetting(config.RELAY_SETTLER_KEY, 'RELAY_SETTLER_KEY', 'relay') as `0x${string}`;
const log = createLogger(config, 'relay');

const pool = new pg.Pool({ ...pgClientConfig(databaseUrl), max: config.RELAY_DB_POOL_MAX });
// An idle connection PostgreSQL drops (a restart, a failover) is an 'error' on the pool: without a listener
// it would end the process. The pool opens a new connection on the next query.
pool.on('error', (err) => log.warn({ err }, 'PostgreSQL dropped an idle relay connection'));
const stored = relayStore(pool);
await stored.migrate().catch((err: unknown) => {
  const refusal = databaseRefusal(err, databaseUrl);
  if (!refusal) throw err;
  console.error(refusal);
  process.exit(2);
});
// With RELAY_WEBHOOK_URL, every session a write moves is told to the registry (src/relay/notify.ts).
const store = config.RELAY_WEBHOOK_URL
  ? notifying(stored, relayNotifier({ url: config.RELAY_WEBHOOK_URL, secret: config.RELAY_WEBHOOK_SECRET, log }))
  : stored;
const settlement = settlementOf(store, relayChain(rpcUrl, BASE_CHAIN_ID, settlerKey));
const publicUrl = (config.CHECKOUT_URL ?? `http://127.0.0.1:${config.CHECKOUT_PORT}`).replace(/\/+$/, '');
const app = await buildRelayApp({
  store,
  settlement,
  logger: log,
  settings: {
    publicUrl,
    apiKey: config.CHECKOUT_API_KEY,
    asset,
    payTo,
    network: `eip155:${BASE_CHAIN_ID}`,
    maxTimeoutSeconds: config.USDC_MAX_TIMEOUT_SECONDS,
    settlementEnabled: config.RELAY_SETTLEMENT_ENABLED,
  },
});

// Settlements a previous run accepted and did not finish are finished now, and then every few
// seconds any that a failed background attempt left behind.
const recover = () => settlement.recover().catch((err: unknown) => log.warn({ err }, 'recovery will retry'));
await recover();
const timer = setInterval(() => void recover(), 3000);

onShutdown(async (step) => {
  clearInterval(timer);
  await step('the HTTP server', () => closeWithin(app));
  await step('the database pool', () => pool.end());
});

await app.listen({ host: config.HOST, port: config.CHECKOUT_PORT });
