import { describe, expect, it } from '@jest/globals';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { signDelivery, standardKey } from '../../src/webhooks/signing.ts';

const event = {
  eventId: 'evt_01',
  eventType: 'domain.registered',
  timestamp: new Date('2026-11-23T10:00:00.000Z'),
  data: { domain: 'scout.agent', owner_id: 'a1' },
};

// A receiver's body-only check of spec 6 (hex HMAC-SHA256, compared in constant time).
const hmacOk = (body: string, header: string, secret: string) => {
  const expected = createHmac('sha256', secret).update(body).digest();
  const given = Buffer.from(header, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
};

describe('webhook signing', () => {
  it('signs the spec payload twice: X-Service-Signature over the body, Standard Webhooks over id.timestamp.body', () => {
    const secret = 'whsec_' + Buffer.from('k'.repeat(24)).toString('base64');
    const { body, headers } = signDelivery(event, { current: secret });
    expect(JSON.parse(body)).toEqual({
      event_id: 'evt_01',
      event_type: 'domain.registered',
      timestamp: '2026-11-23T10:00:00.000Z',
      data: { domain: 'scout.agent', owner_id: 'a1' },
    });
    expect(headers['content-type']).toBe('application/json');
    expect(hmacOk(body, headers['x-service-signature']!, secret)).toBe(true);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    // A tampered body or a replayed id with another timestamp fails the standard check.
    expect(() => new Webhook(secret).verify(body.replace('scout', 'other'), headers)).toThrow();
    expect(() => new Webhook(secret).verify(body, { ...headers, 'webhook-timestamp': '1000000000' })).toThrow();
  });

  it('a secret the subscriber chose works as raw bytes; during a rotation both secrets verify', () => {
    const chosen = 'a-long-enough-shared-secret-0123456789';
    const next = 'the-next-shared-secret-after-rotation-42';
    const { body, headers } = signDelivery(event, { current: next, previous: chosen });
    expect(headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(standardKey(chosen).verify(body, headers)).toBeTruthy();
    expect(standardKey(next).verify(body, headers)).toBeTruthy();
    expect(() => standardKey('some-other-secret-nobody-has-0000').verify(body, headers)).toThrow();
    expect(hmacOk(body, headers['x-service-signature']!, next)).toBe(true);
    expect(hmacOk(body, headers['x-service-signature']!, chosen)).toBe(false);
  });
});
