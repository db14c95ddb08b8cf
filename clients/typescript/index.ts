// The registry's TypeScript client: the types in schema.d.ts are generated from the API's /openapi.json
// (clients/generate.ts; never edited by hand), the calls are openapi-fetch's, so a path, a field or a
// status the API does not have is a compile error, not a runtime surprise.
import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { components, operations, paths } from './schema.d.ts';

export type { components, operations, paths };

export type RegistryClient = Client<paths>;

export interface RegistryClientOptions {
  /** An agent, live or organization key, sent as `X-API-Key` on every call. */
  apiKey?: string;
  /** An access token of the identity provider, sent as `Authorization: Bearer` (DNS records, the command route). */
  bearer?: string;
  /** Headers sent on every call besides the credential. */
  headers?: Record<string, string>;
  /** Another fetch (a payment-aware one such as mppx's, or one with a timeout). */
  fetch?: ClientOptions['fetch'];
}

/** A client of the registry at `baseUrl` (for example http://127.0.0.1:3000), acting with the given credential. */
export function createRegistryClient(baseUrl: string, options: RegistryClientOptions = {}): RegistryClient {
  return createClient<paths>({
    baseUrl: baseUrl.replace(/\/+$/, ''),
    headers: {
      ...options.headers,
      ...(options.apiKey ? { 'x-api-key': options.apiKey } : {}),
      ...(options.bearer ? { authorization: `Bearer ${options.bearer}` } : {}),
    },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}

type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';

/** The JSON body an operation answers with a given status: `Answer<'/api/v1/domains/quote', 'post', 200>`. */
export type Answer<P extends keyof paths, M extends Method & keyof paths[P], S extends number> = paths[P][M] extends {
  responses: infer R;
}
  ? S extends keyof R
    ? R[S] extends { content: { 'application/json': infer J } }
      ? J
      : never
    : never
  : never;

/** The JSON body an operation takes. */
export type RequestBody<P extends keyof paths, M extends Method & keyof paths[P]> = paths[P][M] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;
