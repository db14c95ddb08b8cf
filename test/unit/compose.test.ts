import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { loadConfig } from '../../src/config/env.ts';
import { configSchema } from '../../src/config/schema.ts';

// docker-compose.yml, checked without Docker (no engine runs on this machine or in CI): the registry's own
// services (those built from the Dockerfile) are given only variables that docs/configuration.md documents
// (the schema's, or those it lists as read outside the schema), in assignments and in the commented-out
// examples alike; the values they set load; and the ports the stack publishes and the addresses the services
// give each other agree with the schema's defaults, the Dockerfile and the docs that name them.
const root = fileURLToPath(new URL('../../', import.meta.url));
const read = (file: string) => readFileSync(join(root, file), 'utf8');

interface Service {
  image?: string;
  build?: string;
  environment?: Record<string, string | number>;
  ports?: string[];
}
const composeText = read('docker-compose.yml');
const compose = parse(composeText) as { services: Record<string, Service> };
const services = compose.services;
const registryServices = Object.keys(services).filter((name) => services[name]?.build !== undefined);
const envOf = (name: string): Record<string, string> =>
  Object.fromEntries(Object.entries(services[name]?.environment ?? {}).map(([k, v]) => [k, String(v)]));

/** `host:container` (and `host:container/udp`) port mappings of a service, as numbers. */
function published(name: string): { host: number; container: number; proto: string }[] {
  return (services[name]?.ports ?? []).map((p) => {
    const m = /^(\d+):(\d+)(?:\/(tcp|udp))?$/.exec(p);
    if (!m) throw new Error(`${name}: port mapping ${p} is not host:container`);
    return { host: Number(m[1]), container: Number(m[2]), proto: m[3] ?? 'tcp' };
  });
}

/** The lines of one service's block in the file, comments included (the parser drops those). */
function serviceBlock(name: string): string[] {
  const lines = composeText.split('\n');
  const start = lines.indexOf(`  ${name}:`);
  if (start < 0) throw new Error(`no service block ${name}`);
  const end = lines.findIndex((l, i) => i > start && /^ {0,2}\S/.test(l));
  return lines.slice(start + 1, end < 0 ? undefined : end);
}

// Names a reader is told to set in a service's comments ("# OIDC_ISSUER: https://idp.example",
// "# With NODE_ENV=production …"): every upper-case word with an underscore.
const commentedNames = (name: string) =>
  serviceBlock(name)
    .filter((l) => l.trim().startsWith('#'))
    .flatMap((l) => [...l.matchAll(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g)].map((m) => m[0]));

// docs/configuration.md "Read outside the schema": the names and name patterns (`BENCH_*`) it lists.
const configDoc = read('docs/configuration.md');
const outside = configDoc.slice(configDoc.indexOf('## Read outside the schema'));
const outsidePatterns = [...outside.matchAll(/`([A-Z][A-Z0-9_]*\*?)`/g)].map((m) => m[1] ?? '');
const schemaKeys = new Set(Object.keys(configSchema.shape));
const temporalTooling = (key: string) => key === 'TEMPORAL_API_KEY' || key.startsWith('TEMPORAL_TLS_');
const known = (key: string) =>
  schemaKeys.has(key) ||
  temporalTooling(key) ||
  outsidePatterns.some((p) => (p.endsWith('*') ? key.startsWith(p.slice(0, -1)) : key === p));

const defaults = configSchema.parse({});
const portOf = (address: string) => Number(/:(\d+)$/.exec(address)?.[1]);

// The Dockerfile's ENV, which every service built from it inherits.
const dockerfile = read('Dockerfile');
const dockerfileEnv = Object.fromEntries(
  [...(/^ENV (.+)$/m.exec(dockerfile)?.[1] ?? '').matchAll(/([A-Z_]+)=(\S+)/g)].map((m) => [m[1], m[2]]),
);

