import { buildApp } from '../http/app.ts';
import { initORM } from '../db/orm.ts';
import { loadNamespaceDirectory } from '../db/namespace-loader.ts';
import { connectTemporal } from '../temporal/connection.ts';
import { readinessProbes } from '../http/probes.ts';
import { bearerVerifierFromConfig, sessionSecretFromConfig } from '../auth/bearer-config.ts';
import { paymentSettingsFromConfig } from '../payments/payment-verifier.ts';
import { createLogger, loadConfigOrExit, onShutdown, requireSetting } from './shared.ts';

const config = loadConfigOrExit();
const databaseUrl = requireSetting(config.DATABASE_URL, 'DATABASE_URL', 'api');
const temporalAddress = requireSetting(config.TEMPORAL_ADDRESS, 'TEMPORAL_ADDRESS', 'api');
const log = createLogger(config, 'api');

const orm = await initORM({ databaseUrl, poolMax: config.DB_POOL_MAX });
const namespaces = await loadNamespaceDirectory(orm.em.fork());
const temporal = connectTemporal(temporalAddress, config.TEMPORAL_NAMESPACE);

const app = await buildApp(
  {
    config,
    orm,
    namespaces,
    probes: readinessProbes(orm, temporal),
    bearer: bearerVerifierFromConfig(config),
    sessionSecret: sessionSecretFromConfig(config),
    temporal: temporal.client,
    payments: paymentSettingsFromConfig(config),
    ...(config.OIDC_ISSUER
      ? { login: { issuer: config.OIDC_ISSUER, clientId: config.OIDC_CLIENT_ID, clientSecret: config.OIDC_CLIENT_SECRET, resource: config.OIDC_AUDIENCE } }
      : {}),
  },
  log,
);

onShutdown(async () => {
  await app.close();
  await temporal.close();
  await orm.close();
});

await app.listen({ host: config.HOST, port: config.PORT });
