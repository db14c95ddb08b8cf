import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Orm } from '../../src/db/orm.ts';
import { registerDomain } from './app.ts';
import { randomLabel } from './fixtures.ts';
import { humanWithSession } from './identities.ts';
import { waitFor, WAIT_LIMIT_MS } from './wait.ts';

/** The hosted checkout's paid callback for an order, signed with `secret` as the checkout signs it. */
export function hostedCheckoutCallback(
  app: FastifyInstance,
  order: { order_id: string; domain: string; reference: string },
  secret: string,
) {
  const payload = JSON.stringify({ ...order, status: 'paid' });
  return app.inject({
    method: 'POST',
    url: '/api/v1/checkout/gfavip/callback',
    payload,
    headers: {
      'content-type': 'application/json',
      'x-service-signature': createHmac('sha256', secret).update(payload).digest('hex'),
    },
  });
}

/**
 * Polls until `done` holds (the run acts on the signal asynchronously); fails the test, quoting the
 * condition, when it still does not after the suite's wait limit (test/helpers/wait.ts) or `ms`.
 */
export function eventually(done: () => Promise<boolean>, ms = WAIT_LIMIT_MS): Promise<void> {
  return waitFor(String(done).replace(/\s+/g, ' ').slice(0, 300), done, { limitMs: ms });
}

/** A signed-in person starts the hosted checkout of a fresh .bpo (partner) name; answers the 202 and the label. */
export async function startHostedCheckout(app: FastifyInstance, orm: Orm, who: string) {
  const human = await humanWithSession(app, orm, `${who}-${randomLabel()}`);
  const label = randomLabel('bpo');
  const res = await registerDomain(app, label, {
    headers: { cookie: human.cookie },
    method: 'gfavip_checkout',
    body: { namespace: 'bpo' },
  });
  return { human, label, res };
}
