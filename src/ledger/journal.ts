import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ledgerRepository } from '../db/ledger-repository.ts';
import type { MarketCurrency } from '../domain/market.ts';

// Multi-leg ledger transactions (the market's splits and escrows) on the same double-entry ledger as
// the gems (gems.ts): lines sum to zero, `reference` makes a posting happen once, and every book a
// transaction takes money from is locked and checked so it never goes negative. Gems books are bare
// (`user:<id>`); pathUSD books carry the prefix `pathusd:`, so each currency sums to zero by itself.

export const PLATFORM_BOOK = 'system:platform';
/** pathUSD that came in from the chain (a buyer's payment) or left to it (a payout): its counterpart. */
export const CHAIN_BOOK = 'system:chain';
export const escrowBook = (offerId: string) => `escrow:offer:${offerId}`;
export const accountBook = (accountId: string) => `user:${accountId}`;

/** The advisory lock of a book: a gems user book shares gems.ts's lock, so both serialise one balance. */
const lockKey = (book: string) => (book.startsWith('user:') ? `gems:${book.slice('user:'.length)}` : `book:${book}`);

/** A book in a currency: gems books are bare, pathUSD books prefixed. */
export const bookIn = (currency: MarketCurrency, book: string) => (currency === 'gems' ? book : `pathusd:${book}`);

export interface JournalEntry {
  reference: string;
  kind: string;
  memo?: string | null;
  currency: MarketCurrency;
  /** Unprefixed book names and signed amounts; they must sum to zero. Zero lines are dropped. */
  lines: { book: string; amount: bigint }[];
  /** Books that may not go below zero (user books and escrows; never the system's). */
  covered: string[];
}

export class LedgerShortError extends Error {
  override name = 'LedgerShortError';
  readonly book: string;
  readonly balance: bigint;
  readonly required: bigint;
  constructor(book: string, balance: bigint, required: bigint) {
    super(`${book} holds ${balance}, ${required} required`);
    this.book = book;
    this.balance = balance;
    this.required = required;
  }
}

export async function bookBalance(em: EntityManager, currency: MarketCurrency, book: string): Promise<bigint> {
  const [row] = await em.execute<{ balance: string | number }[]>(
    'select coalesce(sum(amount), 0)::bigint as balance from ledger_line where book = ?',
    [bookIn(currency, book)],
  );
  return BigInt(row?.balance ?? 0);
}

/**
 * Posts one balanced transaction in the caller's transaction (callers own it: a sale's legs commit
 * with the name's move). Idempotent on `reference`: a second posting returns the first's id. Books in
 * `covered` are locked (per book, in a fixed order, so two postings never deadlock) and checked.
 */
export async function postJournal(tx: EntityManager, j: JournalEntry): Promise<number> {
  const lines = j.lines.filter((l) => l.amount !== 0n).map((l) => ({ ...l, book: bookIn(j.currency, l.book) }));
  if (lines.reduce((sum, l) => sum + l.amount, 0n) !== 0n) throw new Error(`journal ${j.reference} does not balance`);
  const covered = [...new Set(j.covered.map((b) => bookIn(j.currency, b)))].sort();
  for (const book of covered) await tx.execute('select pg_advisory_xact_lock(hashtext(?))', [lockKey(book)]);
  const ledger = ledgerRepository(tx);
  const existing = await ledger.postedId(j.reference);
  if (existing !== null) return existing;
  for (const book of covered) {
    const out = lines.filter((l) => l.book === book).reduce((sum, l) => sum + l.amount, 0n);
    if (out >= 0n) continue;
    const [row] = await tx.execute<{ balance: string | number }[]>(
      'select coalesce(sum(amount), 0)::bigint as balance from ledger_line where book = ?',
      [book],
    );
    const balance = BigInt(row?.balance ?? 0);
    if (balance + out < 0n) throw new LedgerShortError(book, balance, -out);
  }
  try {
    return await ledger.insert({
      reference: j.reference,
      kind: j.kind,
      memo: j.memo ?? null,
      createdAt: new Date(),
      lines,
    });
  } catch (err) {
    if (err instanceof UniqueConstraintViolationException)
      throw new Error(`journal ${j.reference} raced another posting`);
    throw err;
  }
}
