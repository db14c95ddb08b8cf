import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { buildTestApp, type TestApp } from '../helpers/app.ts';

const run = promisify(execFile);

// How agents find the registry itself and what it charges for (docs/discovery.md "The registry itself"):
// the OpenAPI document's payment discovery checked by mppx's own validator, llms.txt, the x402 index and
// the Agentic Resource Discovery catalog, each read as its consumers read it.
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
    expect(catalog.entries.length).toBeGreaterThanOrEqual(3);
    for (const e of catalog.entries) {
      expect(e.identifier).toMatch(/^urn:air:[a-zA-Z0-9.-]+(:[a-zA-Z0-9._-]+)+$/);
      expect(e.displayName).toBeTruthy();
      expect(e.type).toBeTruthy();
      expect((e.url === undefined) !== (e.data === undefined)).toBe(true);
      const local = (e.url as string).replace('https://registry.test', base);
      const res = await fetch(
        local,
        e.type.includes('mcp')
          ? {
              method: 'POST',
              headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
              body: JSON.stringify({
                jsonrpc: '2.0',
                id: 1,
                method: 'initialize',
                params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } },
              }),
            }
          : {},
      );
      expect({ url: e.url, status: res.status }).toEqual({ url: e.url, status: 200 });
    }
  });
});
