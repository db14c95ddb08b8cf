import type { Client } from '@temporalio/client';
import type { CardSigner } from '../identity/signing-key.ts';
import type { Config } from '../config/env.ts';
import type { Orm } from '../db/orm.ts';
import type { NamespaceDirectory } from '../domain/namespace-directory.ts';
import type { BearerVerifier } from '../auth/bearer-verifier.ts';
import type { PaymentSettings } from '../payments/payment-settings.ts';
import type { UsdcCheckoutSettings } from '../payments/usdc-route.ts';

export type { PaymentSettings } from '../payments/payment-settings.ts';

export interface ReadinessProbe {
  name: string;
  check(): Promise<void>;
}

/** Browser login against the identity provider; absent when no provider is configured. */
export interface LoginSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  resource: string;
}

/** Everything the HTTP app needs, built once by the entry point (or a test) and passed in. */
export interface AppDeps {
  config: Config;
  orm: Orm;
  namespaces: NamespaceDirectory;
  probes: ReadinessProbe[];
  bearer: BearerVerifier;
  /** Signs session cookies; at least 32 characters. */
  sessionSecret: string;
  login?: LoginSettings;
  temporal?: Client;
  payments?: PaymentSettings;
  /** The USDC route's relay and terms, when the operator enabled it. */
  usdc?: UsdcCheckoutSettings;
  /** Signs each name's A2A card (src/identity/signing-key.ts). */
  cardSigner: CardSigner;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
