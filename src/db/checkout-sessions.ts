import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../domain/errors.ts';
import { CheckoutSession } from './entities/index.ts';
import { doneOutcomes, type CheckoutOutcome } from '../domain/checkout-outcomes.ts';
import { checkoutSpendKey, releaseSpend } from '../mandates/spends.ts';
import { checkoutsClosed, checkoutsOpened } from '../metrics/checkouts.ts';

export interface CheckoutOpening {
  sessionId: string;
  name: string;
  /** The paid operation: its contract's name (`registration`, `renewal`, …). */
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

const done = new Set<CheckoutOutcome>(doneOutcomes);

/** The outcomes of a checkout that closed without taking a payment. */
const unpaidOutcomes: CheckoutOutcome[] = ['expired_unpaid', 'cancelled', 'abandoned'];

const openNow = () => ({ outcome: null, expiresAt: { $gt: new Date() } });

/** A checkout without an outcome whose hold has passed, as the abandoned-checkout sweep reads it. */
export interface UnclosedCheckout {
  sessionId: string;
  name: string;
  operation: string;
  /** Where the next page starts: expires_at as PostgreSQL's text (exact to the microsecond). */
  cursor: string;
}

// Checkout sessions (docs/registration.md "Unpaid checkouts"). Invariant: a holder never has more than
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
      checkoutsOpened.inc({ operation: c.operation, rail: c.method });
    },

    /** Records how the checkout ended (idempotent: the first outcome stays). */
    async close(sessionId: string, outcome: CheckoutOutcome): Promise<void> {
      const closed = await em.execute<{ operation: string; method: string }[]>(
        `update checkout_session set outcome = ?, ended_at = ? where session_id = ? and outcome is null
         returning operation, method`,
        [outcome, new Date(), sessionId],
      );
      for (const c of closed) checkoutsClosed.inc({ operation: c.operation, rail: c.method, outcome });
      // Ended without the operation: its mandate reservation stops counting (a done one was spent at activation).
      if (!done.has(outcome)) await releaseSpend(em, checkoutSpendKey(sessionId));
    },

    /**
     * Up to `limit` checkouts still without an outcome whose hold ended before `asOf`, in
     * (expires_at, session_id) order after the cursor: what the sweep asks Temporal about.
     */
    unclosedPage(q: {
      asOf: Date;
      after: { expiry: string; sessionId: string } | null;
      limit: number;
    }): Promise<UnclosedCheckout[]> {
      const after = q.after ? 'and (expires_at, session_id) > (?::timestamptz, ?)' : '';
      return em.execute<UnclosedCheckout[]>(
        `select session_id as "sessionId", name, operation, expires_at::text as cursor from checkout_session
         where outcome is null and expires_at < ? ${after} order by expires_at, session_id limit ?`,
        [q.asOf, ...(q.after ? [q.after.expiry, q.after.sessionId] : []), q.limit],
      );
    },

    /**
     * Closes, as `abandoned`, the given checkouts that still have no outcome and whose hold ended
     * before `asOf` (a run that recorded an outcome meanwhile keeps it). Returns how many it closed.
     */
    async closeAbandoned(sessionIds: string[], asOf: Date): Promise<number> {
      if (sessionIds.length === 0) return 0;
      const rows = await em.execute<{ operation: string; method: string }[]>(
        `update checkout_session set outcome = 'abandoned', ended_at = ?
         where session_id in (select jsonb_array_elements_text(?::jsonb)) and outcome is null and expires_at < ?
         returning operation, method`,
        [new Date(), JSON.stringify(sessionIds), asOf],
      );
      for (const c of rows) checkoutsClosed.inc({ operation: c.operation, rail: c.method, outcome: 'abandoned' });
      const closed = rows.length;
      // A run that never started never spent: the reservations of the checkouts closed stop counting.
      const ended = await em.find(
        CheckoutSession,
        { sessionId: { $in: sessionIds }, outcome: 'abandoned' },
        { fields: ['sessionId'] },
      );
      await releaseSpend(
        em,
        ended.map((c) => checkoutSpendKey(c.sessionId)),
      );
      return closed;
    },

    /** One page of the open checkouts these accounts started, the soonest to lapse first. */
    async openOfActors(actorIds: string[], page: { limit: number; offset: number }) {
      const [rows, total] = await em.findAndCount(
        CheckoutSession,
        { actorAccountId: { $in: actorIds }, ...openNow() },
        { orderBy: { expiresAt: 'asc', sessionId: 'asc' }, limit: page.limit, offset: page.offset },
      );
      return { rows, total };
    },

    find(sessionId: string) {
      return em.findOne(CheckoutSession, { sessionId });
    },

    /** The holder's latest checkouts of this name settled through the checkout relay, newest first. */
    relayCheckoutsOf(q: { holder: string; name: string; limit: number }) {
      return em.find(
        CheckoutSession,
        { holder: q.holder, name: q.name, relaySessionId: { $ne: null } },
        { fields: ['sessionId', 'relaySessionId', 'outcome'], orderBy: { createdAt: 'desc' }, limit: q.limit },
      );
    },

    /**
     * The checkouts of this operation on this name still without an outcome, whatever their expiry: while
     * there is none, no run waiting for a payment can hold the name, so a new request needs not ask
     * Temporal first (src/registration/requests.ts).
     */
    unclosedOn(q: { name: string; operation: string }) {
      return em.find(
        CheckoutSession,
        { ...q, outcome: null },
        { fields: ['sessionId', 'holder', 'method', 'relaySessionId'], orderBy: { createdAt: 'desc' }, limit: 10 },
      );
    },

    /**
     * The holder's checkouts of this operation on this name that closed with nothing paid (expired,
     * reset or abandoned), newest first: where a payment that landed too late belongs.
     */
    closedUnpaidOf(q: { holder: string; name: string; operation: string; limit: number }) {
      return em.find(
        CheckoutSession,
        { holder: q.holder, name: q.name, operation: q.operation, outcome: { $in: unpaidOutcomes } },
        { fields: ['sessionId', 'method'], orderBy: { createdAt: 'desc' }, limit: q.limit },
      );
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
