import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { initORM, type Orm } from '../../src/db/orm.ts';
import { debitGems, gemsBalance, grantGems, InsufficientGemsError, refundGems } from '../../src/ledger/gems.ts';
import {
  CouponDefinitionError,
  type CouponError,
  createCoupon,
  previewCoupon,
  redeemCoupon,
} from '../../src/ledger/coupons.ts';
import { applyDiscount } from '../../src/domain/money.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { createAccount, randomLabel } from '../helpers/fixtures.ts';

let db: TestDatabase;
let wide: Orm; // a second pool as wide as the concurrency we test, so requests really overlap
beforeAll(async () => {
  db = await createTestDatabase();
  wide = await initORM({ databaseUrl: db.url, poolMax: 20 });
});
afterAll(async () => {
  await wide.close();
  await db.drop();
});

const fork = () => db.orm.em.fork();
const ref = (what: string) => `${what}:${randomUUID()}`;
const sql = <T>(query: string, params: unknown[] = []) => fork().execute<T[]>(query, params);
const counts = async () =>
  (
    await sql<{ t: string; l: string }>(
      'select (select count(*) from ledger_transaction) t, (select count(*) from ledger_line) l',
    )
  )[0];

async function fundedAccount(gems: number) {
  const { id } = await createAccount(db.orm);
  if (gems) await grantGems(fork(), { accountId: id, amount: gems, reference: ref('grant') });
  return id;
}

describe('gems ledger', () => {
  it('grants, debits and refunds, each idempotent by reference', async () => {
    const id = await fundedAccount(0);
    const g = ref('grant');
    const first = await grantGems(fork(), { accountId: id, amount: 500, reference: g, memo: 'welcome' });
    expect(await grantGems(fork(), { accountId: id, amount: 500, reference: g })).toEqual(first);
    expect(first.balance).toBe(500);
    const d = ref('debit');
    const [a, b] = await Promise.all([
      debitGems(fork(), { accountId: id, amount: 120, reference: d }),
      debitGems(fork(), { accountId: id, amount: 120, reference: d }),
    ]);
    expect(a).toEqual(b);
    expect(a.balance).toBe(380);
    expect(await debitGems(fork(), { accountId: id, amount: 120, reference: d })).toEqual(a); // the first result, not today's balance
    const r = ref('refund');
    expect((await refundGems(fork(), { accountId: id, amount: 120, reference: r })).balance).toBe(500);
    expect((await refundGems(fork(), { accountId: id, amount: 120, reference: r })).balance).toBe(500);
    expect(await gemsBalance(fork(), id)).toBe(500);
    const lines = await sql<{ book: string; n: string }>(
      'select l.book, sum(l.amount) n from ledger_line l join ledger_transaction t on t.id = l.transaction_id where t.reference in (?, ?, ?) group by l.book',
      [g, d, r],
    );
    expect(Object.fromEntries(lines.map((x) => [x.book, Number(x.n)]))).toEqual({
      [`user:${id}`]: 500,
      'system:grants': -500,
      'system:revenue': 0,
    });
  });

  it('lets exactly 10 of 20 concurrent debits of 100 spend a balance of 1000, never below zero', async () => {
    const id = await fundedAccount(1000);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        debitGems(wide.em.fork(), { accountId: id, amount: 100, reference: ref(`race${i}`) }),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const failed = results.filter((r) => r.status === 'rejected').map((r) => r.reason);
    expect(ok).toHaveLength(10);
    expect(failed.every((e) => e instanceof InsufficientGemsError && e.balance === 0 && e.required === 100)).toBe(true);
    expect(ok.map((r) => r.value.balance).sort((x, y) => x - y)).toEqual([
      0, 100, 200, 300, 400, 500, 600, 700, 800, 900,
    ]);
    expect(await gemsBalance(fork(), id)).toBe(0);
    // The running balance in write order never dipped below zero.
    const [running] = await sql<{ low: string }>(
      'select min(running) low from (select sum(amount) over (order by id) running from ledger_line where book = ?) s',
      [`user:${id}`],
    );
    expect(Number(running?.low)).toBe(0);
    const unbalanced = await sql(
      'select transaction_id from ledger_line group by transaction_id having sum(amount) <> 0',
    );
    expect(unbalanced).toEqual([]);
    expect(Number((await sql<{ s: string }>('select sum(amount) s from ledger_line'))[0]?.s)).toBe(0);
  });

  it('refuses an overdraft with the balance and the price, writing nothing', async () => {
    const id = await fundedAccount(50);
    const before = await counts();
    const err = await debitGems(fork(), { accountId: id, amount: 51, reference: ref('debit') }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(InsufficientGemsError);
    expect(err).toMatchObject({ balance: 50, required: 51, code: 'insufficient_gems' });
    expect(await counts()).toEqual(before);
    expect(await gemsBalance(fork(), id)).toBe(50);
  });

  it('rejects bad amounts and a reference reused for another movement', async () => {
    const id = await fundedAccount(100);
    for (const amount of [0, -5, 1.5])
      await expect(debitGems(fork(), { accountId: id, amount, reference: ref('d') })).rejects.toThrow(RangeError);
    const d = ref('debit');
    await debitGems(fork(), { accountId: id, amount: 10, reference: d });
    await expect(debitGems(fork(), { accountId: id, amount: 20, reference: d })).rejects.toThrow(/different movement/);
    await expect(grantGems(fork(), { accountId: id, amount: 10, reference: d })).rejects.toThrow(/different movement/);
    // Two accounts do not share a lock: the unique reference decides, and the loser is told, not merged.
    const other = await fundedAccount(100);
    const shared = ref('debit');
    const both = await Promise.allSettled(
      [id, other].map((accountId) => debitGems(wide.em.fork(), { accountId, amount: 5, reference: shared })),
    );
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await gemsBalance(fork(), id)).toBe((await gemsBalance(fork(), other)) === 95 ? 90 : 85);
  });
});

