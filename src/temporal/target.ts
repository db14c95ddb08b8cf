import { accessSync, constants } from 'node:fs';
import {
  loadClientConfigProfile,
  toClientOptions,
  type ClientConfigProfile,
  type ConfigDataSource,
} from '@temporalio/envconfig';
import type { TLSConfig } from '@temporalio/client';

// Where Temporal is and how to prove who we are, read as Temporal's own tooling reads it
// (@temporalio/envconfig): the `temporal.toml` profile the `temporal` CLI also uses (TEMPORAL_CONFIG_FILE,
// TEMPORAL_PROFILE), with TEMPORAL_ADDRESS, TEMPORAL_NAMESPACE, TEMPORAL_API_KEY, TEMPORAL_TLS_* and
// TEMPORAL_GRPC_META_* over it. The API, the worker and `npm start` all connect through this
// (docs/operations.md "A secured Temporal").

export interface TemporalTarget {
  address: string;
  namespace: string;
  /** What the SDK's Connection and NativeConnection both take. */
  tls?: TLSConfig | boolean;
  apiKey?: string;
  metadata?: Record<string, string>;
  /** For the start-up line: "TLS (client certificate), API key", or "plain". */
  security: string;
}

/** A setting that cannot be used as given; its message names the setting. */
export class TemporalSettingError extends Error {
  override name = 'TemporalSettingError';
}

type Env = Record<string, string | undefined>;

const TLS_FILES = [
  ['clientCert', 'TEMPORAL_TLS_CLIENT_CERT_PATH', 'tls.client_cert_path'],
  ['clientKey', 'TEMPORAL_TLS_CLIENT_KEY_PATH', 'tls.client_key_path'],
  ['serverCACert', 'TEMPORAL_TLS_SERVER_CA_CERT_PATH', 'tls.server_ca_cert_path'],
] as const;

function profileName(env: Env): string {
  return env.TEMPORAL_PROFILE || 'default';
}

/** Where a TLS file came from: its environment variable when set, else the profile's key in its file. */
function settingOf(env: Env, variable: string, tomlKey: string): string {
  if (env[variable]) return variable;
  const file = env.TEMPORAL_CONFIG_FILE ?? '~/.config/temporalio/temporal.toml';
  return `${tomlKey} of profile "${profileName(env)}" in ${file}`;
}

function readProfile(env: Env): ClientConfigProfile {
  const clean = Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined));
  try {
    return loadClientConfigProfile({ overrideEnvVars: clean });
  } catch (err) {
    const file = env.TEMPORAL_CONFIG_FILE ?? 'the temporal.toml file';
    throw new TemporalSettingError(
      `Temporal's client configuration (${file}) cannot be used: ${(err as Error).message}`,
    );
  }
}

/** Every certificate or key file named must be readable now, so the error names its setting. */
function checkFiles(env: Env, profile: ClientConfigProfile): void {
  const tls = profile.tls;
  if (!tls || tls.disabled) return;
  for (const [field, variable, tomlKey] of TLS_FILES) {
    const source: ConfigDataSource | undefined = tls[field];
    if (!source || !('path' in source)) continue;
    try {
      accessSync(source.path, constants.R_OK);
    } catch (err) {
      const why = (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message;
      throw new TemporalSettingError(`${settingOf(env, variable, tomlKey)}: cannot read ${source.path} (${why})`);
    }
  }
  if (Boolean(tls.clientCert) !== Boolean(tls.clientKey))
    throw new TemporalSettingError(
      'TEMPORAL_TLS_CLIENT_CERT_PATH and TEMPORAL_TLS_CLIENT_KEY_PATH (or their _DATA forms) go together: a client certificate needs its key',
    );
}

function describe(profile: ClientConfigProfile, tls: TemporalTarget['tls']): string {
  const parts: string[] = [];
  if (tls) parts.push(profile.tls?.clientCert ? 'TLS (client certificate)' : 'TLS');
  if (profile.apiKey) parts.push('API key');
  return parts.length > 0 ? parts.join(', ') : 'plain';
}

/** The server the environment or a profile names, if any (else `npm start` runs its own dev server). */
export function configuredAddress(env: Env): string | undefined {
  return readProfile(env).address;
}

/**
 * The connection settings, or a TemporalSettingError naming what is wrong. `address` is the fallback when
 * neither the environment nor a profile names one (`npm start`'s own dev server).
 */
export function temporalTarget(env: Env, fallback: { address?: string } = {}): TemporalTarget {
  const profile = readProfile(env);
  checkFiles(env, profile);
  const address = profile.address ?? fallback.address;
  if (!address)
    throw new TemporalSettingError(
      'TEMPORAL_ADDRESS is not set (nor an address in a temporal.toml profile): use `npm start` for the whole stack on embedded defaults',
    );
  const { connectionOptions } = toClientOptions(profile);
  const tls = connectionOptions.tls ?? undefined;
  return {
    address,
    namespace: profile.namespace || 'default',
    ...(tls !== undefined && { tls }),
    ...(profile.apiKey && { apiKey: profile.apiKey }),
    ...(profile.grpcMeta && Object.keys(profile.grpcMeta).length > 0 && { metadata: profile.grpcMeta }),
    security: describe(profile, tls),
  };
}

/** The options both the client's Connection and the worker's NativeConnection take. */
export function connectionOptions(t: TemporalTarget) {
  return {
    address: t.address,
    ...(t.tls !== undefined && { tls: t.tls }),
    ...(t.apiKey && { apiKey: t.apiKey }),
    ...(t.metadata && { metadata: t.metadata }),
  };
}
