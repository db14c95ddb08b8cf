import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Webhook } from 'standardwebhooks';
import type { RelaySession, RelayStore } from './store.ts';

/** Waits before each try of one notice: at once, then for about a minute; polling covers a notice lost after. */
const TRIES_MS = [0, 1_000, 2_000, 4_000, 8_000, 16_000, 32_000];

/**
 * The relay's word to the merchant that a session moved (prepared, broadcast, confirmed, failed, closed),
 * so the merchant's waiting run looks at once instead of at its next poll (docs/payments.md "Waiting for
 * a relay session"). A Standard Webhooks delivery signed with the secret the two share; it says only
 * which session changed, never what to believe: the merchant reads the session itself. Tried for about
 * a minute in the background; none is kept across a restart, which the merchant's polling covers.
 */
export function relayNotifier(o: { url: string; secret: string; log: FastifyBaseLogger }) {
  // A `whsec_…` secret is base64 bytes, as the standard defines it; any other is its UTF-8 bytes.
  const key = o.secret.startsWith('whsec_') ? new Webhook(o.secret) : new Webhook(o.secret, { format: 'raw' });
  const deliver = async (s: RelaySession) => {
    const body = JSON.stringify({
      type: 'session.updated',
      data: { session_id: s.id, reference: s.reference, status: s.status },
    });
    const id = `msg_${randomUUID()}`;
    for (const wait of TRIES_MS) {
      if (wait) await new Promise((r) => setTimeout(r, wait));
      const at = new Date();
      try {
        const res = await fetch(o.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'webhook-id': id,
            'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
            'webhook-signature': key.sign(id, at, body),
          },
          body,
          signal: AbortSignal.timeout(5_000),
        });
        await res.arrayBuffer();
        if (res.ok) return;
        o.log.warn({ session: s.id, status: res.status }, 'the merchant refused a session notice; retrying');
      } catch (err) {
        o.log.warn({ err, session: s.id }, 'a session notice was not delivered; retrying');
      }
    }
  };
  return (s: RelaySession) => void deliver(s);
}

/** The store, telling `notify` of every session one of its writes moved. */
export function notifying(store: RelayStore, notify: (s: RelaySession) => void): RelayStore {
  const told =
    <A extends unknown[]>(write: (...a: A) => Promise<RelaySession | null>) =>
    async (...a: A) => {
      const s = await write(...a);
      if (s) notify(s);
      return s;
    };
  return {
    ...store,
    prepare: told(store.prepare),
    close: told(store.close),
    broadcast: told(store.broadcast),
    finish: told(store.finish),
  };
}
