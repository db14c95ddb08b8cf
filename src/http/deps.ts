import type { Client } from '@temporalio/client';
import type { Config } from '../config/env.ts';
import type { Orm } from '../db/orm.ts';
import type { NamespaceDirectory } from '../domain/namespace-directory.ts';
import type { BearerVerifier } from '../auth/bearer-verifier.ts';

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

/** Where machine payments go: the token and receiver on the configured chain. */
export interface PaymentSettings {
  /** Which MPP method challenges are issued for (see MPP_METHOD). */
  method: 'tip20' | 'tempo';
  /** The challenge realm: this server's host. */
  realm: string;
  chainId: number;
  token: string;
  payTo: string;
  /** Binds challenges to this server (HMAC). */
  secret: string;
  /** The RPC payers are told to use (MPP_PUBLIC_RPC_URL), if any. */
  rpcUrl?: string;
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
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
