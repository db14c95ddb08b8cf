import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { InjectOptions } from 'fastify';
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { Domain } from '../../src/db/entities/index.ts';
import { startInputWalk, type InputWalk } from '../helpers/input-walk.ts';

type Operation = { requestBody?: { content: Record<string, unknown> } };
type Refusal = { code?: string; error?: { code?: string } };

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : Buffer.from(p))));

// Issue 38 item 13: a JSON or markdown body whose bytes are not UTF-8 was stored with U+FFFD in their
// place. A body that is not UTF-8 (or a JSON string holding a lone surrogate, which UTF-8 cannot hold)
// is refused, 400 invalid_utf8, on every route that takes a body, and nothing changes
// (src/http/plugins/utf8-guard.ts, docs/api.md "Text input"). Walks the served OpenAPI document, so a
// route added later is covered without being named here; the dashboard's forms (not in the document)
// are walked from the app's page routes.
describe('a request body that is not UTF-8', () => {
  let walk: InputWalk<{ paths: Record<string, Record<string, Operation>> }>;
  beforeAll(async () => {
    walk = await startInputWalk('utf');
  });
  afterAll(() => walk?.close());

  /** Bodies of this content type that are not UTF-8, each named. */
  function badBodies(type: string): [string, Buffer][] {
    if (type === 'application/json')
      return [
        ['a byte 0xFF in a string', bytes('{"display_name":"a', [0xff], 'b"}')],
        ['a character cut short at the end', bytes('{"display_name":"a', [0xc3])],
        ['an overlong encoding of "/"', bytes('{"display_name":"', [0xc0, 0xaf], '"}')],
        ['a surrogate encoded in bytes', bytes('{"display_name":"', [0xed, 0xa0, 0x80], '"}')],
        ['a lone surrogate spelled by an escape', bytes('{"display_name":"a\\ud800b"}')],
      ];
    if (type === 'application/x-www-form-urlencoded')
      return [
        ['a byte 0xFF in a field', bytes('affiliate_id=a', [0xff], 'b&action=x')],
        ['a percent-escaped 0xFF in a field', bytes('affiliate_id=a%FFb&action=x')],
        ['a percent-escaped character cut short', bytes('affiliate_id=%C3&action=x')],
      ];
    if (type.startsWith('text/'))
      return [
        ['a byte 0xFF', bytes('# Caf', [0xe9, 0xff], '\n')],
        ['a Latin-1 é', bytes('# Caf', [0xe9], ' au lait\n')],
      ];
    throw new Error(`no case for a ${type} body`);
  }

  const codeOf = (res: { headers: Record<string, unknown>; body: string }) => {
    const type = String(res.headers['content-type']);
    if (type.startsWith('text/html')) return /id="code">([^<]+)</.exec(res.body)?.[1];
    const body = (type.includes('json') ? JSON.parse(res.body) : {}) as Refusal;
    return body.error?.code ?? body.code ?? type;
  };

  it('is refused as 400 invalid_utf8 on every operation that takes a body, in every body type, changing nothing', async () => {
    const { t, doc, creds, credentialFor, pathValue, snapshot } = walk;
    const before = await snapshot();
    const answers: string[] = [];
    const covered = new Set<string>();
    const requests: { what: string; req: InjectOptions }[] = [];
    for (const [path, methods] of Object.entries(doc.paths))
      for (const [lower, op] of Object.entries(methods)) {
        const method = lower.toUpperCase() as 'POST';
        const url = path.replace(/\{(\w+)\}/g, (_m, p: string) => encodeURIComponent(pathValue(p)));
        const route = path.replace(/\{(\w+)\}/g, ':$1');
        for (const type of Object.keys(op.requestBody?.content ?? {})) {
          covered.add(`${method} ${path} ${type}`);
          for (const [what, payload] of badBodies(type))
            requests.push({
              what: `${method} ${path} (${type}, ${what})`,
              req: { method, url, headers: { ...credentialFor(method, route), 'content-type': type }, payload },
            });
        }
      }
    // The dashboard's forms are pages, not in the document: each of them too, as a browser posts it.
    for (const r of t.app.pageRoutes.filter((p) => p.method === 'POST' && p.url.startsWith('/dashboard'))) {
      const url = r.url.replace(/:(\w+)/g, (_m, p: string) => encodeURIComponent(pathValue(p)));
      covered.add(`POST ${r.url} form`);
      for (const [what, payload] of badBodies('application/x-www-form-urlencoded'))
        requests.push({
          what: `POST ${r.url} (form, ${what})`,
          req: {
            method: 'POST',
            url,
            headers: {
              ...creds.session,
              accept: 'text/html',
              'content-type': 'application/x-www-form-urlencoded',
              'sec-fetch-site': 'same-origin',
            },
            payload,
          },
        });
    }
    for (const { what, req } of requests) {
      const res = await t.app.inject(req);
      answers.push(`${what}: ${res.statusCode} ${codeOf(res)}`);
    }
    expect(answers.filter((a) => !a.endsWith(': 400 invalid_utf8'))).toEqual([]);
    for (const route of [
      'POST /api/v1/agents/provision application/json',
      'PUT /api/v1/domains/{domain_name}/skill.md text/markdown',
      'POST /checkout/{domain} application/x-www-form-urlencoded',
      'POST /dashboard/keys form',
    ])
      expect(covered).toContain(route);
    expect(await snapshot()).toEqual(before);
  });

  // The case, over a real socket: a skill text in Latin-1 is refused and the published one kept;
  // UTF-8 whose characters are cut across the packets it arrives in is accepted and stored exactly.
  it('keeps the published skill text, and takes UTF-8 split across packets whole', async () => {
    const { t, creds, owned } = walk;
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `${base}/api/v1/domains/${owned}/skill.md`;
    const put = (type: string, body: Buffer) =>
      fetch(url, { method: 'PUT', headers: { ...creds.agent_key, 'content-type': type }, body });
    const skillOf = async () => (await t.db.orm.em.fork().findOneOrFail(Domain, { name: owned })).skillMd;
    expect((await put('text/markdown', bytes('# Published\n'))).status).toBe(200);
    for (const type of ['text/markdown', 'text/plain', 'text/markdown; charset=utf-8']) {
      const res = await put(type, bytes('# Caf', [0xe9], ' au lait\n'));
      expect([res.status, ((await res.json()) as Refusal).code]).toEqual([400, 'invalid_utf8']);
    }
    expect(await skillOf()).toBe('# Published\n');

    const text = '# Café ☕ 🤖\n';
    const body = Buffer.from(text);
    const socket = connect(Number(new URL(base).port), '127.0.0.1');
    await new Promise<void>((r) => socket.once('connect', () => r()));
    const answered = new Promise<string>((r) => socket.on('data', (d) => r(d.toString())));
    socket.write(
      `PUT /api/v1/domains/${owned}/skill.md HTTP/1.1\r\nHost: x\r\nX-API-Key: ${creds.agent_key['x-api-key']}\r\nContent-Type: text/markdown\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
    );
    // Each piece ends inside a character: "é" (2 bytes), "☕" (3), "🤖" (4).
    const cuts = [0, 6, 10, 14, body.length];
    for (let i = 1; i < cuts.length; i++) {
      socket.write(body.subarray(cuts[i - 1], cuts[i]));
      await sleep(50);
    }
    expect(await answered).toMatch(/^HTTP\/1.1 200/);
    socket.destroy();
    expect(await skillOf()).toBe(text);
  });
});
