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
  /** `since`: when the key was first taken; a takeover of a dead request's key keeps it (one operation). */
  | { kind: 'claimed'; since: Date }
  | { kind: 'in_flight' }
  | { kind: 'reused' }
  | { kind: 'answered'; status: number; contentType: string | null; body: string };

/** The idempotency keys of mutating requests (src/http/plugins/idempotency.ts). */
export function idempotencyKeys(em: EntityManager) {
  return {
    /**
     * Takes the key for this request, atomically: a new key, one whose request died in flight (held past
     * HOLD_MS), or one older than KEEP_HOURS is taken; otherwise what the earlier request left is told.
     */
    async claim(scope: string, key: string, fingerprint: string): Promise<Claim> {
      // A key past its keeping time starts afresh; a key whose request died in flight is taken over with
      // its first claim time, so the retry continues the same operation (README "Idempotency keys").
      const taken = await em.execute<{ created_at: Date }[]>(
        `insert into idempotency_key (scope, key, fingerprint, held_until, created_at)
         values (?, ?, ?, now() + make_interval(secs => ?), now())
         on conflict (scope, key) do update set fingerprint = excluded.fingerprint, held_until = excluded.held_until,
           created_at = case when idempotency_key.created_at < now() - make_interval(hours => ?)
                               or idempotency_key.fingerprint <> excluded.fingerprint
                             then excluded.created_at else idempotency_key.created_at end,
           status = null, content_type = null, body = null, answered_at = null
         where (idempotency_key.answered_at is null and idempotency_key.held_until < now())
            or idempotency_key.created_at < now() - make_interval(hours => ?)
         returning created_at`,
        [scope, key, fingerprint, HOLD_MS / 1000, KEEP_HOURS, KEEP_HOURS],
      );
      if (taken[0]) return { kind: 'claimed', since: new Date(taken[0].created_at) };
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

    /** Keeps the key held while its request runs (an answered key is left as it is). */
    async renew(scope: string, key: string, fingerprint: string): Promise<void> {
      await em.execute(
        `update idempotency_key set held_until = now() + make_interval(secs => ?)
         where scope = ? and key = ? and fingerprint = ? and answered_at is null`,
        [HOLD_MS / 1000, scope, key, fingerprint],
      );
    },

    /** Records the answer the claiming request gave, to be replayed. */
    async answer(
      scope: string,
      key: string,
      fingerprint: string,
      a: { status: number; contentType: string | null; body: string },
    ) {
      await em.execute(
        `update idempotency_key set status = ?, content_type = ?, body = ?, answered_at = now()
         where scope = ? and key = ? and fingerprint = ? and answered_at is null`,
        [a.status, a.contentType, a.body, scope, key, fingerprint],
      );
    },

    /**
     * Ends the hold of a request whose answer is not kept (a 402, 429, 503 or other 5xx), keeping the
     * row: the same request retried under the key takes it over with its first claim time, so it
     * continues the operation this request started (the same operation id) instead of starting a second
     * one — a gems renewal answered 500 after its run started, or an offer answered 503 while its run
     * waited for a worker, is never made twice. Another request under the key (a paid retry with its
     * receipt in the body) takes it as a new operation.
     */
    async release(scope: string, key: string, fingerprint: string) {
      await em.execute(
        `update idempotency_key set held_until = now() - make_interval(secs => 1)
         where scope = ? and key = ? and fingerprint = ? and answered_at is null`,
        [scope, key, fingerprint],
      );
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
