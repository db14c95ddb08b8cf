// What an attempt to deliver a webhook comes to (docs/webhooks.md "Delivery"). Pure: the activity
// sends, this decides, the repository writes what it decided.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * Delays before each attempt, after the previous one: at once, then seconds, minutes, hours —
 * Standard Webhooks' schedule stretched past three days (77 hours in all) before an event is given up.
 */
export const DEFAULT_RETRY_SCHEDULE_MS: readonly number[] = [
  0,
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  14 * HOUR,
  20 * HOUR,
  24 * HOUR,
];
export const MIN_RETRY_SPAN_MS = 72 * HOUR;
export const scheduleSpanMs = (schedule: readonly number[]) => schedule.reduce((a, b) => a + b, 0);

/** An attempt waits this long for the whole answer; redirects are never followed. */
export const DELIVERY_TIMEOUT_MS = 10 * SECOND;
/** How much of an answer is kept in the delivery log. */
export const RESPONSE_PREFIX_BYTES = 1024;

/** What came back from one POST: a status code, or no answer and why. */
export interface AttemptResponse {
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
  responsePrefix: string | null;
}

export interface AttemptVerdict {
  outcome: 'delivered' | 'retry' | 'failed' | 'subscription_disabled';
  /** The delivery row's status after this attempt. */
  deliveryStatus: 'delivered' | 'pending' | 'failed';
  /** The subscription's unbroken-failure mark after this attempt (null: it just succeeded). */
  failingSince: Date | null;
  /** Set when this attempt disables the subscription: the reason its owner is shown. */
  disable: string | null;
}

const describe = (r: AttemptResponse) => (r.statusCode !== null ? `HTTP ${r.statusCode}` : (r.error ?? 'no answer'));

/**
 * 2xx is delivered. `410 Gone` means the receiver is gone for good: the subscription is disabled at
 * once. Anything else (another status, a timeout, a refused connection, a target that now resolves to
 * a forbidden address) is retried on the schedule; once every attempt to the subscription has failed
 * for `disableAfterMs`, the subscription is disabled with the reason, and its pending deliveries end.
 */
export function judgeAttempt(
  r: AttemptResponse,
  s: { failingSince: Date | null; now: Date; disableAfterMs: number; final: boolean; probe?: boolean },
): AttemptVerdict {
  if (r.statusCode !== null && r.statusCode >= 200 && r.statusCode < 300)
    return { outcome: 'delivered', deliveryStatus: 'delivered', failingSince: null, disable: null };
  // A ping is the owner asking whether the target works: its failure is reported, never held against
  // the subscription (no failure mark, no disabling, not even for 410).
  if (s.probe) return { outcome: 'failed', deliveryStatus: 'failed', failingSince: s.failingSince, disable: null };
  const failingSince = s.failingSince ?? s.now;
  if (r.statusCode === 410)
    return {
      outcome: 'subscription_disabled',
      deliveryStatus: 'failed',
      failingSince,
      disable: `The target answered 410 Gone at ${s.now.toISOString()}.`,
    };
  if (s.now.getTime() - failingSince.getTime() >= s.disableAfterMs) {
    const hours = Math.round(s.disableAfterMs / HOUR);
    return {
      outcome: 'subscription_disabled',
      deliveryStatus: 'failed',
      failingSince,
      disable: `Every delivery failed for ${hours} hours (since ${failingSince.toISOString()}); the last: ${describe(r)}.`,
    };
  }
  return s.final
    ? { outcome: 'failed', deliveryStatus: 'failed', failingSince, disable: null }
    : { outcome: 'retry', deliveryStatus: 'pending', failingSince, disable: null };
}
