import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { Account, Coupon, Domain, NamespaceWhitelist } from '../../src/db/entities/index.ts';
import { accountForWallet } from '../../src/auth/accounts.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { createAccount, createDomain, randomLabel } from '../helpers/fixtures.ts';
import { createBearerVerifier } from '../../src/auth/bearer-verifier.ts';
import type { DevOidcProvider } from '../../src/infra/dev-oidc/provider.ts';
import { startTestOidc } from '../helpers/oidc.ts';
import { freePort } from '../helpers/ports.ts';
import { TEST_CARD_SIGNING_KEY } from '../helpers/fixtures.ts';

const run = promisify(execFile);

describe('operator CLI (npm run ops)', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.drop());

  /** Runs refusals at once (each changes nothing; each is a process start): exit code 1 and the message. */
  const refusedAll = async (cases: readonly (readonly [readonly string[], string])[]) => {
    const answers = await Promise.all(cases.map(([args]) => ops(...args)));
    answers.forEach((r, i) => expect([r.code, r.stderr]).toEqual([1, expect.stringContaining(cases[i]?.[1] ?? '')]));
  };
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
  });

  it('says what is wrong, with exit code 1, and changes nothing', async () => {
    const bad = await ops('approve-reseller', 'not-an-id');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('is not an account id');
    const unknownNs = await ops('whitelist', 'nope', crypto.randomUUID());
    expect(unknownNs.code).toBe(1);
    expect(unknownNs.stderr).toContain('no namespace nope');
    expect((await ops()).code).toBe(2);
  });

  // Beside `npm start` an operator sets nothing (issue 51: a newcomer was told to start the stack they ran).
  it('uses npm start’s embedded database when DATABASE_URL is unset, outside production only; help lists the commands', async () => {
    const without = (env: Record<string, string>, ...args: string[]) => {
      const { DATABASE_URL: _unset, ...rest } = process.env;
      return run(process.execPath, ['src/entry/ops.ts', ...args], { env: { ...rest, ...env } }).then(
        (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
        (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
      );
    };
    const port = String(await freePort());
    const local = await without(
      { NODE_ENV: 'development', EMBEDDED_PG_PORT: port },
      'gems-balance',
      crypto.randomUUID(),
    );
    expect(local.stderr).toContain(
      `DATABASE_URL is not set: using npm start's embedded database on 127.0.0.1:${port}.`,
    );
    expect(local.code).not.toBe(0); // nothing listens there in this test
    const production = await without({ NODE_ENV: 'production' }, 'gems-balance', crypto.randomUUID());
    // Production never falls back: it is refused before any database is opened.
    expect(production.code).toBe(2);
    expect(production.stderr).not.toContain('embedded database');
    const help = await without({}, 'help');
    expect([help.code, help.stdout]).toEqual([0, expect.stringContaining('grant-gems <account-id> <amount>')]);
  });

  it('grants gems, shows the balance and creates coupons, refusing bad input with exit code 1', async () => {
    const a = await createAccount(db.orm);
    const granted = await ops('grant-gems', a.id, '250', '--memo', 'launch credit');
    expect(granted.code).toBe(0);
    expect(JSON.parse(granted.stdout)).toMatchObject({
      account_id: a.id,
      granted: 250,
      balance: 250,
      reference: expect.stringMatching(/^grant:[0-9a-f-]{36}$/),
    });
    expect(JSON.parse((await ops('grant-gems', a.id, '50')).stdout)).toMatchObject({ balance: 300 });
    expect(JSON.parse((await ops('gems-balance', a.id)).stdout)).toEqual({ account_id: a.id, balance: 300 });
    await refusedAll([
      [['grant-gems', a.id, '0'], 'amount must be a positive whole number'],
      [['grant-gems', a.id, '2.5'], 'amount must be a positive whole number'],
      [['grant-gems', crypto.randomUUID(), '10'], 'no account'],
      [['gems-balance', 'nobody'], 'is not an account id'],
    ]);
    expect(JSON.parse((await ops('gems-balance', a.id)).stdout)).toMatchObject({ balance: 300 });

    const code = randomLabel('launch');
    const created = await ops(
      'create-coupon',
      code,
      '--percent-off',
      '100',
      '--max-uses',
      '3',
      '--namespace',
      'agent',
      '--expires',
      '2099-01-31',
    );
    expect(created.code).toBe(0);
    expect(JSON.parse(created.stdout)).toEqual({
      code: code.toUpperCase(),
      percent_off: 100,
      max_uses: 3,
      namespace: 'agent',
      expires_at: '2099-01-31T00:00:00.000Z',
    });
    await refusedAll([
      [['create-coupon', code, '--percent-off', '10', '--max-uses', '1'], 'already exists'],
      [
        ['create-coupon', randomLabel('c'), '--percent-off', '101', '--max-uses', '1'],
        'percent off must be an integer from 1 to 100',
      ],
      [
        ['create-coupon', randomLabel('c'), '--percent-off', '10', '--max-uses', '0'],
        '--max-uses must be a positive whole number',
      ],
      [
        ['create-coupon', randomLabel('c'), '--percent-off', '10', '--max-uses', '1', '--expires', 'soon'],
        '--expires wants an ISO date',
      ],
      [['create-coupon', randomLabel('c'), '--max-uses', '1'], 'missing --percent-off'],
    ]);
    expect(await db.orm.em.fork().count(Coupon, {})).toBe(1);
  });

  it('expire moves the expiry date into the past (the sweep does the rest), refusing bad input', async () => {
    const d = await createDomain(db.orm, { label: randomLabel('exp'), namespace: 'agent' });
    const DAY = 24 * 3600 * 1000;
    const moved = async (args: string[], env: Record<string, string> = {}) => {
      const before = Date.now();
      const r = await run(process.execPath, ['src/entry/ops.ts', 'expire', ...args], {
        env: { ...process.env, DATABASE_URL: db.url, ...env },
      });
      const after = Date.now();
      const expiry = (await db.orm.em.fork().findOneOrFail(Domain, { id: d.id })).expiryDate.getTime();
      // The CLI takes its own "now" somewhere between our before and after (however slow it starts).
      return { out: JSON.parse(r.stdout), expiry, before, after };
    };
    const grace = await moved([d.name.toUpperCase(), '--stage', 'grace']);
    expect(grace.out).toMatchObject({ domain: d.name, status: 'active', stage: 'grace' });
    expect(grace.expiry).toBeGreaterThanOrEqual(grace.before - 1000);
    expect(grace.expiry).toBeLessThanOrEqual(grace.after - 1000);
    const expired = await moved([d.name], { GRACE_PERIOD_DAYS: '10' });
    expect(expired.out).toMatchObject({ stage: 'expired', grace_ends_at: expect.any(String) });
    expect(Date.parse(expired.out.grace_ends_at)).toBeLessThan(Date.now());
    expect(expired.expiry).toBeGreaterThanOrEqual(expired.before - 10 * DAY - 1000);
    expect(expired.expiry).toBeLessThanOrEqual(expired.after - 10 * DAY - 1000);
    expect((await db.orm.em.fork().findOneOrFail(Domain, { id: d.id })).status).toBe('active');
    await refusedAll([
      [['expire', d.name, '--stage', 'gone'], '--stage is grace or expired'],
      [['expire', `${randomLabel()}.agent`], 'holds that name'],
      [['expire'], 'missing domain name'],
    ]);
  });
});