describe('coupons', () => {
  const code = () => randomLabel('c').toUpperCase();

  it('normalises codes and refuses bad or duplicate definitions', async () => {
    const c = code();
    const row = await createCoupon(fork(), { code: ` ${c.toLowerCase()} `, percentOff: 25, maxUses: 2 });
    expect(row).toMatchObject({ code: c, percentOff: 25, maxUses: 2, usedCount: 0, namespace: null, expiresAt: null });
    await expect(createCoupon(fork(), { code: c, percentOff: 10, maxUses: 1 })).rejects.toThrow(/already exists/);
    const bad = [
      { code: 'ab', percentOff: 10, maxUses: 1 },
      { code: 'no spaces', percentOff: 10, maxUses: 1 },
      { code: code(), percentOff: 0, maxUses: 1 },
      { code: code(), percentOff: 101, maxUses: 1 },
      { code: code(), percentOff: 10, maxUses: 0 },
      { code: code(), percentOff: 10, maxUses: 1, namespace: 'nope' },
      { code: code(), percentOff: 10, maxUses: 1, expiresAt: new Date(Date.now() - 1000) },
    ];
    for (const c of bad) await expect(createCoupon(fork(), c)).rejects.toThrow(CouponDefinitionError);
  });

  it('lets exactly 3 of 10 concurrent redemptions use a 3-use coupon', async () => {
    const c = code();
    await createCoupon(fork(), { code: c, percentOff: 100, maxUses: 3 });
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => redeemCoupon(wide.em.fork(), c, 'agent')),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    const reasons = results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as CouponError).reason] : []));
    expect(reasons).toEqual(Array(7).fill('used_up'));
    expect(
      (await sql<{ used_count: number }>('select used_count from coupon where code = ?', [c]))[0]?.used_count,
    ).toBe(3);
    await expect(previewCoupon(fork(), c, 'agent')).rejects.toMatchObject({ reason: 'used_up' });
  });

  it('previews without consuming, and enforces expiry, namespace and existence', async () => {
    const c = code();
    const expiresAt = new Date(Date.now() + 3600_000);
    await createCoupon(fork(), { code: c, percentOff: 40, maxUses: 1, namespace: 'zen', expiresAt });
    for (let i = 0; i < 3; i++)
      expect(await previewCoupon(fork(), c.toLowerCase(), 'zen')).toEqual({ code: c, percentOff: 40 });
    const later = new Date(expiresAt.getTime() + 1);
    await expect(previewCoupon(fork(), c, 'zen', later)).rejects.toMatchObject({ reason: 'expired' });
    await expect(redeemCoupon(fork(), c, 'zen', later)).rejects.toMatchObject({ reason: 'expired' });
    await expect(previewCoupon(fork(), c, 'agent')).rejects.toMatchObject({ reason: 'wrong_namespace' });
    await expect(redeemCoupon(fork(), c, 'agent')).rejects.toMatchObject({ reason: 'wrong_namespace' });
    await expect(previewCoupon(fork(), 'NO-SUCH-CODE', 'zen')).rejects.toMatchObject({ reason: 'unknown' });
    await expect(redeemCoupon(fork(), '!', 'zen')).rejects.toMatchObject({ reason: 'unknown' });
    expect(await redeemCoupon(fork(), c, 'zen')).toEqual({ code: c, percentOff: 40 });
    await expect(redeemCoupon(fork(), c, 'zen')).rejects.toMatchObject({ reason: 'used_up' });
  });

  it('rounds a discounted price up to whole gems', () => {
    expect(applyDiscount(1000, 100)).toBe(0);
    expect(applyDiscount(1000, 25)).toBe(750);
    expect(applyDiscount(7, 33)).toBe(5); // 4.69 → 5: never under-charge
    expect(applyDiscount(1, 99)).toBe(1);
    expect(applyDiscount(0, 50)).toBe(0);
    expect(() => applyDiscount(10, 101)).toThrow(RangeError);
    expect(() => applyDiscount(1.5, 10)).toThrow(RangeError);
  });
});
