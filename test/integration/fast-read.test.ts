import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Agent, request } from 'node:http';
import fc from 'fast-check';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { createDomain, randomLabel } from '../helpers/fixtures.ts';

// The fast read (src/http/plugins/fast-read.ts) answers a cached public lookup before the app: it must
// answer exactly what the app answers. Each generated request is sent over HTTP (through the fast read
// when it applies) and through `inject`, which goes straight to the app; the two answers must match in
// status, body and every header but the clock's and the rate limit's counters. The number of answers
// the fast read gave must be the number of requests it is for (a GET of a cached name in its exact form,
// with no credential), so the comparison is never between the app and itself only.
// A fresh seed each run, printed; FAST_READ_SEED repeats one.
const SEED = Number(process.env.FAST_READ_SEED ?? Math.floor(Math.random() * 2 ** 31));

interface Answer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

const VARYING = new Set([
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
]);
const comparable = (a: Answer) => ({
  status: a.status,
  body: a.body,
  headers: Object.fromEntries(Object.entries(a.headers).filter(([k]) => !VARYING.has(k))),
});

describe('the fast read answers as the app does', () => {
  let t: TestApp;
  let port = 0;
  const agent = new Agent({ keepAlive: true });
  const names: string[] = [];

  const overHttp = (method: string, path: string, headers: Record<string, string>) =>
    new Promise<Answer>((resolve, reject) => {
      const r = request({ host: '127.0.0.1', port, path, method, headers, agent }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      });
      r.on('error', reject);
      r.end();
    });
  const throughApp = async (method: string, path: string, headers: Record<string, string>): Promise<Answer> => {
    const res = await t.app.inject({
      method: method as 'GET',
      url: path,
      headers: { host: `127.0.0.1:${port}`, ...headers },
    });
    return { status: res.statusCode, headers: res.headers, body: res.body };
  };
  const metric = async (name: string) => {
    const text = (await overHttp('GET', '/metrics', {})).body;
    return Number(new RegExp(`^${name} (\\d+)`, 'm').exec(text)?.[1] ?? 'NaN');
  };

  beforeAll(async () => {
    t = await buildTestApp({ METRICS_ON_API_PORT: 'true' });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as { port: number }).port;
    for (let i = 0; i < 3; i++) {
      const label = randomLabel('fast');
      await createDomain(t.db.orm, { label, namespace: 'agent' });
      names.push(`${label}.agent`);
    }
    await t.settled();
  });
  afterAll(async () => {
    agent.destroy();
    await t?.close();
  });

  it('over generated requests: the same status, body and headers, and the fast read used where it applies', async () => {
    console.log(`fast read: seed ${SEED} (FAST_READ_SEED=${SEED} repeats it)`);
    // Cached now: every name read once.
    for (const n of names) expect((await throughApp('GET', `/api/v1/lookup/${n}`, {})).status).toBe(200);
    const etags = new Map<string, string>();
    for (const n of names) etags.set(n, String((await throughApp('GET', `/api/v1/lookup/${n}`, {})).headers.etag));

    const name = fc.constantFrom(...names);
    const path = fc.oneof(
      { weight: 4, arbitrary: name },
      { weight: 1, arbitrary: name.map((n) => n.toUpperCase()) },
      { weight: 1, arbitrary: name.map((n) => `${n}/`) },
      { weight: 1, arbitrary: name.map((n) => `${n}?x=1`) },
      { weight: 1, arbitrary: name.map((n) => `%${n.charCodeAt(0).toString(16)}${n.slice(1)}`) },
      { weight: 1, arbitrary: fc.constantFrom('nobody-here.agent', 'a.nowhere', '-bad.agent', 'x', 'a..agent') },
    );
    const header = fc.oneof(
      name.map((n) => ['if-none-match', etags.get(n) ?? ''] as const),
      name.map((n) => ['if-none-match', `W/${etags.get(n) ?? ''}, "other"`] as const),
      fc.constant(['if-none-match', '"other"'] as const),
      fc.constant(['if-none-match', '*'] as const),
      fc.constant(['origin', 'https://elsewhere.example'] as const),
      fc.constant(['accept', 'text/html'] as const),
      fc.constant(['x-api-key', 'not-a-key'] as const),
      fc.constant(['authorization', 'Bearer not-a-token'] as const),
      fc.constant(['cookie', 'session=nothing'] as const),
      fc.constant(['idempotency-key', 'k-1'] as const),
    );
    const requestArb = fc.record({
      method: fc.constantFrom('GET', 'GET', 'GET', 'HEAD'),
      path,
      headers: fc.uniqueArray(header, { maxLength: 3, selector: ([k]) => k }).map((hs) => Object.fromEntries(hs)),
    });

    let expectedFast = 0;
    const before = await metric('registry_http_fast_reads_total');
    await fc.assert(
      fc.asyncProperty(requestArb, async ({ method, path: p, headers }) => {
        const url = `/api/v1/lookup/${p}`;
        const credential = ['x-api-key', 'authorization', 'cookie', 'idempotency-key'].some((h) => h in headers);
        if (method === 'GET' && names.includes(p) && !credential) expectedFast += 1;
        const fast = await overHttp(method, url, headers);
        const app = await throughApp(method, url, headers);
        expect(comparable(fast)).toEqual(comparable(app));
      }),
      { seed: SEED, numRuns: 300 },
    );
    expect(expectedFast).toBeGreaterThan(20);
    expect((await metric('registry_http_fast_reads_total')) - before).toBe(expectedFast);
  });

  it('counts against the same limit per address as the app, and leaves a refusal to the app', async () => {
    const limited = await buildTestApp({ RATE_LIMIT_IP_MAX: '6' }, undefined, { db: t.db });
    try {
      await limited.app.listen({ host: '127.0.0.1', port: 0 });
      const p = (limited.app.server.address() as { port: number }).port;
      const get = (n: string) =>
        new Promise<Answer>((resolve, reject) => {
          request({ host: '127.0.0.1', port: p, path: `/api/v1/lookup/${n}` }, (res) => {
            let body = '';
            res.on('data', (c: Buffer) => (body += c.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
          })
            .on('error', reject)
            .end();
        });
      const n = names[0] as string;
      // The first read fills this process's cache through the app; then reads through the fast read and
      // through the app take turns, all from 127.0.0.1: one bucket.
      const seen: (string | undefined)[] = [];
      seen.push(String((await get(n)).headers['x-ratelimit-remaining']));
      for (let i = 0; i < 2; i++) {
        seen.push(String((await get(n)).headers['x-ratelimit-remaining']));
        const viaApp = await limited.app.inject({
          method: 'GET',
          url: `/api/v1/lookup/${n}`,
          remoteAddress: '127.0.0.1',
        });
        seen.push(String(viaApp.headers['x-ratelimit-remaining']));
      }
      expect(seen).toEqual(['5', '4', '3', '2', '1']);
      expect((await get(n)).status).toBe(200);
      const refused = await get(n);
      expect(refused.status).toBe(429);
      expect(JSON.parse(refused.body)).toMatchObject({ status: 'error', code: 'rate_limited' });
      expect(refused.headers['retry-after']).toBeDefined();
      expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    } finally {
      await limited.close();
    }
  });
});
