import type { ResourceInfo } from '@x402/core/types';
import {
  bazaarResourceServerExtension,
  declareDiscoveryExtension,
  type BodyDiscoveryExtension,
} from '@x402/extensions/bazaar';

// x402 v2's Bazaar discovery extension (x402 specs/extensions/bazaar.md, @x402/extensions 2.27): every
// 402 on the x402 rail says how its operation is called and what it answers, so a facilitator can catalog
// it from the payment a client echoes back, and an agent can read it before paying. Declared with the
// package's own helper and given its HTTP method by the package's own resource-server enrichment, as its
// middleware does per request; only the headers, which the helper does not take, are added here.
//
// The input is the route's body schema restricted to what an x402 payer sends (src/api/routes/domains/register.schemas.ts
// is the source: src/payments may not import src/api, so test/unit/x402-bazaar.test.ts holds each field
// here equal to the route's own JSON Schema, a network narrowed to the rail's). A stock client echoes the
// extension in PAYMENT-SIGNATURE, which the route caps at 8 kB: no output schema, an example only.

/** Service metadata on `resource` (the spec's soft-dropped fields: printable ASCII, at most 32 characters). */
const SERVICE = { serviceName: 'Agent domain registry', tags: ['domains', 'agents', 'identity', 'registry'] };

const REGISTER = {
  path: '/api/v1/domains/register',
  method: 'POST',
  body: { domain: 'scout', namespace: 'agent', years: 1, agreed_to_terms: true, mpp_network: 'base-mainnet' },
  bodySchema: {
    type: 'object',
    properties: {
      domain: {
        type: 'string',
        minLength: 1,
        maxLength: 300,
        description: 'Name part ("scout") or full name ("scout.agent")',
      },
      namespace: { type: 'string', minLength: 1, maxLength: 63 },
      years: { type: 'integer', minimum: 1, maximum: 10 },
      agreed_to_terms: { type: 'boolean', const: true },
      mpp_network: { type: 'string', enum: ['base-mainnet'] },
    },
    required: ['domain', 'years', 'agreed_to_terms', 'mpp_network'],
  },
  // The route answers only the key's own checkout: without one the retry finds nothing to pay.
  headers: { 'X-API-Key': '<your API key: POST /api/v1/agents/provision>' },
  output: {
    status: 'success',
    message: 'scout.agent is registered.',
    session_id: '0b6f2c7e-3f1d-4d8e-b1a2-6c9e5d4f3a21',
    domain: {
      name: 'scout.agent',
      namespace: 'agent',
      status: 'active',
      owner_id: '7d5c1f52-6a0e-4a3b-9a57-2f1f0c3b8e41',
      registration_date: '2026-11-23T09:00:00.000Z',
      expiry_date: '2027-11-23T09:00:00.000Z',
    },
    order: {
      order_id: 42,
      payment_method: 'mpp',
      amount_gems: 1500,
      amount: '15.00',
      currency: 'USDC',
      payment_reference: '0x8f2a6c1e9b7d4f3a2c5e8b1d6f9a3c7e2b4d8f1a6c3e9b5d7f2a4c8e1b6d3f9a',
    },
    warnings: [],
  },
} as const;

/** What an x402 operation declares: where it is, how it is called, and what it answers. */
interface X402Operation {
  path: string;
  method: 'POST';
  body: Record<string, unknown>;
  bodySchema: Record<string, unknown>;
  headers: Record<string, string>;
  output: unknown;
}

function declare(op: X402Operation): BodyDiscoveryExtension {
  const { bazaar } = declareDiscoveryExtension({
    bodyType: 'json',
    input: op.body,
    inputSchema: op.bodySchema,
    output: { example: op.output },
  });
  const { info, schema, ...rest } = bazaarResourceServerExtension.enrichDeclaration?.(bazaar, {
    method: op.method,
    path: op.path,
    adapter: { getPath: () => op.path },
  }) as BodyDiscoveryExtension; // with `bodyType`, the helper builds the body-method form
  // Headers, which the declaring helper does not take, go in as the spec's own POST example has them:
  // examples in `info.input.headers`, a map of strings in the schema, added together so they agree.
  const input = schema.properties.input;
  return {
    ...rest,
    info: { ...info, input: { ...info.input, headers: op.headers } },
    schema: {
      ...schema,
      properties: {
        ...schema.properties,
        input: {
          ...input,
          properties: { ...input.properties, headers: { type: 'object', additionalProperties: { type: 'string' } } },
        },
      },
    },
  };
}

/** Every operation the x402 rail pays (the USDC route), with its Bazaar declaration, made once. */
export const x402Operations = { register: { ...REGISTER, bazaar: declare(REGISTER) } } as const;

/**
 * The `extensions` and service metadata of the 402 for `resource`: the declaration of the operation at
 * its URL. An operation on the rail without a declaration is a programming error, caught by its tests.
 */
export function bazaarFor(resource: ResourceInfo): { resource: ResourceInfo; extensions: Record<string, unknown> } {
  const path = new URL(resource.url).pathname;
  const op = Object.values(x402Operations).find((o) => path.endsWith(o.path));
  if (!op) throw new Error(`x402: no Bazaar declaration for ${path} (src/payments/x402-bazaar.ts)`);
  return { resource: { ...resource, ...SERVICE }, extensions: { bazaar: op.bazaar } };
}
