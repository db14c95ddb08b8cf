import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * How long a claim holds its key without being renewed. A running request renews it every RENEW_MS, so
 * a long request keeps its key; a request whose process died stops renewing, and a retry may take the
 * key over within HOLD_MS.
 */
export const HOLD_MS = 15_000;
export const RENEW_MS = 5_000;
/** Keys are kept at least this long (24 hours), then a retry with one is a new request. */
export const KEEP_HOURS = 24;

export type Claim =
  /**
   * `since`: when the key was first taken; a takeover of a dead request's key keeps it (one operation).
   * `holder`: this claim's own token, new on every claim and takeover; every later write names it.
   */
  | { kind: 'claimed'; since: Date; holder: string }
  | { kind: 'in_flight' }
  | { kind: 'reused' }
  | { kind: 'answered'; status: number; contentType: string | null; body: string };

/**
 * The idempotency keys of mutating requests (src/http/plugins/idempotency.ts). Invariant: only the claim
 * that holds a key now writes to it. A stalled request whose hold lapsed and was taken over still runs
 * on, and its writes (renew, answer, release) name its own holder token, which the takeover replaced:
 * they change nothing and say so (false), so its answer never overwrites the new holder's.
 */
export function idempotencyKeys(em: EntityManager) {
  /** One conditional write by the key's holder; whether it took effect. */
  const byHolder = async (set: string, params: unknown[], scope: string, key: string, holder: string) => {
    const rows = await em.execute<{ scope: string }[]>(
      `update idempotency_key set ${set}
       where scope = ? and key = ? and holder = ? and answered_at is null returning scope`,
      [...params, scope, key, holder],
    );
    return rows.length > 0;
  };

  return {
    /**
     * Takes the key for this request, atomically: a new key, one whose request died in flight (held past
     * HOLD_MS), or one older than KEEP_HOURS is taken; otherwise what the earlier request left is told.
     */
    async claim(scope: string, key: string, fingerprint: string): Promise<Claim> {
      const holder = randomUUID();
      // A key past its keeping time starts afresh; a key whose request died in flight is taken over with
      // its first claim time, so the retry continues the same operation (docs/api.md "Idempotency keys"). Either
      // way the holder token is this claim's: the request taken over can no longer write.
      const taken = await em.execute<{ created_at: Date }[]>(
        `insert into idempotency_key (scope, key, fingerprint, holder, held_until, created_at)
         values (?, ?, ?, ?, now() + make_interval(secs => ?), now())
         on conflict (scope, key) do update set fingerprint = excluded.fingerprint, holder = excluded.holder,
           held_until = excluded.held_until,
           created_at = case when idempotency_key.created_at < now() - make_interval(hours => ?)
                               or idempotency_key.fingerprint <> excluded.fingerprint
                             then excluded.created_at else idempotency_key.created_at end,
           status = null, content_type = null, body = null, answered_at = null
         where (idempotency_key.answered_at is null and idempotency_key.held_until < now())
            or idempotency_key.created_at < now() - make_interval(hours => ?)
         returning created_at`,
        [scope, key, fingerprint, holder, HOLD_MS / 1000, KEEP_HOURS, KEEP_HOURS],
      );
      if (taken[0]) return { kind: 'claimed', since: new Date(taken[0].created_at), holder };
      const [row] = await em.execute<
        { fingerprint: string; status: number | null; content_type: string | null; body: string | null }[]
      >('select fingerprint, status, content_type, body from idempotency_key where scope = ? and key = ?', [
        scope,
        key,
      ]);
      // Taken by a request that is still running, or gone between the two statements (purged): busy.
      if (!row || row.status === null || row.body === null) return { kind: 'in_flight' };
      if (row.fingerprint !== fingerprint) return { kind: 'reused' };
      return { kind: 'answered', status: row.status, contentType: row.content_type, body: row.body };
    },

    /** Keeps the key held while its request runs; false once it was answered or taken over. */
    renew(scope: string, key: string, holder: string): Promise<boolean> {
      return byHolder('held_until = now() + make_interval(secs => ?)', [HOLD_MS / 1000], scope, key, holder);
    },

    /** Records the answer the claiming request gave, to be replayed; false (nothing written) once taken over. */
    answer(
      scope: string,
      key: string,
      holder: string,
      a: { status: number; contentType: string | null; body: string },
    ): Promise<boolean> {
      return byHolder(
        'status = ?, content_type = ?, body = ?, answered_at = now()',
        [a.status, a.contentType, a.body],
        scope,
        key,
        holder,
      );
    },

    /**
     * Ends the hold of a request whose answer is not kept (a 402, 429, 503 or other 5xx), keeping the
     * row: the same request retried under the key takes it over with its first claim time, so it
     * continues the operation this request started (the same operation id) instead of starting a second
     * one — a gems renewal answered 500 after its run started, or an offer answered 503 while its run
     * waited for a worker, is never made twice. Another request under the key (a paid retry with its
     * receipt in the body) takes it as a new operation. False (nothing changed) once taken over: the
     * new holder's hold is not ended.
     *
     * The holder token goes with the hold: a renewal of this request already on its way (its timer fired
     * just before the answer, the 503 of an offer whose 30 s wait ends on a 5 s renewal tick) lands after
     * the release and must not hold the key again for HOLD_MS, or the retry is refused 409
     * `idempotency_key_in_use` (issue 38 item 2).
     */
    release(scope: string, key: string, holder: string): Promise<boolean> {
      return byHolder('held_until = now() - make_interval(secs => 1), holder = null', [], scope, key, holder);
    },

    /** Deletes keys past their keeping time (an hour's margin past KEEP_HOURS). */
    async purge(): Promise<number> {
      const gone = await em.execute<{ scope: string }[]>(
        'delete from idempotency_key where created_at < now() - make_interval(hours => ?) returning scope',
        [KEEP_HOURS + 1],
      );
      return gone.length;
    },
  };
}
export type IdempotencyKeys = ReturnType<typeof idempotencyKeys>;
