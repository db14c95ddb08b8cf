import type { Config } from '../config/env.ts';
import type { Orm } from '../db/orm.ts';
import { loadNamespaceDirectory } from '../db/namespace-loader.ts';
import type { TemporalHandle } from '../temporal/connection.ts';
import { bearerVerifierFromConfig, sessionSecretFromConfig } from '../auth/bearer-config.ts';
import { paymentSettingsFromConfig } from '../payments/payment-verifier.ts';
import { usdcCheckoutFromConfig } from '../payments/usdc-route.ts';
import { readinessProbes } from './probes.ts';
import { cardSigner } from '../identity/signing-key.ts';
import type { AppDeps, PaymentSettings } from './deps.ts';

/**
 * Everything the HTTP app needs, assembled from the configuration and the open connections. The API
 * entry and the test helper both build the app through this, so what is tested is what runs.
 */
export async function appDepsFromConfig(
  config: Config,
  parts: {
    orm: Orm;
    temporal: TemporalHandle;
    probeTimeoutMs?: number;
    payments?: PaymentSettings;
    sessionSecret?: string;
  },
): Promise<AppDeps> {
  const payments = parts.payments ?? paymentSettingsFromConfig(config);
  const usdc = usdcCheckoutFromConfig(config);
  return {
    config,
    orm: parts.orm,
    namespaces: await loadNamespaceDirectory(parts.orm.em.fork()),
    probes: readinessProbes(parts.orm, parts.temporal, parts.probeTimeoutMs),
    bearer: bearerVerifierFromConfig(config),
    sessionSecret: parts.sessionSecret ?? sessionSecretFromConfig(config),
    temporal: parts.temporal.client,
    cardSigner: await cardSigner(config.CARD_SIGNING_KEY, `${config.publicBaseUrl}/.well-known/jwks.json`),
    ...(payments ? { payments } : {}),
    ...(usdc ? { usdc } : {}),
    ...(config.OIDC_ISSUER
      ? {
          login: {
            issuer: config.OIDC_ISSUER,
            clientId: config.OIDC_CLIENT_ID,
            clientSecret: config.OIDC_CLIENT_SECRET,
            resource: config.OIDC_AUDIENCE,
          },
        }
      : {}),
  };
}
