// Lengths of time in milliseconds, defined once. A registration year is 365 days: registration
// (activities/registration.ts) and renewal (renewal.ts) compute expiry dates the same way, so the two
// never disagree on a date.

export const HOUR_MS = 3600 * 1000;
export const DAY_MS = 24 * HOUR_MS;
export const YEAR_MS = 365 * DAY_MS;
