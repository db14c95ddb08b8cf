import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { declaredRoutes } from '../../src/server/declared.ts';

const isDashboardPage = (url: string) => url === '/dashboard' || url.startsWith('/dashboard/');
import { buildTestApp, type TestApp } from '../helpers/app.ts';

type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  responses: Record<string, { description?: string; content?: Record<string, { schema?: Record<string, unknown> }> }>;
  requestBody?: { content: Record<string, { schema: Record<string, unknown>; example?: unknown }> };
};

const toOpenApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

// Issue 7 items 9 and 12: a document a client generator and a person can both use.
describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: {
    tags: { name: string; description?: string }[];
    servers: { url: string }[];
    paths: Record<string, Record<string, Operation>>;
    components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
  };
  let ops: { key: string; op: Operation }[];
  beforeAll(async () => {
    // With an identity provider configured, so the sign-in routes are part of the document.
    t = await buildTestApp({ OIDC_ISSUER: 'http://127.0.0.1:9/unused' });
    doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    ops = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([m, op]) => ({ key: `${m.toUpperCase()} ${path}`, op })),
    );
  });
  afterAll(() => t.close());

  it('documents every declared route, and only those', () => {
    const documented = ops.map((o) => o.key).filter((k) => !k.startsWith('HEAD '));
    // The dashboard's pages are for people, not API clients (docs/dashboard.md): not in the document.
    const expected = declaredRoutes
      .filter((r) => !isDashboardPage(r.url))
      .map((r) => `${r.method} ${toOpenApiPath(r.url)}`)
      .filter((k) => !['GET /openapi.json', 'GET /internal/bench/domain/{id}'].includes(k))
      // The MCP and A2A endpoints speak JSON-RPC (described by tools/list and the agent card).
      .filter((k) => !/^[A-Z]+ \/(mcp|a2a|\.well-known\/oauth-protected-resource)/.test(k));
    expect(documented.sort()).toEqual(expected.sort());
    const withText = declaredRoutes.filter((r) => r.config.openapi).map((r) => `${r.method} ${toOpenApiPath(r.url)}`);
    expect(withText.sort()).toEqual(expected.sort());
  });

  it('gives every operation a unique operationId, a summary, a description and a tag the document lists', () => {
    const ids = ops.map((o) => o.op.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const tagNames = doc.tags.map((tag) => tag.name);
    for (const { key, op } of ops) {
      expect([key, op.summary?.length ?? 0]).not.toEqual([key, 0]);
      expect([key, op.description?.length ?? 0]).not.toEqual([key, 0]);
      for (const tag of op.tags ?? []) expect(tagNames).toContain(tag);
    }
    expect(doc.tags.every((tag) => tag.description)).toBe(true);
  });

  it('describes every response (never "Default Response"), with the error schema as one shared component', () => {
    const raw = JSON.stringify(doc);
    expect(raw).not.toContain('Default Response');
    expect(doc.components.schemas.Error).toBeDefined();
    expect(doc.components.schemas.CommandError).toBeDefined();
    for (const { key, op } of ops) {
      for (const [status, response] of Object.entries(op.responses)) {
        expect([key, status, Boolean(response.description)]).toEqual([key, status, true]);
        if (Number(status) < 400) continue;
        // The shared Error component, by reference (alone, or as one branch where a 402 may also be a challenge);
        // the command endpoint's own errors are its shared CommandError envelope (spec 7), and RDAP's are
        // RdapError objects as application/rdap+json, except those answered before any route is known (414, 431).
        const own = !['414', '431'].includes(status);
        const rdap = own && key.startsWith('GET /rdap/');
        const schema = response.content?.[rdap ? 'application/rdap+json' : 'application/json']?.schema ?? {};
        const refs = [schema.$ref, ...((schema.anyOf as { $ref?: string }[] | undefined) ?? []).map((s) => s.$ref)];
        const component = rdap ? 'RdapError' : key === 'POST /api/v1/command' && own ? 'CommandError' : 'Error';
        expect([key, status, refs.includes(`#/components/schemas/${component}`)]).toEqual([key, status, true]);
      }
    }
  });

  it('lists every status a route can answer: 414 and 431 everywhere, 401/403 where credentials are checked, 302 on sign-in', () => {
    for (const { key, op } of ops) {
      expect([key, Object.keys(op.responses)]).toEqual([key, expect.arrayContaining(['414', '429', '431', '500'])]);
      const [method, path] = key.split(' ') as [string, string];
      const row = declaredRoutes.find(
        (r) => (r.method === method || (method === 'HEAD' && r.method === 'GET')) && toOpenApiPath(r.url) === path,
      )?.config.access;
      if (row && row.length > 0)
        expect([key, Object.keys(op.responses)]).toEqual([key, expect.arrayContaining(['401', '403'])]);
    }
    for (const key of ['GET /api/v1/keys', 'GET /api/v1/user/domains', 'POST /api/v1/agents/claim']) {
      expect(ops.find((o) => o.key === key)?.op.responses['403']?.description).toMatch(/credential_not_accepted/);
    }
    expect(Object.keys(ops.find((o) => o.key === 'GET /auth/login')?.op.responses ?? {})).toContain('302');
  });

  // Issue 38 item 5: a generated client, and an agent reading the document, can know a mandate's refusals.
  it('names the spend mandate refusals in the 403 of every paid operation, as one shared component', () => {
    const refusal = doc.components.schemas.MandateRefusal as {
      properties: { code: { enum: string[] }; details: { anyOf: { properties: Record<string, unknown> }[] } };
    };
    expect(refusal.properties.code.enum.sort()).toEqual(['mandate_exceeded', 'mandate_forbids']);
    const details = refusal.properties.details.anyOf.map((d) => Object.keys(d.properties).sort());
    expect(details).toEqual([
      ['credited', 'limit', 'max', 'refills_at', 'remaining', 'unit'],
      ['allowed', 'credited', 'rule', 'value'],
    ]);
    // A paid operation answers 402; the checkout page and its form are a person's (persons have no mandate).
    // A team's gems moving between its member and itself (402 when short) buys nothing: no mandate applies.
    const paid = ops
      .filter((o) => o.op.responses['402'] && !o.key.endsWith(' /checkout/{domain}') && !o.key.endsWith('/gems'))
      .map((o) => o.key);
    expect(paid.sort()).toEqual(
      [
        'POST /api/v1/domains/register',
        'POST /api/v1/domains/{domain_name}/erc8004',
        'POST /api/v1/renew',
        'POST /api/v1/domains/buy-secondary',
        'POST /api/v1/domains/make-offer',
        'POST /api/v1/domains/offers/{offer_id}/pay',
        'POST /api/payments/verify-mpp',
      ].sort(),
    );
    for (const key of paid) {
      const forbidden = ops.find((o) => o.key === key)?.op.responses['403'];
      const schema = forbidden?.content?.['application/json']?.schema ?? {};
      const refs = ((schema.anyOf as { $ref?: string }[] | undefined) ?? []).map((s) => s.$ref);
      expect([key, refs]).toEqual([key, ['#/components/schemas/MandateRefusal', '#/components/schemas/Error']]);
      expect([key, forbidden?.description]).toEqual([key, expect.stringContaining('mandate_exceeded')]);
      expect([key, forbidden?.description]).toEqual([key, expect.stringContaining('mandate_forbids')]);
    }
  });

  it('has security schemes, and each operation the security its access rule says', () => {
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual([
      'ApiKey',
      'BearerAuth',
      'PaymentReceipt',
      'SessionCookie',
    ]);
    const security = (key: string) => ops.find((o) => o.key === key)?.op.security;
    expect(security('GET /api/v1/domains/search')).toEqual([]);
    expect(security('GET /api/v1/user/domains')).toEqual([{ BearerAuth: [] }]);
    expect(security('GET /api/v1/keys')).toEqual([{ BearerAuth: [] }, { SessionCookie: [] }]);
    // Registration: a key, a bearer token, a session, a receipt (alone or with the key), or nothing at all.
    expect(security('POST /api/v1/domains/register')).toEqual(
      expect.arrayContaining([
        { ApiKey: [] },
        { BearerAuth: [] },
        { PaymentReceipt: [] },
        { ApiKey: [], PaymentReceipt: [] },
        {},
      ]),
    );
  });

  it('shows realistic examples, not "string" and 0', () => {
    const body = ops.find((o) => o.key === 'POST /api/v1/domains/register')?.op.requestBody?.content[
      'application/json'
    ];
    expect(body?.example).toEqual({ domain: 'scout', namespace: 'agent', years: 1, agreed_to_terms: true });
    const lookup = doc.paths['/api/v1/lookup/{domain_name}']?.get;
    expect(JSON.stringify(lookup)).toContain('scout.agent');
  });

  it('documents RDAP answers as application/rdap+json', () => {
    const rdap = doc.paths['/rdap/domain/{name}']?.get;
    expect(Object.keys(rdap?.responses['200']?.content ?? {})).toEqual(['application/rdap+json']);
    expect(JSON.stringify(rdap?.responses['200'])).toContain('scout.agent');
    expect(doc.components.schemas.RdapError).toBeDefined();
  });

  it('names the address the API is served at as its server', () => {
    expect(doc.servers).toEqual([{ url: t.config.publicBaseUrl }]);
  });
});
