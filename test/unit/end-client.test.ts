import { createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { endClient } from '../../src/db/end-client.ts';

// A LISTEN connection ended while its connect is still under way (src/db/end-client.ts): a server that took
// the connection and never answers nor closes, as a database busy coming back can be for a while. pg's own
// end() then waits for a close that does not come; a stop must not.
describe('ending a connection whose connect is under way', () => {
  const sockets: Socket[] = [];
  const server = createServer({ allowHalfOpen: true }, (s) => void sockets.push(s));
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as { port: number }).port;
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise<void>((r) => server.close(() => r()));
  });

  const connecting = async () => {
    const before = sockets.length;
    const client = new pg.Client({ host: '127.0.0.1', port, user: 'u', database: 'd' });
    client.on('error', () => undefined);
    void client.connect().catch(() => undefined);
    while (sockets.length === before) await new Promise((r) => setTimeout(r, 10));
    return client;
  };

  it("is still waiting after pg's end() has had 3 s, and ended by endClient within its 2 s", async () => {
    const plain = await connecting();
    const outcome = await Promise.race([
      plain.end().then(() => 'ended'),
      new Promise((r) => setTimeout(() => r('waiting'), 3000)),
    ]);
    expect(outcome).toBe('waiting');
    (plain as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();

    const client = await connecting();
    const started = Date.now();
    await endClient(client);
    expect(Date.now() - started).toBeLessThan(2900);
  });
});
