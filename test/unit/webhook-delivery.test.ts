import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { loadConfig } from '../../src/config/env.ts';
import { DEFAULT_RETRY_SCHEDULE_MS, judgeAttempt, type AttemptResponse } from '../../src/domain/webhook-delivery.ts';
import { TEST_CARD_SIGNING_KEY } from '../helpers/fixtures.ts';
import {
  eventAccounts,
  webhookEventData,
  webhookEventExamples,
  webhookEventTypes,
} from '../../src/domain/webhook-events.ts';

const HOUR = 3600_000;
const now = new Date('2026-11-23T12:00:00.000Z');
const answer = (statusCode: number | null, error: string | null = null): AttemptResponse => ({
  statusCode,
  latencyMs: 12,
  error,
  responsePrefix: null,
});
const judge = (r: AttemptResponse, failingSince: Date | null = null, final = false) =>
  judgeAttempt(r, { failingSince, now, disableAfterMs: 120 * HOUR, final });

describe('judgeAttempt', () => {
  it('2xx delivers and clears the failure mark', () => {
    for (const code of [200, 201, 204, 299])
      expect(judge(answer(code), new Date(now.getTime() - 100 * HOUR))).toEqual({
        outcome: 'delivered',
        deliveryStatus: 'delivered',
        failingSince: null,
        disable: null,
      });
  });

  it('anything else is retried, and starts the failure mark if none was set', () => {
    for (const r of [answer(500), answer(301), answer(404), answer(429), answer(null, 'ECONNREFUSED')])
      expect(judge(r)).toEqual({ outcome: 'retry', deliveryStatus: 'pending', failingSince: now, disable: null });
    const since = new Date(now.getTime() - HOUR);
    expect(judge(answer(500), since).failingSince).toBe(since);
  });

  it('the last attempt of the schedule fails the delivery, not the subscription', () => {
    expect(judge(answer(503), null, true)).toMatchObject({
      outcome: 'failed',
      deliveryStatus: 'failed',
      disable: null,
    });
  });

  it('410 Gone disables the subscription at once', () => {
    const v = judge(answer(410));
    expect(v).toMatchObject({ outcome: 'subscription_disabled', deliveryStatus: 'failed' });
    expect(v.disable).toBe('The target answered 410 Gone at 2026-11-23T12:00:00.000Z.');
  });

  it('a ping reports its failure but never marks or disables the subscription', () => {
    const since = new Date(now.getTime() - 200 * HOUR);
    for (const r of [answer(410), answer(500), answer(null, 'ECONNREFUSED')])
      expect(
        judgeAttempt(r, { failingSince: since, now, disableAfterMs: 120 * HOUR, final: true, probe: true }),
      ).toEqual({ outcome: 'failed', deliveryStatus: 'failed', failingSince: since, disable: null });
  });

  it('days of unbroken failure disable the subscription, with the reason its owner sees', () => {
    const justUnder = new Date(now.getTime() - 120 * HOUR + 1);
    expect(judge(answer(500), justUnder).outcome).toBe('retry');
    const v = judge(answer(null, 'timeout after 10 s'), new Date(now.getTime() - 120 * HOUR));
    expect(v.outcome).toBe('subscription_disabled');
    expect(v.disable).toBe(
      'Every delivery failed for 120 hours (since 2026-11-18T12:00:00.000Z); the last: timeout after 10 s.',
    );
  });
});

describe('event data', () => {
  it('every event type has a schema and a documented example that satisfies it', () => {
    for (const type of webhookEventTypes) {
      expect(() => webhookEventData[type].strict().parse(webhookEventExamples[type])).not.toThrow();
    }
  });

  it("docs/webhooks.md shows each event's example exactly as the code defines it", () => {
    const readme = readFileSync('docs/webhooks.md', 'utf8');
    for (const type of webhookEventTypes) {
      const block = new RegExp(`### \`${type.replace('.', '\\.')}\`\\s+\`\`\`json\\n([\\s\\S]*?)\`\`\``).exec(readme);
      expect(block).not.toBeNull();
      expect(JSON.parse(block?.[1] ?? '')).toEqual(webhookEventExamples[type]);
    }
  });

  it('an event is about its owner, and a transfer about both sides; malformed ids never count', () => {
    const a = '5b1f7c8e-2d4a-4f6b-9c3e-8a7d6e5f4c3b';
    const b = '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b';
    expect(eventAccounts(webhookEventExamples['domain.registered'])).toEqual([a]);
    expect(eventAccounts(webhookEventExamples['domain.transferred']).sort()).toEqual([a, b].sort());
    expect(eventAccounts({ owner_id: 'not-a-uuid', account_id: "x'); drop table" })).toEqual([]);
  });
});

describe('delivery configuration', () => {
  const prod = {
    NODE_ENV: 'production',
    SESSION_SECRET: 'a-session-secret-of-at-least-32-characters!!',
    GFAVIP_WEBHOOK_SECRET: 'a-production-gfavip-secret',
    CARD_SIGNING_KEY: TEST_CARD_SIGNING_KEY,
  };
  it('defaults to the standard schedule; a shorter one is for development and tests only', () => {
    expect(loadConfig({}).webhookRetryScheduleMs).toEqual(DEFAULT_RETRY_SCHEDULE_MS);
    expect(loadConfig({ WEBHOOK_RETRY_SCHEDULE: '0,1,2' }).webhookRetryScheduleMs).toEqual([0, 1000, 2000]);
    expect(() => loadConfig({ ...prod, WEBHOOK_RETRY_SCHEDULE: '0,1,2' })).toThrow(/three days/);
    expect(loadConfig({ ...prod, WEBHOOK_RETRY_SCHEDULE: '0,259200' }).webhookRetryScheduleMs).toEqual([
      0, 259_200_000,
    ]);
    expect(() => loadConfig({ WEBHOOK_RETRY_SCHEDULE: '0,-5' })).toThrow(/WEBHOOK_RETRY_SCHEDULE/);
  });
});
