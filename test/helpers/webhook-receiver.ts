import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Orm } from '../../src/db/orm.ts';
import { verifyDelivery, type RegistryEvent } from '../../examples/webhook-receiver.ts';

export interface Arrival {
  event: RegistryEvent;
  at: number;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * A real local receiver for the tests: it verifies every delivery with the example docs/webhooks.md shows
 * (`examples/webhook-receiver.ts`: both signatures, the timestamp window), records each arrival —
 * repeats included — and answers with `status` (200 unless a test sets another). It can go down and
 * come back on the same port, as a real receiver does during an outage.
 */
export async function startTestReceiver(secret: string, port = 0) {
  const arrivals: Arrival[] = [];
  const refused: string[] = [];
  let status = 200;
  let holding = false;
  let server: Server;

  const listen = (p: number) =>
    new Promise<Server>((resolve) => {
      const s = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          try {
            const event = verifyDelivery(secret, req.headers, Buffer.concat(chunks).toString('utf8'));
            arrivals.push({ event, at: Date.now(), headers: req.headers });
          } catch (err) {
            refused.push(String(err));
            res.writeHead(401).end();
            return;
          }
          if (holding) return; // no answer: the sender waits (until it gives up or dies)
          res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: status < 300 }));
        });
      });
      s.listen(p, '127.0.0.1', () => resolve(s));
    });

  server = await listen(port);
  const boundPort = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${boundPort}/hooks`,
    arrivals,
    refused,
    /** Each event once, as a receiver that dedupes by event_id sees them. */
    events(): RegistryEvent[] {
      const byId = new Map(arrivals.map((a) => [a.event.event_id, a.event]));
      return [...byId.values()];
    },
    answerWith(code: number) {
      status = code;
    },
    /** Records deliveries but answers none of them until `hold(false)`. */
    hold(on = true) {
      holding = on;
    },
    async down() {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
    async up() {
      server = await listen(boundPort);
    },
    async stop() {
      if (!server.listening) return;
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

export type TestReceiver = Awaited<ReturnType<typeof startTestReceiver>>;

/**
 * A webhook subscription of the caller (`headers`) to `events`, delivered to a new test receiver. The API
 * refuses a loopback target, so the subscription is made for a placeholder and then pointed at the
 * receiver in the database.
 */
export async function subscribedReceiver(
  app: FastifyInstance,
  orm: Orm,
  headers: Record<string, string>,
  events: readonly string[],
): Promise<{ receiver: TestReceiver; subscriptionId: string; secret: string }> {
  const sub = await app.inject({
    method: 'POST',
    url: '/api/v1/webhooks/subscribe',
    headers,
    payload: { target_url: 'http://127.0.0.1:9/placeholder', events },
  });
  if (sub.statusCode !== 200) throw new Error(`subscribe answered ${sub.statusCode}: ${sub.body}`);
  const { subscription, secret } = sub.json<{ subscription: { subscription_id: string }; secret: string }>();
  const receiver = await startTestReceiver(secret);
  await orm.em
    .fork()
    .getConnection()
    .execute('update webhook_subscription set target_url = ? where id = ?', [
      receiver.url,
      subscription.subscription_id,
    ]);
  return { receiver, subscriptionId: subscription.subscription_id, secret };
}
