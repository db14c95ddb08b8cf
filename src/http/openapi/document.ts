import type { SwaggerOptions, SwaggerTransform } from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { CredentialKind } from '../../auth/principal.ts';
import { credentialKindsOf, PUBLIC, type AccessRule, type OperationText } from '../declaration.ts';
import { tags } from './tags.ts';
import { paymentInfo, serviceInfo } from './payment-info.ts';

const ERROR_REF = '#/components/schemas/Error';

/** How each credential kind is presented to a client. */
const schemeOf: Record<CredentialKind, string> = {
  agent_key: 'ApiKey',
  live_key: 'ApiKey',
  org_key: 'ApiKey',
  bearer: 'BearerAuth',
  session: 'SessionCookie',
};

const securitySchemes = {
  ApiKey: {
    type: 'apiKey',
    in: 'header',
    name: 'X-API-Key',
    description: 'Agent (`rk_agent_…`), live (`rk_live_…`) or organization (`rk_org_…`) key.',
  },
  BearerAuth: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'An access token of the identity provider (never an ID token).',
  },
  SessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'registry_session',
    description:
      'Browser session from /auth/login. A request that may change state (not GET or HEAD) authenticated by it must come from this service’s own origin (`Sec-Fetch-Site: same-origin`, or without it an `Origin` of ours; a request with neither is no browser’s and passes), whatever its content type: else 403 `forbidden` with `details.reason: "cross_site"`.',
  },
  PaymentReceipt: {
    type: 'apiKey',
    in: 'header',
    name: 'Authorization',
    description:
      '`Payment <receipt>`: the transaction hash of the payment, or the mppx credential. Authorizes one paid operation only.',
  },
} as const;

/** What a status means when a route does not say more; never "Default Response". */
const statusText: Record<string, string> = {
  '200': 'Success',
  '201': 'Created',
  '202': 'Accepted: pending',
  '204': 'No content',
  '302': 'Redirect (Location header)',
  '400': 'Bad request (`validation_failed`, `invalid_name`, `invalid_json`, `invalid_utf8`, …): nothing changed',
  '401': 'No credential (`unauthorized`) or an invalid one (`invalid_credential`)',
  '402': 'Payment required: a challenge, or the payment was refused',
  '403':
    'The credential is not accepted here (`credential_not_accepted`, `route_not_allowed`) or may not do this (`forbidden`)',
  '404': 'Not found',
  '405': 'Method not allowed on this path (`Allow` lists the methods)',
  '409': 'Conflict with the current state (the code says which)',
  '413': 'Body too large (`payload_too_large`)',
  '414': 'A path segment is too long (`uri_too_long`)',
  '415': 'Unsupported content type',
  '429': 'Rate limited (`rate_limited`, `too_many_open_checkouts`); see Retry-After',
  '431': 'Request headers too large (`headers_too_large`)',
  '500': 'Internal error (details only in the server log)',
  '501': 'Not implemented',
  '503': 'A dependency is unavailable; retry later',
};

// @fastify/swagger takes a response's description from `x-response-description`, or for a `$ref`
// (where that key does not survive resolution) from a `description` beside it.
const describe = (r: Record<string, unknown>, text: string) =>
  r.$ref ? { ...r, description: text } : { ...r, 'x-response-description': text };
const errorResponse = (status: string) => describe({ $ref: ERROR_REF }, statusText[status] ?? 'Error');

/** Per-operation security from the route's access rule: public routes are `[]`, optional credentials add `{}`. */
function securityFor(rule: AccessRule, doc: OperationText | undefined): Record<string, string[]>[] {
  if (rule.length === 0) return [];
  const schemes = [...new Set(credentialKindsOf(rule).map((k) => schemeOf[k]))];
  const options: Record<string, string[]>[] = schemes.map((s) => ({ [s]: [] }));
  if (doc?.paymentReceipt) options.push({ PaymentReceipt: [] }, { ApiKey: [], PaymentReceipt: [] });
  if (rule.includes('anonymous')) options.push({});
  return options;
}

/**
 * Decorates each operation after the zod schemas became JSON schemas: its operationId, description
 * and security from what the route declares in its config (src/http/declaration.ts), a description on
 * every response, and the error answers every route can give (the access checks' 401/403/429, 414
 * and 431 before routing, 500).
 */
export const transform: SwaggerTransform = (input) => {
  const out = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]) as {
    schema: Record<string, unknown>;
    url: string;
  };
  const { access = PUBLIC, openapi: doc } = input.route.config ?? {};
  const schema = { ...out.schema };
  const responses: Record<string, Record<string, unknown>> = {
    ...((schema.response as Record<string, Record<string, unknown>>) ?? {}),
  };
  if (doc) {
    schema.operationId = doc.operationId;
    schema.description = doc.description;
    if (doc.redirect) responses['302'] = { type: 'null', 'x-response-description': doc.redirect };
  }
  schema.security = securityFor(access, doc);
  // Every operation that can ask for payment says so (payment-info.ts).
  // Every operation that asks for payment says so (payment-info.ts): its 402 is a challenge, not only an
  // error (a refused payment on a page).
  const challenge = responses['402'];
  if (challenge && challenge.$ref !== ERROR_REF) schema['x-payment-info'] = paymentInfo(doc?.paymentReceipt === true);
  for (const [status, r] of Object.entries(responses)) {
    // A page or document answered as text (described `text/html`, `text/plain markdown`, JSON Lines'
    // `application/x-ndjson`) or an image (the site icon's `image/x-icon`, `image/svg+xml`): its media type.
    const media =
      r.type === 'string' && typeof r.description === 'string'
        ? /^(text\/[a-z]+|application\/x-ndjson|image\/[a-z.+-]+)/.exec(r.description)
        : null;
    if (media) {
      responses[status] = {
        content: { [media[0]]: { schema: { type: 'string' } } },
        'x-response-description': doc?.responses?.[status] ?? r.description,
      };
      continue;
    }
    // A JSON document of its own media type (a DID document's `application/did+json`), named first in its description.
    const json = typeof r.description === 'string' ? /^application\/[a-z.-]+\+json/.exec(r.description) : null;
    if (json) {
      responses[status] = { content: { [json[0]]: { schema: r } }, 'x-response-description': r.description };
      continue;
    }
    if (!r['x-response-description'] && !r.description)
      responses[status] = describe(r, doc?.responses?.[status] ?? statusText[status] ?? 'Response');
  }
  const extra = ['414', '431', '500', ...(access.length > 0 ? ['401', '403', '429'] : ['429'])];
  for (const status of extra) responses[status] ??= errorResponse(status);
  schema.response = responses;
  return { ...out, schema };
};

/** The @fastify/swagger options: the document's frame, with shared schemas lifted into components. */
export function openApiOptions(publicBaseUrl: string, version: string): SwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Agent domain registry',
        version,
        description:
          'Registry, registrar and identity service for AI agents. Agents: start with the skill file at /tld/{namespace}/skill.md. Every error is `{ status: "error", code, message, details? }` with a stable `code`.',
      },
      servers: [{ url: publicBaseUrl }],
      tags,
      components: { securitySchemes },
      'x-service-info': serviceInfo(publicBaseUrl),
    },
    transform,
    transformObject: jsonSchemaTransformObject,
  } as SwaggerOptions;
}
