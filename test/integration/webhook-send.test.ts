import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RESPONSE_PREFIX_BYTES } from '../../src/domain/webhook-delivery.ts';
import { postDelivery } from '../../src/webhooks/send.ts';

// One delivery POST against real local servers: the pinned address (the URL's host is never looked up
// again), redirects not followed, the timeout, and how much of an answer is kept.
describe('postDelivery', () => {
  let server: Server;
  let port: number;
  const seen: { url: string; headers: IncomingHttpHeaders; body: string }[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        seen.push({ url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString() });
        if (req.url === '/redirect') res.writeHead(307, { location: '/elsewhere' }).end();
        else if (req.url === '/slow') setTimeout(() => res.writeHead(200).end(), 2000).unref();
        else if (req.url === '/big') res.writeHead(500).end('x'.repeat(100_000));
        else res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  const delivery = { body: '{"event_id":"e1"}', headers: { 'content-type': 'application/json', 'webhook-id': 'e1' } };
  const at = (path: string, host = '127.0.0.1') => ({
    url: new URL(`http://${host}:${port}${path}`),
    address: '127.0.0.1',
  });

  it('connects to the checked address, whatever the host name now resolves to, and keeps the Host header', async () => {
    seen.length = 0;
    const r = await postDelivery(at('/hooks', 'hooks.invalid'), delivery);
    expect(r).toMatchObject({ statusCode: 204, error: null });
    expect(seen[0]).toMatchObject({ url: '/hooks', body: delivery.body });
    expect(seen[0]?.headers.host).toBe(`hooks.invalid:${port}`);
    expect(seen[0]?.headers['content-length']).toBe(String(delivery.body.length));
  });

  it('never follows a redirect: the 3xx is the answer', async () => {
    seen.length = 0;
    const r = await postDelivery(at('/redirect'), delivery);
    expect(r.statusCode).toBe(307);
    expect(seen.map((s) => s.url)).toEqual(['/redirect']);
  });

  it('gives up at the timeout, with no status code', async () => {
    const r = await postDelivery(at('/slow'), delivery, 300);
    expect(r).toMatchObject({ statusCode: null, error: 'timeout after 0.3 s', responsePrefix: null });
    expect(r.latencyMs).toBeLessThan(1500);
  });

  it('keeps at most the first kilobyte of an answer', async () => {
    const r = await postDelivery(at('/big'), delivery);
    expect(r.statusCode).toBe(500);
    expect(r.responsePrefix).toBe('x'.repeat(RESPONSE_PREFIX_BYTES));
  });

  it('a closed port is a failed attempt, not an exception', async () => {
    const r = await postDelivery({ url: new URL('http://127.0.0.1:9/hooks'), address: '127.0.0.1' }, delivery);
    expect(r).toMatchObject({ statusCode: null, error: 'ECONNREFUSED' });
  });
});
