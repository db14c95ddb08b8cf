import { describe, expect, it } from '@jest/globals';
import { usableWindowSeconds, windowRefusal } from '../../src/relay/window.ts';

// The span rule as docs/payments.md "The span rule" reads it: the window that can still be used, from
// max(validAfter, now) to validBefore, is at most maxTimeoutSeconds.
describe('the relay span rule', () => {
  const now = 1_800_000_000n;
  const at = (validAfter: bigint, validBefore: bigint) => ({
    validAfter: String(validAfter),
    validBefore: String(validBefore),
  });

  it('counts a validAfter in the past (the stock x402 client signs 0) from now', () => {
    expect(usableWindowSeconds(at(0n, now + 300n), now)).toBe(300n);
    expect(windowRefusal(at(0n, now + 300n), 300, now)).toBeNull();
    expect(windowRefusal(at(now - 3600n, now + 300n), 300, now)).toBeNull();
  });

  it('refuses one second more than maxTimeoutSeconds and the clock allowance from now, whatever validAfter was', () => {
    // A payer whose clock runs up to PAYER_CLOCK_SKEW_SECONDS ahead of ours is not refused for it.
    expect(windowRefusal(at(0n, now + 301n), 300, now)).toBeNull();
    expect(windowRefusal(at(0n, now + 330n), 300, now)).toBeNull();
    expect(windowRefusal(at(0n, now + 331n), 300, now)).toMatchObject({ reason: 'validity_window_too_long' });
    expect(windowRefusal(at(now - 5n, now + 331n), 300, now)?.message).toContain('331 s');
  });

  it('counts a validAfter in the future whole, as the spec words it', () => {
    expect(usableWindowSeconds(at(now + 10n, now + 310n), now)).toBe(300n);
    expect(windowRefusal(at(now + 10n, now + 310n), 300, now)).toBeNull();
    expect(windowRefusal(at(now + 10n, now + 341n), 300, now)).toMatchObject({ reason: 'validity_window_too_long' });
  });

  it('reads validAfter equal to now the same from either side', () => {
    expect(usableWindowSeconds(at(now, now + 300n), now)).toBe(300n);
    expect(windowRefusal(at(now, now + 300n), 300, now)).toBeNull();
  });

  it('leaves a lapsed authorization to the facilitator (negative window, not too long)', () => {
    expect(usableWindowSeconds(at(0n, now - 1n), now)).toBe(-1n);
    expect(windowRefusal(at(0n, now - 1n), 300, now)).toBeNull();
  });

  it('takes the relay clock when no time is given', () => {
    const t = BigInt(Math.floor(Date.now() / 1000));
    expect(windowRefusal(at(0n, t + 250n), 300)).toBeNull();
    expect(windowRefusal(at(0n, t + 400n), 300)).not.toBeNull();
  });
});
