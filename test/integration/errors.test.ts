import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { connect, type AddressInfo } from 'node:net';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { provision } from '../helpers/identities.ts';

describe('one error shape for bad input', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ BODY_LIMIT_BYTES: '4096' });
  });
  afterAll(() => t.close());

  const post = (payload: string, contentType = 'application/json') =>
    t.app.inject({ method: 'POST', url: '/api/v1/domains/quote', payload, headers: { 'content-type': contentType } });

  function expectError(res: { statusCode: number; json(): unknown }, status: number, code: string) {
    expect(res.statusCode).toBe(status);
    const body = res.json() as Record<string, unknown>;
    expect(body).toMatchObject({ status: 'error', code });
    expect(typeof body.message).toBe('string');
  }

  it('malformed JSON is a 400 invalid_json', async () => {
    expectError(await post('{"domain": "a1", '), 400, 'invalid_json');
  });

  it('an empty JSON body is a 400', async () => {
    expectError(await post(''), 400, 'invalid_json');
  });

  it('a JSON body that is not an object is a 400 validation_failed', async () => {
    expectError(await post('[1,2,3]'), 400, 'validation_failed');
    expectError(await post('null'), 400, 'validation_failed');
  });

  it('wrong types name the failing field paths', async () => {
    const res = await post(JSON.stringify({ domain: 42, namespace: ['agent'], years: 'two' }));
    expectError(res, 400, 'validation_failed');
    const paths = res
      .json<{ details: { issues: { path: string }[] } }>()
      .details.issues.map((i) => i.path)
      .sort();
    expect(paths).toEqual(['domain', 'namespace', 'years']);
  });

  // Schemathesis (a fresh seed) found `offset=` answered as offset 0: a page parameter is decimal digits
  // or absent (its default), never read from an empty, blank or exponent value.
  it('a page parameter that is not decimal digits is a 400, an absent one its default', async () => {
    const agent = await provision(t.app);
    const key = { 'x-api-key': agent.api_key };
    for (const query of ['offset=', 'offset=%20', 'limit=', 'limit=1e1', 'offset=0x10', 'offset=-1'])
      for (const url of [
        '/api/v1/domains/for-sale',
        '/api/v1/domains/sold',
        '/api/v1/domains/offers',
        '/api/v1/domains',
      ])
        expectError(
          await t.app.inject({ method: 'GET', url: `${url}?${query}`, headers: key }),
          400,
          'validation_failed',
        );
    const page = await t.app.inject({ method: 'GET', url: '/api/v1/domains/for-sale?limit=10' });
    expect([page.statusCode, page.json()]).toEqual([200, expect.objectContaining({ limit: 10, offset: 0 })]);
  });

  it('an oversized body is a 413', async () => {
    expectError(
      await post(JSON.stringify({ domain: 'a'.repeat(10_000), namespace: 'agent', years: 1 })),
      413,
      'payload_too_large',
    );
  });

  it('an unsupported content type is a 415', async () => {
    expectError(await post('domain=a1', 'application/x-www-form-urlencoded'), 415, 'unsupported_media_type');
  });

  it('an unknown path is a JSON 404; an unknown method on a known path is a 405 with Allow', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' }), 404, 'route_not_found');
    const del = await t.app.inject({ method: 'DELETE', url: '/api/v1/namespaces' });
    expectError(del, 405, 'method_not_allowed');
    expect(del.headers.allow).toBe('GET, HEAD');
    const put = await t.app.inject({ method: 'PUT', url: '/api/v1/lookup/scout.agent' });
    expectError(put, 405, 'method_not_allowed');
    expect(put.headers.allow).toBe('GET, HEAD');
    const get = await t.app.inject({ method: 'GET', url: '/oauth2/revoke' });
    expect(get.headers.allow).toBe('POST');
    // A bare OPTIONS is CORS's business on every path, never a plain-text error.
    expect((await t.app.inject({ method: 'OPTIONS', url: '/api/v1/lookup/scout.agent' })).statusCode).toBe(204);
  });

  // Found by Schemathesis (docs/reliability.md "Fuzzing").
  it('a method no route has (QUERY) is a 405 too, before its body is read', async () => {
    const query = await t.app.inject({ method: 'QUERY' as 'GET', url: '/api/v1/domains/search?q=scout' });
    expectError(query, 405, 'method_not_allowed');
    expect(query.headers.allow).toBe('GET, HEAD');
    expectError(await t.app.inject({ method: 'QUERY' as 'GET', url: '/api/v1/nothing-here' }), 404, 'route_not_found');
  });

  it('a literal path caught by another method’s parameter is a 405, not a 400 about the parameter', async () => {
    const { api_key } = await provision(t.app);
    const get = await t.app.inject({
      method: 'GET',
      url: '/api/v1/webhooks/subscribe',
      headers: { 'x-api-key': api_key },
    });
    expectError(get, 405, 'method_not_allowed');
    expect(get.headers.allow).toBe('POST');
  });

  it('a bearer token where no identity provider is configured is a 401, not a 503 to retry', async () => {
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/agents/me',
      headers: { authorization: 'Bearer abc.def.ghi' },
    });
    expectError(me, 401, 'invalid_credential');
  });

  it('path parameters that are too long are a 400, not a 5xx', async () => {
    expectError(
      await t.app.inject({ method: 'GET', url: `/api/v1/lookup/${'a'.repeat(400)}.agent` }),
      400,
      'validation_failed',
    );
  });

  it('a path segment past the router limit is a 414 in our envelope, without the URL echoed', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/lookup/${'a'.repeat(600)}.agent` });
    expectError(res, 414, 'uri_too_long');
    expect(res.body).not.toContain('aaaaaaaaaa');
  });

  it('bad input changes nothing', async () => {
    const count = async () =>
      Number((await t.db.orm.em.getConnection().execute('select count(*) as n from domain'))[0]?.n);
    const before = await count();
    await post('{oops');
    await post(JSON.stringify({ domain: 'a1', namespace: 'agent', years: 99 }));
    expect(await count()).toBe(before);
  });
});

// Errors Node's HTTP parser raises never reach a route: they are only visible on a real socket.
describe('errors before routing, over a real socket', () => {
  let t: TestApp;
  let port = 0;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  function raw(request: string): Promise<{ status: number; headers: string; body: string }> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(request));
      let data = '';
      socket.on('data', (d) => (data += d.toString('latin1')));
      socket.on('error', () => undefined);
      socket.on('close', () => {
        const [head = '', body = ''] = data.split('\r\n\r\n');
        const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
        if (!status) reject(new Error(`no HTTP answer: ${JSON.stringify(data.slice(0, 200))}`));
        else resolve({ status, headers: head, body });
      });
    });
  }

  it('431 for headers that are too large, in our envelope', async () => {
    const res = await raw(`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toMatchObject({ status: 'error', code: 'headers_too_large' });
  });

  it('400 for a control character in a header, in our envelope', async () => {
    const res = await raw('GET /healthz HTTP/1.1\r\nHost: x\r\nX-Bad: a\u0001b\r\n\r\n');
    expect(res.status).toBe(400);
    expect(res.headers).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(res.body)).toMatchObject({ status: 'error', code: 'bad_request' });
  });
});

describe('OpenAPI and docs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('publishes an OpenAPI 3.1 document generated from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.0.0');
    for (const path of [
      '/healthz',
      '/readyz',
      '/api/v1/namespaces',
      '/api/v1/namespaces/{namespace}',
      '/api/v1/domains/search',
      '/api/v1/lookup/{domain_name}',
      '/api/v1/domains/{domain_name}/shop-status',
      '/api/v1/domains/quote',
      '/tld/{tld_name}',
      '/tld/{tld_name}/skill.md',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    const quote = doc.paths['/api/v1/domains/quote'].post;
    expect(quote.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['domain', 'years']),
    );
    expect(Object.keys(quote.responses)).toEqual(expect.arrayContaining(['200', '400', '403']));
    expect(quote.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['x-mpp-network']));
    expect(Object.keys(doc.paths)).not.toContain('/internal/bench/domain/{id}');
  });

  it('serves the interactive reference at /docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs' });
    const page =
      res.statusCode === 302 ? await t.app.inject({ method: 'GET', url: res.headers.location as string }) : res;
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toMatch(/swagger/i);
  });
});
