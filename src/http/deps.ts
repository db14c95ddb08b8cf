import type { Config } from '../config/env.ts';
import type { Orm } from '../db/orm.ts';
import type { NamespaceDirectory } from '../domain/namespace-directory.ts';

export interface ReadinessProbe {
  name: string;
  check(): Promise<void>;
}

/** Everything the HTTP app needs, built once by the entry point (or a test) and passed in. */
export interface AppDeps {
  config: Config;
  orm: Orm;
  namespaces: NamespaceDirectory;
  probes: ReadinessProbe[];
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
