import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { testTemporalAddress } from '../helpers/app.ts';
import { freePort } from '../helpers/ports.ts';
import { TEST_CARD_SIGNING_KEY } from '../helpers/fixtures.ts';
import { waitFor } from '../helpers/wait.ts';

// The API entry point as production starts it (`npm run api`, NODE_ENV=production, no chain and no
// identity provider configured): it must come up, serve, and stop on SIGTERM.
describe('npm run api in production mode', () => {
  let db: TestDatabase;
  let child: ChildProcess;
  let port = 0;
  let output = '';
  beforeAll(async () => {
    db = await createTestDatabase();
    port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: db.url,
      TEMPORAL_ADDRESS: testTemporalAddress(),
      PORT: String(port),
      SESSION_SECRET: 'production-test-session-secret-0123456789',
      GFAVIP_WEBHOOK_SECRET: 'production-test-checkout-secret-0123456789',
      CARD_SIGNING_KEY: TEST_CARD_SIGNING_KEY,
      LOG_LEVEL: 'warn',
      API_METRICS_ADDRESS: '127.0.0.1:0',
    };
    for (const k of ['OIDC_ISSUER', 'CHAIN_RPC_URL', 'MPP_TOKEN_ADDRESS', 'MPP_PAY_TO', 'MPP_SECRET']) delete env[k];
    child = spawn(process.execPath, ['src/entry/api.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    const c = child;
    await waitFor('the API to answer /healthz', async () => (await fetch(`http://127.0.0.1:${port}/healthz`)).ok, {
      everyMs: 200,
      hopeless: () => (c.exitCode === null ? undefined : `api exited:\n${output}`),
    });
  });
  afterAll(async () => {
    if (child?.exitCode === null) child.kill('SIGKILL');
    await db?.drop();
  });

  it('serves, reports ready, and refuses registration cleanly without a payment setup', async () => {
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
    // A process just started on a loaded machine may refuse for a moment (503 `overloaded` or `not_ready`,
    // with Retry-After): a client sends the same request again after the time it is told, as this does.
    let answer: { status: number; body: { code?: string } } = { status: 0, body: {} };
    await waitFor('an answer other than 503', async () => {
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/domains/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ domain: 'prod-check', namespace: 'agent', years: 1, agreed_to_terms: true }),
      });
      answer = { status: res.status, body: (await res.json()) as { code?: string } };
      if (res.status !== 503) return true;
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
      await new Promise((r) => setTimeout(r, Number(res.headers.get('retry-after')) * 1000));
      return false;
    });
    expect(answer).toMatchObject({ status: 400, body: { code: 'payment_method_not_available' } });
  });

  it('refuses to start in production without a secret, naming it', async () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: db.url,
      TEMPORAL_ADDRESS: testTemporalAddress(),
      PORT: '0',
    };
    for (const k of ['SESSION_SECRET', 'GFAVIP_WEBHOOK_SECRET', 'CARD_SIGNING_KEY', 'MPP_TOKEN_ADDRESS', 'OIDC_ISSUER'])
      delete env[k];
    const other = spawn(process.execPath, ['src/entry/api.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    other.stdout?.on('data', (d) => (text += d));
    other.stderr?.on('data', (d) => (text += d));
    const code = await new Promise<number | null>((r) => other.once('exit', (c) => r(c)));
    expect(code).not.toBe(0);
    expect(text).toContain('GFAVIP_WEBHOOK_SECRET: required in production');
    expect(text).toContain('SESSION_SECRET: required in production');
    expect(text).toContain('CARD_SIGNING_KEY: required in production');
  });

  it('stops on SIGTERM', async () => {
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
