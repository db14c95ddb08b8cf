import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../domain/errors.ts';
import { CheckoutSession } from './entities/index.ts';
import type { CheckoutOutcome } from './entities/checkout-session.ts';

export interface CheckoutOpening {
  sessionId: string;
  name: string;
  /** The paid operation (`registration`, `renewal`, …). */
  operation: string;
  holder: string;
  actorAccountId: string | null;
  method: string;
  /** The USDC route's relay session, when the checkout settles there. */
  relaySessionId?: string | null;
  expiresAt: Date;
  /** How many open checkouts one holder may have at once. */
  max: number;
}

const openNow = () => ({ outcome: null, expiresAt: { $gt: new Date() } });

// Checkout sessions (README "Registration → Unpaid checkouts"). Invariant: a holder never has more than
// `max` open checkouts; the count and the insert run under a transaction-scoped advisory lock on the
// holder, so concurrent requests of one holder are serialised.
export function checkoutSessions(em: EntityManager) {
  return {
    async open(c: CheckoutOpening): Promise<void> {
      const { max, ...row } = c;
      await em.transactional(async (tx) => {
        await tx.execute('select pg_advisory_xact_lock(hashtextextended(?, 7))', [`checkout:${c.holder}`]);
        const open = await tx.find(
          CheckoutSession,
          { holder: c.holder, ...openNow() },
          { orderBy: { expiresAt: 'asc' } },
        );
        if (open.length >= max) {
          const names = open.map((o) => o.name);
          const first = (open[0] as CheckoutSession).expiresAt.getTime();
          const retryAfter = Math.max(1, Math.ceil((first - Date.now()) / 1000));
          throw new AppError(
            'too_many_open_checkouts',
            `You already have ${names.length} unpaid checkouts open (${names.join(', ')}); pay or reset one, or retry after ${retryAfter} s.`,
            { open: names, limit: max },
            { 'retry-after': String(retryAfter) },
          );
        }
        tx.create(CheckoutSession, {
          ...row,
          relaySessionId: row.relaySessionId ?? null,
          outcome: null,
          endedAt: null,
        });
      });
    },

    /** Records how the checkout ended (idempotent: the first outcome stays). */
    async close(sessionId: string, outcome: CheckoutOutcome): Promise<void> {
      await em.nativeUpdate(CheckoutSession, { sessionId, outcome: null }, { outcome, endedAt: new Date() });
    },

    find(sessionId: string) {
      return em.findOne(CheckoutSession, { sessionId });
    },

    /** The session of the holder's open checkout of this operation on this name, if any. */
    async openOf(q: { holder: string; name: string; operation: string }): Promise<string | null> {
      const row = await em.findOne(
        CheckoutSession,
        { ...q, ...openNow() },
        { fields: ['sessionId'], orderBy: { createdAt: 'desc' } },
      );
      return row?.sessionId ?? null;
    },
  };
}
