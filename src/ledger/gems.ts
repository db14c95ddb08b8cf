import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ledgerRepository } from '../db/ledger-repository.ts';

// The gems ledger is double-entry: every transaction moves `amount` from one book to another, so its
// lines sum to zero and the whole ledger sums to zero. A user's balance is the sum of its book's lines.
// Invariants:
// - serialisation: every movement of an account holds a per-account transaction-scoped advisory lock,
//   so a debit's balance check and its write see no concurrent movement and a balance never goes negative;
// - idempotency: `reference` is unique; a retried call returns the first result and moves nothing again.

export const GRANTS_BOOK = 'system:grants';
export const REVENUE_BOOK = 'system:revenue';
export const userBook = (accountId: string) => `user:${accountId}`;

export interface GemsMovement {
  accountId: string;
  amount: number;
  reference: string;
  memo?: string | null;
}
export interface GemsResult {
  transactionId: number;
  balance: number;
}
type Kind = 'grant' | 'debit' | 'refund';

export class InsufficientGemsError extends Error {
  override name = 'InsufficientGemsError';
  readonly code = 'insufficient_gems';
  readonly balance: number;
  readonly required: number;
  constructor(balance: number, required: number) {
    super(`insufficient gems: balance ${balance}, required ${required}`);
    this.balance = balance;
    this.required = required;
  }
}

/** A book's balance as one SQL expression of one parameter (the book): reads that need it with other facts embed it. */
export const BOOK_BALANCE_SQL = 'select coalesce(sum(amount), 0)::bigint from ledger_line where book = ?';

/** The account's balance, or (with `upTo`) its balance right after that transaction was written. */
async function balanceOf(em: EntityManager, book: string, upTo?: number): Promise<number> {
  const sql = `select (${BOOK_BALANCE_SQL}${upTo ? ' and transaction_id <= ?' : ''}) as balance`;
  const [row] = await em.execute<{ balance: string | number }[]>(sql, upTo ? [book, upTo] : [book]);
  return Number(row?.balance ?? 0);
}

export function gemsBalance(em: EntityManager, accountId: string): Promise<number> {
  return balanceOf(em, userBook(accountId));
}

function validate(m: GemsMovement): void {
  if (!/^[0-9a-f-]{36}$/i.test(m.accountId)) throw new RangeError(`"${m.accountId}" is not an account id`);
  if (!Number.isInteger(m.amount) || m.amount <= 0 || m.amount > 2_147_483_647)
    throw new RangeError(`gem amount must be a positive integer, got ${m.amount}`);
  if (!m.reference || m.reference.length > 128) throw new RangeError('a ledger reference is 1 to 128 characters');
  if (m.memo && m.memo.length > 255) throw new RangeError('a ledger memo is at most 255 characters');
}

/**
 * The first result of a movement already recorded under `reference`, or null. Per-account serialisation
 * means line ids of one book follow commit order, so the balance "as of" that transaction is exact.
 * A reference reused for a different movement is a caller bug and is refused, never silently merged.
 */
async function replay(em: EntityManager, kind: Kind, m: GemsMovement, signed: number): Promise<GemsResult | null> {
  const rows = await em.execute<{ id: number; kind: string; book: string; amount: number | string }[]>(
    'select t.id, t.kind, l.book, l.amount from ledger_transaction t join ledger_line l on l.transaction_id = t.id where t.reference = ?',
    [m.reference],
  );
  const first = rows[0];
  if (!first) return null;
  const book = userBook(m.accountId);
  if (first.kind !== kind || !rows.some((r) => r.book === book && Number(r.amount) === signed)) {
    throw new Error(`ledger reference "${m.reference}" was already used for a different movement`);
  }
  return { transactionId: first.id, balance: await balanceOf(em, book, first.id) };
}

async function post(em: EntityManager, kind: Kind, m: GemsMovement, from: string, to: string): Promise<GemsResult> {
  validate(m);
  const book = userBook(m.accountId);
  const signed = from === book ? -m.amount : m.amount;
  const move = async (tx: EntityManager): Promise<GemsResult> => {
    await tx.execute('select pg_advisory_xact_lock(hashtext(?))', [`gems:${m.accountId}`]);
    // Checked under the lock: a retry of this account's movement waits here and then sees the first one.
    const done = await replay(tx, kind, m, signed);
    if (done) return done;
    // A spend reads the balance before it (under the lock), so the balance after is known without a read.
    const before = from === book ? await balanceOf(tx, book) : null;
    if (before !== null && before < m.amount) throw new InsufficientGemsError(before, m.amount);
    const transactionId = await ledgerRepository(tx).insert({
      reference: m.reference,
      kind,
      memo: m.memo ?? null,
      createdAt: new Date(),
      lines: [
        { book: from, amount: BigInt(-m.amount) },
        { book: to, amount: BigInt(m.amount) },
      ],
    });
    return { transactionId, balance: before !== null ? before - m.amount : await balanceOf(tx, book) };
  };
  // Inside the caller's transaction (a paid effect: paid-effect.ts), no savepoint of its own: the
  // movement commits or rolls back with the effect, and the caller answers a duplicate reference.
  if (em.isInTransaction()) return move(em);
  try {
    return await em.transactional(move);
  } catch (err) {
    // The unique reference is the final guard (e.g. the same reference posted for another account,
    // which does not share our lock): the writer that lost rolled back, so answer with the winner.
    if (!(err instanceof UniqueConstraintViolationException)) throw err;
    const done = await replay(em, kind, m, signed);
    if (!done) throw err;
    return done;
  }
}

/** Operator grant: system:grants → user. */
export function grantGems(em: EntityManager, m: GemsMovement): Promise<GemsResult> {
  return post(em, 'grant', m, GRANTS_BOOK, userBook(m.accountId));
}

/** Spend: user → system:revenue, atomically, or InsufficientGemsError with nothing written. */
export function debitGems(em: EntityManager, m: GemsMovement): Promise<GemsResult> {
  return post(em, 'debit', m, userBook(m.accountId), REVENUE_BOOK);
}

/** Give back a spend: system:revenue → user. */
export function refundGems(em: EntityManager, m: GemsMovement): Promise<GemsResult> {
  return post(em, 'refund', m, REVENUE_BOOK, userBook(m.accountId));
}
