import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { serverCard } from '../../src/mcp/server-card.ts';
import { AgentCard, verifyAgentCardSignature, type AgentCard as Card } from '@a2a-js/sdk';
import { DefaultAgentCardResolver } from '@a2a-js/sdk/client';
import type { JWK } from 'jose';
import { Ajv2020 } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';

// ajv-formats is CommonJS: under Node's ESM its function is the default export's own default.
const addFormats = (formats as unknown as { default: typeof formats.default }).default;
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { MCP_BINDING, REGISTRY_SKILLS } from '../../src/domain/registry-card.ts';
import { tools } from '../../src/mcp/tools/index.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';

const run = promisify(execFile);

// How agents find the registry itself and what it charges for (docs/discovery.md "The registry itself"):
// the OpenAPI document's payment discovery checked by mppx's own validator, llms.txt, the x402 index,
// the Agentic Resource Discovery catalog and the registry's own A2A card (read and verified by
// @a2a-js/sdk), each read as its consumers read it.
describe('discovery of the registry itself', () => {
  let t: TestApp;
  let base: string;
  type Op = { responses?: Record<string, unknown>; 'x-payment-info'?: { offers: { method: string }[] } };
  let doc: { 'x-service-info'?: unknown; paths: Record<string, Record<string, Op>> };

  beforeAll(async () => {
    t = await buildTestApp();
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    doc = (await (await fetch(`${base}/openapi.json`)).json()) as typeof doc;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("passes mppx's discovery validator, and every operation that can answer 402 says how it is paid", async () => {
    const { stdout, stderr } = await run('node_modules/.bin/mppx', ['discover', 'validate', `${base}/openapi.json`]);
    expect(`${stdout}${stderr}`).not.toMatch(/error/i);
    expect(doc['x-service-info']).toMatchObject({ docs: { llms: 'https://registry.test/llms.txt' } });
    const ops = Object.entries(doc.paths).flatMap(([path, m]) =>
      Object.entries(m).map(([method, op]) => ({ path, method, op })),
    );
    // The operations whose 402 is a payment challenge; a page's 402 (a refused payment) is not one.
    const paid = ops.filter((o) => o.op['x-payment-info']).map((o) => `${o.method} ${o.path}`);
    expect(paid.sort()).toEqual(
      [
        'post /api/v1/domains/register',
        'post /api/v1/domains/{domain_name}/erc8004',
        'post /api/v1/renew',
        'post /api/v1/domains/buy-secondary',
        'post /api/v1/domains/offers/{offer_id}/pay',
      ].sort(),
    );
    for (const o of ops.filter((x) => x.op['x-payment-info'])) expect(o.op.responses?.['402']).toBeDefined();
    const register = doc.paths['/api/v1/domains/register']?.post;
    expect(register?.['x-payment-info']?.offers.map((o) => o.method)).toEqual(['tempo', 'x402']);
  });

  it('serves llms.txt as text, naming the skill files and every paid operation', async () => {
    const res = await fetch(`${base}/llms.txt`);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const body = await res.text();
    expect(body).toMatch(/^# Agent domain registry\n\n> /);
    expect(body).toContain('https://registry.test/tld/agent/skill.md');
    expect(body).toContain('POST https://registry.test/api/v1/domains/register');
    expect(body).toContain('$1');
    expect(body).toContain('https://registry.test/.well-known/agent-card.json');
  });

  it('sends an agent that asks for /skill.md at the root to the first namespace’s skill file', async () => {
    const res = await fetch(`${base}/skill.md`, { redirect: 'manual' });
    expect([res.status, res.headers.get('location')]).toEqual([302, '/tld/agent/skill.md']);
    const followed = await fetch(`${base}/skill.md`);
    expect([followed.status, (await followed.text()).length > 1000]).toEqual([200, true]);
  });

  it('lists the operations x402 clients can pay at /.well-known/x402', async () => {
    for (const path of ['/.well-known/x402', '/.well-known/x402.json']) {
      const index = (await (await fetch(`${base}${path}`)).json()) as { version: number; resources: string[] };
      expect(index).toMatchObject({ version: 1, resources: ['https://registry.test/api/v1/domains/register'] });
    }
  });

  it('publishes an Agentic Resource Discovery catalog whose entries each point somewhere that answers', async () => {
    const catalog = (await (await fetch(`${base}/.well-known/ai-catalog.json`)).json()) as {
      specVersion: string;
      entries: { identifier: string; displayName: string; type: string; url?: string; data?: unknown }[];
    };
    expect(catalog.specVersion).toBe('1.0');
    expect(catalog.entries.length).toBeGreaterThanOrEqual(4);
    expect(catalog.entries).toContainEqual(
      expect.objectContaining({
        type: 'application/a2a-agent-card+json',
        url: 'https://registry.test/.well-known/agent-card.json',
      }),
    );
    for (const e of catalog.entries) {
      expect(e.identifier).toMatch(/^urn:air:[a-zA-Z0-9.-]+(:[a-zA-Z0-9._-]+)+$/);
      expect(e.displayName).toBeTruthy();
      expect(e.type).toBeTruthy();
      expect((e.url === undefined) !== (e.data === undefined)).toBe(true);
      const local = (e.url as string).replace('https://registry.test', base);
      // Every entry is a document to GET, the MCP server's included (its Server Card; below, its remote).
      const res = await fetch(local);
      expect({ url: e.url, status: res.status }).toEqual({ url: e.url, status: 200 });
    }
  });

  it('is valid by the published AI Catalog schema, and lists the MCP server by a valid Server Card (issue 51)', async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    const catalogSchema = JSON.parse(readFileSync('test/fixtures/schemas/ai-catalog.schema.json', 'utf8'));
    const cardSchema = JSON.parse(readFileSync('test/fixtures/schemas/server-card.schema.json', 'utf8'));
    const catalog = (await (await fetch(`${base}/.well-known/ai-catalog.json`)).json()) as {
      entries: { type: string; url: string }[];
    };
    const validCatalog = ajv.compile(catalogSchema);
    expect([validCatalog(catalog), validCatalog.errors ?? []]).toEqual([true, []]);
    // A connectable server is a Server Card; application/mcp-server+json is an MCP Registry server.json.
    expect(catalog.entries.map((e) => e.type)).not.toContain('application/mcp-server+json');
    const entry = catalog.entries.find((e) => e.type === 'application/mcp-server-card+json');
    expect(entry?.url).toBe('https://registry.test/mcp/server-card');
    const res = await fetch(`${base}/mcp/server-card`, { headers: { accept: 'application/mcp-server-card+json' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/mcp-server-card\+json/);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    const card = (await res.json()) as { name: string; remotes: { type: string; url: string }[] };
    const validCard = ajv.compile({ ...cardSchema, $ref: '#/$defs/ServerCard' });
    expect([validCard(card), validCard.errors ?? []]).toEqual([true, []]);
    expect(card.name).toBe('test.registry/registry');
    // A local stack's address is not reversed as if it were a host name (it read 1.0.0.127/registry).
    const local = serverCard('http://127.0.0.1:3000', '1.0.0');
    expect([local.name, validCard(local)]).toEqual(['127.0.0.1/registry', true]);
    expect(card.remotes).toEqual([
      expect.objectContaining({ type: 'streamable-http', url: 'https://registry.test/mcp' }),
    ]);
    // Revalidated by its tag.
    const again = await fetch(`${base}/mcp/server-card`, {
      headers: { 'if-none-match': String(res.headers.get('etag')) },
    });
    expect(again.status).toBe(304);
    // The card's remote answers initialize.
    const init = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'test', version: '1' } },
      }),
    });
    expect(init.status).toBe(200);
  });

  describe("the registry's own A2A card", () => {
    const verify = (card: Card) =>
      verifyAgentCardSignature(async (kid, jku) => {
        expect(jku).toBe('https://registry.test/.well-known/jwks.json');
        const { keys } = (await (await fetch(`${base}/.well-known/jwks.json`)).json()) as {
          keys: (JWK & { kid: string })[];
        };
        return keys.find((k) => k.kid === kid) as JWK;
      })(card);

    it('is found at the well-known path by @a2a-js/sdk, which verifies its signature; a changed card fails', async () => {
      const card = await new DefaultAgentCardResolver().resolve(base);
      expect(card).toMatchObject({
        name: 'Agent domain registry',
        version: '1.0.0',
        supportedInterfaces: [
          { url: 'https://registry.test/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
          { url: 'https://registry.test/mcp', protocolBinding: MCP_BINDING, protocolVersion: '1.0' },
        ],
        documentationUrl: 'https://registry.test/llms.txt',
      });
      expect(card.description).toMatch(/answers A2A \(JSON-RPC\)/);
      expect(card.skills.map((skill) => skill.id)).toEqual([
        'search',
        'verify',
        'quote',
        'register',
        'onchain-identity',
        'renew',
        'manage',
        'trade',
      ]);
      await expect(verify(card)).resolves.toBeUndefined();
      await expect(verify({ ...card, skills: card.skills.slice(1) })).rejects.toThrow(/No valid signatures/);

      const first = await t.app.inject({ url: '/.well-known/agent-card.json' });
      expect(first.headers['cache-control']).toMatch(/max-age=\d+/);
      const again = await t.app.inject({
        url: '/.well-known/agent-card.json',
        headers: { 'if-none-match': String(first.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
    });

    it('holds only fields of the A2A v1.0 schema, so a verifier signs over all of it', async () => {
      const { signatures: _signatures, ...served } = (await (
        await fetch(`${base}/.well-known/agent-card.json`)
      ).json()) as Record<string, unknown>;
      expect(AgentCard.toJSON(AgentCard.fromJSON(served))).toEqual(served);
    });

    it('names every MCP tool in exactly one skill, and its A2A interface answers A2A methods', async () => {
      const named = REGISTRY_SKILLS.flatMap((skill) => skill.tools);
      expect([...named].sort()).toEqual(tools.map((tool) => tool.name).sort());
      const card = (await (await fetch(`${base}/.well-known/agent-card.json`)).json()) as Card;
      for (const skill of REGISTRY_SKILLS)
        for (const tool of skill.tools) expect(card.skills.find((s) => s.id === skill.id)?.description).toContain(tool);
      // An A2A method at the first interface is answered (a task it does not hold: A2A's TaskNotFound).
      const res = await fetch(`${base}/a2a`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'a2a-version': '1.0' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'GetTask', params: { id: 'no-such-task' } }),
      });
      expect(await res.json()).toMatchObject({ jsonrpc: '2.0', id: 1, error: { code: -32001 } });
    });
  });
});
