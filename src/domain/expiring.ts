const DAY_MS = 24 * 3600 * 1000;

/** The window `show_expiring_domains` accepts, in days: at least one, at most a year. */
export const WITHIN_DAYS = { min: 1, max: 365, default: 30 } as const;

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