describe('docker-compose.yml', () => {
  it('builds the registry image for the migrations, the worker and the API', () => {
    expect(registryServices.sort()).toEqual(['api', 'migrate', 'worker']);
    for (const name of registryServices) expect(services[name]?.build).toBe('.');
  });

  it("gives the registry's services only variables docs/configuration.md documents", () => {
    expect(outsidePatterns).toEqual(expect.arrayContaining(['OTEL_EXPORTER_OTLP_*', 'BENCH_*']));
    const unknown = registryServices.flatMap((name) =>
      [...Object.keys(envOf(name)), ...commentedNames(name)].filter((k) => !known(k)).map((k) => `${name}: ${k}`),
    );
    expect(unknown).toEqual([]);
    // The comment parser does see the examples (so the check above is not vacuous).
    expect(commentedNames('api')).toEqual(expect.arrayContaining(['OIDC_ISSUER', 'NODE_ENV', 'TRUST_PROXY']));
  });

  // The image sets NODE_ENV=production (Dockerfile ENV), and compose does not override it.
  it('sets values that load outside production', () => {
    for (const name of registryServices) {
      expect(() => loadConfig(envOf(name))).not.toThrow();
    }
  });

  it("publishes the API on the port it listens on, the schema's default, at PUBLIC_BASE_URL", () => {
    const env = envOf('api');
    const port = Number(env.PORT ?? dockerfileEnv.PORT ?? defaults.PORT);
    expect(port).toBe(defaults.PORT);
    expect(dockerfile).toMatch(new RegExp(`^EXPOSE ${port}$`, 'm'));
    const [api] = published('api');
    expect(published('api')).toHaveLength(1);
    expect(api?.container).toBe(port);
    expect(new URL(env.PUBLIC_BASE_URL ?? '').port).toBe(String(api?.host));
    // HOST: reachable from the other containers and the published port, in compose and the image alike.
    expect(env.HOST ?? dockerfileEnv.HOST).toBe('0.0.0.0');
  });

  it("serves metrics on the schema's default ports, unpublished, where Prometheus scrapes them", () => {
    expect(portOf(envOf('api').API_METRICS_ADDRESS ?? '')).toBe(defaults.API_METRICS_ADDRESS?.port);
    expect(portOf(envOf('worker').WORKER_METRICS_ADDRESS ?? '')).toBe(defaults.WORKER_METRICS_ADDRESS?.port);
    const hostPorts = Object.keys(services).flatMap((name) => published(name).map((p) => p.container));
    expect(hostPorts).not.toContain(defaults.API_METRICS_ADDRESS?.port);
    expect(hostPorts).not.toContain(defaults.WORKER_METRICS_ADDRESS?.port);
  });

  it("points the services at each other's names and ports", () => {
    const pg = envOf('postgres');
    const [postgresPort] = published('postgres');
    for (const name of registryServices) {
      const url = new URL(envOf(name).DATABASE_URL ?? '');
      expect([url.hostname, url.port, url.username, url.password, url.pathname]).toEqual([
        'postgres',
        String(postgresPort?.container),
        pg.POSTGRES_USER,
        pg.POSTGRES_PASSWORD,
        `/${pg.POSTGRES_DB}`,
      ]);
    }
    const [temporalPort] = published('temporal');
    expect(temporalPort?.container).toBe(defaults.TEMPORAL_DEV_PORT);
    for (const name of ['api', 'worker']) {
      expect(envOf(name).TEMPORAL_ADDRESS).toBe(`temporal:${defaults.TEMPORAL_DEV_PORT}`);
      expect(new URL(envOf(name).OTEL_EXPORTER_OTLP_ENDPOINT ?? '').hostname).toBe('otel-collector');
    }
    expect(services['otel-collector']).toBeDefined();
    // The worker pushes zones to the pdns service with its API key; the API and the worker share MPP_SECRET.
    expect(new URL(envOf('worker').PDNS_API_URL ?? '').hostname).toBe('pdns');
    expect(envOf('worker').PDNS_API_KEY).toBe(envOf('pdns').PDNS_AUTH_API_KEY);
    expect(envOf('worker').MPP_SECRET).toBe(envOf('api').MPP_SECRET);
  });

  it("publishes Temporal, its UI and DNS on the schema's default ports", () => {
    expect(published('temporal').map((p) => p.host)).toEqual([defaults.TEMPORAL_DEV_PORT]);
    expect(published('temporal-ui')).toEqual([
      { host: defaults.TEMPORAL_UI_PORT, container: defaults.TEMPORAL_UI_PORT, proto: 'tcp' },
    ]);
    expect(Number(envOf('temporal-ui').TEMPORAL_UI_PORT)).toBe(defaults.TEMPORAL_UI_PORT);
    expect(published('pdns')).toEqual([
      { host: defaults.PDNS_LOCAL_DNS_PORT, container: 53, proto: 'udp' },
      { host: defaults.PDNS_LOCAL_DNS_PORT, container: 53, proto: 'tcp' },
    ]);
  });

  it('publishes the monitoring UIs where docs/operations.md sends a reader', () => {
    const operations = read('docs/operations.md');
    for (const [name, port] of [
      ['prometheus', 9090],
      ['grafana', 3001],
      ['jaeger', 16686],
    ] as const) {
      expect(published(name).map((p) => p.host)).toEqual([port]);
      expect(operations).toContain(`http://localhost:${port}`);
    }
    // No two services publish the same host port (per protocol).
    const taken = Object.keys(services).flatMap((name) => published(name).map((p) => `${p.host}/${p.proto}`));
    expect(taken.filter((p, i) => taken.indexOf(p) !== i)).toEqual([]);
  });
});
