import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { Account, NamespaceWhitelist } from '../../src/db/entities/index.ts';
import { accountForWallet } from '../../src/auth/accounts.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { createAccount } from '../helpers/fixtures.ts';

const run = promisify(execFile);

describe('operator CLI (npm run ops)', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.drop());

  const ops = (...args: string[]) =>
    run(process.execPath, ['src/entry/ops.ts', ...args], { env: { ...process.env, DATABASE_URL: db.url } }).then(
      (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
    );

  it('approves a reseller and whitelists an account for a sunrise namespace', async () => {
    const a = await createAccount(db.orm, { kind: 'human' });
    const approved = await ops('approve-reseller', a.id);
    expect(approved.code).toBe(0);
    expect(JSON.parse(approved.stdout)).toEqual({ account_id: a.id, is_reseller: true });
    expect((await ops('whitelist', 'factory', a.id)).code).toBe(0);
    const em = db.orm.em.fork();
    expect((await em.findOneOrFail(Account, { id: a.id })).isReseller).toBe(true);
    expect(await em.count(NamespaceWhitelist, { namespace: 'factory', account: a.id })).toBe(1);
    expect((await ops('unwhitelist', 'factory', a.id)).code).toBe(0);
    expect(await db.orm.em.fork().count(NamespaceWhitelist, { account: a.id })).toBe(0);
  }, 30_000);

  it('says what is wrong, with exit code 1, and changes nothing', async () => {
    const bad = await ops('approve-reseller', 'not-an-id');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('is not an account id');
    const unknownNs = await ops('whitelist', 'nope', crypto.randomUUID());
    expect(unknownNs.code).toBe(1);
    expect(unknownNs.stderr).toContain('no namespace nope');
    expect((await ops()).code).toBe(2);
  }, 30_000);
});

describe('wallet-derived identities', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.drop());

  it('creates one agent account per payer address, case-insensitively', async () => {
    const addr = '0xAbCdEf0123456789abcdef0123456789ABCDEF01';
    const [a, b] = await Promise.all([accountForWallet(db.orm.em.fork(), addr), accountForWallet(db.orm.em.fork(), addr.toLowerCase())]);
    expect(a).toBe(b);
    const row = await db.orm.em.fork().findOneOrFail(Account, { id: a });
    expect(row).toMatchObject({ kind: 'agent', assurance: 'anonymous', walletAddress: addr.toLowerCase() });
    await expect(accountForWallet(db.orm.em.fork(), '0x123')).rejects.toThrow(/not an EVM address/);
  });
});
