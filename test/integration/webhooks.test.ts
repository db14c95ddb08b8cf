import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { WebhookSubscription } from '../../src/db/entities/index.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { provision } from '../helpers/identities.ts';

// Webhook subscriptions (spec 4.10) through the production app and a real database. Delivery is not
// built yet; these are the subscriptions, their validation and who may see them.
describe('webhook subscriptions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  const call = (key: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: { 'x-api-key': key }, ...(payload !== undefined ? { payload } : {}) });
  const rows = () => t.db.orm.em.fork().count(WebhookSubscription);
  const target = 'https://93.184.215.14/hooks/registry';

  it('subscribes with a generated secret shown once, never echoed again', async () => {
    const p = await provision(t.app);
    const res = await call(p.api_key, 'POST', '/api/v1/webhooks/subscribe', {
      target_url: target,
      events: ['domain.registered', 'domain.renewed', 'domain.registered'],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(body.subscription).toMatchObject({
      target_url: target,
      events: ['domain.registered', 'domain.renewed'],
      status: 'active',
      previous_secret_expires_at: null,
    });
    const id = body.subscription.subscription_id;
    const got = await call(p.api_key, 'GET', `/api/v1/webhooks/${id}`);
    expect(got.json()).not.toHaveProperty('secret');
    expect(JSON.stringify((await call(p.api_key, 'GET', '/api/v1/webhooks')).json())).not.toContain(body.secret);
    const stored = await t.db.orm.em.fork().findOneOrFail(WebhookSubscription, { id });
    expect(stored.secret).toBe(body.secret);
  });

  it('keeps a generated secret out of the Idempotency-Key store: a replay answers the subscription without it', async () => {
    const p = await provision(t.app);
    const subscribe = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks/subscribe',
        headers: { 'x-api-key': p.api_key, 'idempotency-key': `w-${p.account_id}` },
        payload: { target_url: target, events: ['domain.registered'] },
      });
    const first = await subscribe();
    expect(first.statusCode).toBe(200);
    const secret = first.json().secret as string;
    expect(secret).toMatch(/^whsec_/);
    const replay = await subscribe();
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual({ status: 'success', subscription: first.json().subscription });
    const [kept] = await t.db.orm.em
      .fork()
      .getConnection()
      .execute<{ body: string }[]>('select body from idempotency_key where key = ?', [`w-${p.account_id}`]);
    expect(kept?.body).not.toContain(secret);
  });

  it('keeps a given secret without echoing it', async () => {
    const p = await provision(t.app);
    const secret = 'a-long-enough-shared-secret-0123456789';
    const res = await call(p.api_key, 'POST', '/api/v1/webhooks/subscribe', {
      target_url: target,
      events: ['domain.expired'],
      secret,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('secret');
    expect(res.body).not.toContain(secret);
  });

  it('refuses bad subscriptions with a 4xx and stores nothing', async () => {
    const p = await provision(t.app);
    const before = await rows();
    const bad: [Record<string, unknown>, string][] = [
      [{ target_url: 'https://10.0.0.1/hook', events: ['domain.registered'] }, 'invalid_target'],
      [{ target_url: 'https://169.254.169.254/latest', events: ['domain.registered'] }, 'invalid_target'],
      [{ target_url: 'http://93.184.215.14/hook', events: ['domain.registered'] }, 'invalid_target'],
      [{ target_url: 'not a url', events: ['domain.registered'] }, 'invalid_target'],
      [{ target_url: target, events: ['domain.nonsense'] }, 'validation_failed'],
      [{ target_url: target, events: [] }, 'validation_failed'],
      [{ target_url: target, events: ['domain.registered'], secret: 'short' }, 'validation_failed'],
      [
        { target_url: target, events: ['domain.registered'], secret: 'has spaces in it but is long enough' },
        'validation_failed',
      ],
      [{ events: ['domain.registered'] }, 'validation_failed'],
    ];
    for (const [payload, code] of bad) {
      const res = await call(p.api_key, 'POST', '/api/v1/webhooks/subscribe', payload);
      expect([res.statusCode, res.json().code]).toEqual([400, code]);
    }
    expect(await rows()).toBe(before);
  });

  it('another account can neither see, rotate nor delete a subscription', async () => {
    const owner = await provision(t.app);
    const other = await provision(t.app);
    const id = (
      await call(owner.api_key, 'POST', '/api/v1/webhooks/subscribe', {
        target_url: target,
        events: ['domain.renewed'],
      })
    ).json().subscription.subscription_id;
    for (const [method, url, payload] of [
      ['GET', `/api/v1/webhooks/${id}`, undefined],
      ['POST', `/api/v1/webhooks/${id}/rotate-secret`, {}],
      ['DELETE', `/api/v1/webhooks/${id}`, undefined],
    ] as const) {
      const res = await call(other.api_key, method, url, payload);
      expect([res.statusCode, res.json().code]).toEqual([404, 'subscription_not_found']);
    }
    expect((await call(other.api_key, 'GET', '/api/v1/webhooks')).json().subscriptions).toEqual([]);
    expect((await call(owner.api_key, 'GET', `/api/v1/webhooks/${id}`)).statusCode).toBe(200);
  });

  it('rotates the secret, keeping the previous one valid for a day, and deletes', async () => {
    const p = await provision(t.app);
    const first = (
      await call(p.api_key, 'POST', '/api/v1/webhooks/subscribe', { target_url: target, events: ['domain.expiring'] })
    ).json();
    const id = first.subscription.subscription_id;
    const rotated = await call(p.api_key, 'POST', `/api/v1/webhooks/${id}/rotate-secret`, {});
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().secret).toMatch(/^whsec_/);
    expect(rotated.json().secret).not.toBe(first.secret);
    const until = Date.parse(rotated.json().subscription.previous_secret_expires_at);
    expect(until - Date.now()).toBeGreaterThan(23 * 3600 * 1000);
    const stored = await t.db.orm.em.fork().findOneOrFail(WebhookSubscription, { id });
    expect([stored.secret, stored.previousSecret]).toEqual([rotated.json().secret, first.secret]);

    expect((await call(p.api_key, 'DELETE', `/api/v1/webhooks/${id}`)).statusCode).toBe(200);
    expect((await call(p.api_key, 'GET', `/api/v1/webhooks/${id}`)).statusCode).toBe(404);
  });
});