// `npm run ops -- token <username>`: the newcomer's way to a bearer token (issue 25 item 12), from the
// local identity provider `npm start` runs, reached over HTTP like any client; no database needed.
describe('operator CLI: token (development)', () => {
  let idp: DevOidcProvider;
  beforeAll(async () => {
    idp = await startTestOidc();
  });
  afterAll(() => idp.stop());

  const token = (args: string[], env: Record<string, string> = {}) => {
    const base: NodeJS.ProcessEnv = { ...process.env, PUBLIC_BASE_URL: 'https://registry.test' };
    delete base.DATABASE_URL;
    delete base.OIDC_ISSUER;
    return run(process.execPath, ['src/entry/ops.ts', 'token', ...args], {
      env: { ...base, DEV_OIDC_PORT: new URL(idp.issuer).port, ...env },
    }).then(
      (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
    );
  };

  it('mints an access token the API accepts as a bearer for that username', async () => {
    const r = await token(['alice'], { NODE_ENV: 'development' });
    expect([r.code, r.stderr]).toEqual([0, '']);
    const out = JSON.parse(r.stdout) as { access_token: string; token_type: string; expires_at: string };
    expect(out).toMatchObject({ token_type: 'Bearer', username: 'alice', issuer: idp.issuer });
    expect(Date.parse(out.expires_at)).toBeGreaterThan(Date.now());
    const verifier = createBearerVerifier({ issuer: idp.issuer, audience: 'agent-registry', cacheTtlSeconds: 0 });
    expect(await verifier.verify(out.access_token)).toMatchObject({ issuer: idp.issuer, subject: 'alice' });
    // --raw: the token alone, for `Authorization: Bearer $(npm run -s ops -- token alice --raw)`.
    const raw = await token(['bob', '--raw']);
    expect(raw.stdout.trim()).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect((await verifier.verify(raw.stdout.trim())).subject).toBe('bob');
  });

  it('is refused in production, and says what is wrong when no provider answers', async () => {
    const prod = await token(['alice'], {
      NODE_ENV: 'production',
      SESSION_SECRET: 's'.repeat(32),
      GFAVIP_WEBHOOK_SECRET: 'g'.repeat(32),
      CARD_SIGNING_KEY: TEST_CARD_SIGNING_KEY,
    });
    expect(prod.code).toBe(1);
    expect(prod.stderr).toContain('never runs in production');
    expect(prod.stdout).toBe('');
    const down = await token(['alice'], { DEV_OIDC_PORT: String(await freePort()) });
    expect(down.code).toBe(1);
    expect(down.stderr).toContain('Is `npm start` running');
    const nobody = await token([]);
    expect([nobody.code, nobody.stderr]).toEqual([1, expect.stringContaining('missing username')]);
  });
});

describe('wallet-derived identities', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.drop());

  it('creates one agent account per payer address, case-insensitively', async () => {
    const addr = '0xAbCdEf0123456789abcdef0123456789ABCDEF01';
    const [a, b] = await Promise.all([
      accountForWallet(db.orm.em.fork(), addr),
      accountForWallet(db.orm.em.fork(), addr.toLowerCase()),
    ]);
    expect(a).toBe(b);
    const row = await db.orm.em.fork().findOneOrFail(Account, { id: a });
    expect(row).toMatchObject({ kind: 'agent', assurance: 'anonymous', walletAddress: addr.toLowerCase() });
    await expect(accountForWallet(db.orm.em.fork(), '0x123')).rejects.toThrow(/not an EVM address/);
  });
});
