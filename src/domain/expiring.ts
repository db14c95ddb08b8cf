import { MAX_YEARS } from './money.ts';
import { DAY_MS } from './time.ts';

/** The longest grace period the service may be configured with, in days: GRACE_PERIOD_DAYS' bound (src/config/env.ts). */
export const MAX_GRACE_DAYS = 365;

/**
 * The window `show_expiring_domains` accepts, in days. Its bound is the farthest an expiry can lie:
 * a term reaches at most MAX_YEARS ahead (each year counted with a leap day), plus the longest grace
 * period, so any name that exists can be found; a larger window could only be a mistake.
 */
export const WITHIN_DAYS = { min: 1, max: MAX_YEARS * 366 + MAX_GRACE_DAYS, default: 30 } as const;

/**
 * Whole days until a domain expires, a started day counting as one (negative once past its expiry, as
 * in a grace period). So a domain is within `n` days exactly when this is at most `n`.
 */
export function daysUntilExpiry(expiry: Date, now: Date): number {
  const days = Math.ceil((expiry.getTime() - now.getTime()) / DAY_MS);
  return days === 0 ? 0 : days; // never -0
}

/** The last expiry instant a listing of domains expiring within `days` of `now` includes. */
export function expiryHorizon(now: Date, days: number): Date {
  return new Date(now.getTime() + days * DAY_MS);
}

/** The status of a domain past its grace period: no longer listed as expiring and never renewable. */
export const EXPIRED_STATUS = 'expired';
