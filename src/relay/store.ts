import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * Where a session stands, as spec 4.6 names it: `awaiting_payment` until an authorization is accepted,
 * then `prepared` (verified, about to be broadcast), `broadcast` (the transaction hash is known),
 * `confirmed` (mined and successful); `failed` when the transaction reverted (or the authorization was
 * spent for another session); `expired_unpaid` when no authorization came before the session expired or
 * the merchant closed it.
 */
export type SessionStatus = 'awaiting_payment' | 'prepared' | 'broadcast' | 'confirmed' | 'failed' | 'expired_unpaid';

export interface Authorization {
  from: `0x${string}`;
  to: `0x${string}`;
  value: string;
  validAfter: string;
  validBefore: string;
  nonce: `0x${string}`;
}

export interface RelaySession {
  id: string;
  reference: string;
  amount: string;
  asset: `0x${string}`;
  payTo: `0x${string}`;
  network: string;
  maxTimeoutSeconds: number;
  status: SessionStatus;
  expiresAt: Date;
  idempotencyKey: string | null;
  authorization: Authorization | null;
  signature: `0x${string}` | null;
  txHash: `0x${string}` | null;
  confirmedAt: Date | null;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The authorization (its nonce, for this token contract and payer) is already bound to another session:
 * EIP-3009 lets one authorization move money once, so it can pay at most one session, the first that
 * accepted it.
 */
export class AuthorizationBoundError extends Error {
  override name = 'AuthorizationBoundError';
}

/** How an authorization is named across sessions: EIP-3009's nonce is unique per token contract and payer. */
const claimKey = (asset: string, a: Authorization) => [
  asset.toLowerCase(),
  a.from.toLowerCase(),
  a.nonce.toLowerCase(),
];

interface Row {
  id: string;
  reference: string;
  amount: string;
  asset: `0x${string}`;
  pay_to: `0x${string}`;
  network: string;
  max_timeout_seconds: number;
  status: SessionStatus;
  expires_at: Date;
  idempotency_key: string | null;
  authorization: Authorization | null;
  signature: `0x${string}` | null;
  tx_hash: `0x${string}` | null;
  confirmed_at: Date | null;
}

const toSession = (r: Row): RelaySession => ({
  id: r.id,
  reference: r.reference,
  amount: r.amount,
  asset: r.asset,
  payTo: r.pay_to,
  network: r.network,
  maxTimeoutSeconds: r.max_timeout_seconds,
  // A session past its time with no money moved (never paid, or its transaction reverted, which
  // consumed nothing) is expired_unpaid: what releases the merchant's lock.
  status:
    (r.status === 'awaiting_payment' || r.status === 'failed') && r.expires_at.getTime() <= Date.now()
      ? 'expired_unpaid'
      : r.status,
  expiresAt: r.expires_at,
  idempotencyKey: r.idempotency_key,
  authorization: r.authorization,
  signature: r.signature,
  txHash: r.tx_hash,
  confirmedAt: r.confirmed_at,
});

/**
 * The relay's own state, in a schema of its own (`checkout_relay`) so that it behaves as the separate
 * service it is: the registry never reads these tables, it asks the relay over HTTP. Every transition
 * is a conditional update, so two settle calls racing for one session cannot both move it.
 */
export function relayStore(pool: pg.Pool) {
  const one = async (sql: string, params: unknown[]) => {
    const { rows } = await pool.query<Row>(sql, params);
    return rows[0] ? toSession(rows[0]) : null;
  };
  return {
    async migrate(): Promise<void> {
      await pool.query(`create schema if not exists checkout_relay`);
      await pool.query(`create table if not exists checkout_relay.session (
        id uuid primary key,
        reference text not null unique,
        token_hash text not null,
        amount numeric(78, 0) not null,
        asset text not null,
        pay_to text not null,
        network text not null,
        max_timeout_seconds int not null,
        status text not null default 'awaiting_payment',
        expires_at timestamptz not null,
        idempotency_key text,
        "authorization" jsonb,
        signature text,
        tx_hash text,
        confirmed_at timestamptz,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now())`);
      await pool.query(`create index if not exists session_unfinished_index on checkout_relay.session (status)
        where status in ('prepared', 'broadcast')`);
      // One authorization pays one session: its key is bound to the session that accepted it, at prepare.
      const { rows } = await pool.query<{ missing: boolean }>(
        `select to_regclass('checkout_relay.authorization_claim') is null as missing`,
      );
      await pool.query(`create table if not exists checkout_relay.authorization_claim (
        asset text not null,
        payer text not null,
        nonce text not null,
        session_id uuid not null references checkout_relay.session (id),
        created_at timestamptz not null default now(),
        primary key (asset, payer, nonce))`);
      // Sessions prepared before the binding existed: the one that broadcast (else the first) keeps it.
      if (rows[0]?.missing)
        await pool.query(`insert into checkout_relay.authorization_claim (asset, payer, nonce, session_id)
          select lower(asset), lower("authorization"->>'from'), lower("authorization"->>'nonce'), id
          from checkout_relay.session where "authorization" is not null
          order by tx_hash is null, updated_at on conflict do nothing`);
    },

    /** A new session; the same merchant reference again returns the first one (and no token). */
    async create(
      s: Omit<RelaySession, 'status' | 'idempotencyKey' | 'authorization' | 'signature' | 'txHash' | 'confirmedAt'>,
      token: string,
    ): Promise<{ session: RelaySession; created: boolean }> {
      const created = await one(
        `insert into checkout_relay.session (id, reference, token_hash, amount, asset, pay_to, network,
           max_timeout_seconds, expires_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict (reference) do nothing returning *`,
        [s.id, s.reference, hashToken(token), s.amount, s.asset, s.payTo, s.network, s.maxTimeoutSeconds, s.expiresAt],
      );
      if (created) return { session: created, created: true };
      const existing = await one(`select * from checkout_relay.session where reference = $1`, [s.reference]);
      if (!existing) throw new Error(`session for ${s.reference} vanished`);
      return { session: existing, created: false };
    },

    get: (id: string) => one(`select * from checkout_relay.session where id = $1`, [id]),

    /** The session if the token is its own (compared as hashes: the token is never stored). */
    withToken: (id: string, token: string) =>
      one(`select * from checkout_relay.session where id = $1 and token_hash = $2`, [id, hashToken(token)]),

    /**
     * awaiting_payment → prepared, once: the first accepted authorization wins the session, and the
     * session wins the authorization (its claim's primary key), in one transaction. Null when the session
     * is no longer awaiting payment; AuthorizationBoundError when another session holds the
     * authorization (a concurrent prepare waits for the first to commit, then is refused).
     */
    async prepare(id: string, key: string, authorization: Authorization, signature: string) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const { rows } = await client.query<Row>(
          `update checkout_relay.session set status = 'prepared', idempotency_key = $2, "authorization" = $3,
             signature = $4, updated_at = now()
           where id = $1 and status = 'awaiting_payment' and expires_at > now() returning *`,
          [id, key, JSON.stringify(authorization), signature],
        );
        const row = rows[0];
        if (!row) {
          await client.query('rollback');
          return null;
        }
        const claimed = await client
          .query(
            `insert into checkout_relay.authorization_claim (asset, payer, nonce, session_id) values ($1, $2, $3, $4)`,
            [...claimKey(row.asset, authorization), id],
          )
          .then(
            () => true,
            (err: unknown) => {
              if ((err as { code?: string }).code === '23505') return false;
              throw err;
            },
          );
        if (!claimed) {
          await client.query('rollback');
          throw new AuthorizationBoundError(`authorization ${authorization.nonce} is bound to another session`);
        }
        await client.query('commit');
        return toSession(row);
      } catch (err) {
        await client.query('rollback').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },

    /** The session an authorization is bound to (the only one it may ever pay), or null. */
    async boundTo(asset: string, authorization: Authorization): Promise<string | null> {
      const { rows } = await pool.query<{ session_id: string }>(
        `select session_id from checkout_relay.authorization_claim where asset = $1 and payer = $2 and nonce = $3`,
        claimKey(asset, authorization),
      );
      return rows[0]?.session_id ?? null;
    },

    /**
     * The merchant gives a session up: closed as expired_unpaid only if no authorization was ever
     * accepted for it, so that nothing can land for it and no later settle is taken (a racing prepare
     * and this close are both conditional on awaiting_payment: exactly one wins). Null otherwise.
     */
    close: (id: string) =>
      one(
        `update checkout_relay.session set status = 'expired_unpaid', expires_at = least(expires_at, now()),
           updated_at = now()
         where id = $1 and status = 'awaiting_payment' returning *`,
        [id],
      ),

    /** The broadcast transaction's hash, recorded the moment it is known. */
    broadcast: (id: string, txHash: string) =>
      one(
        `update checkout_relay.session set status = 'broadcast', tx_hash = $2, updated_at = now()
         where id = $1 and status in ('prepared', 'broadcast') returning *`,
        [id, txHash],
      ),

    finish: (id: string, outcome: 'confirmed' | 'failed', txHash: string | null) =>
      one(
        `update checkout_relay.session set status = $2, tx_hash = coalesce($3, tx_hash),
           confirmed_at = case when $2 = 'confirmed' then now() end, updated_at = now()
         where id = $1 and status in ('prepared', 'broadcast') returning *`,
        [id, outcome, txHash],
      ),

    /** Sessions a settlement was started for and not finished: what recovery walks after a restart. */
    async unfinished(): Promise<RelaySession[]> {
      const { rows } = await pool.query<Row>(
        `select * from checkout_relay.session where status in ('prepared', 'broadcast') order by updated_at limit 100`,
      );
      return rows.map(toSession);
    },
  };
}

export type RelayStore = ReturnType<typeof relayStore>;
