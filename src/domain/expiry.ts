// The life of a name after its term (docs/registration.md "Expiry"): `active` until its expiry date, then `grace`
// (still held: nobody else may register it, lookup shows it) until the grace period ends, then `expired`
// (back in the pool; the row stays only as history, and the next registration is a new record).

import { DAY_MS } from './time.ts';

export const domainStatuses = ['active', 'grace', 'expired'] as const;
export type DomainStatus = (typeof domainStatuses)[number];

/** The status of a record that no longer holds its name: every read by name skips it. */
export const EXPIRED = 'expired' satisfies DomainStatus;

/** Days before the expiry date at which `domain.expiring` is written, each once per term, largest first. */
export const reminderDays = [30, 7, 1] as const;
export type ReminderDays = (typeof reminderDays)[number];

/**
 * The expiry dates a reminder of `days` is due for at `asOf`: (asOf + the next smaller reminder, asOf +
 * days]. The windows do not overlap, so a name is owed at most one reminder at a time, and a sweep that
 * was down while a name crossed two marks sends only the nearer one.
 */
export function reminderWindow(days: ReminderDays, asOf: Date): { after: Date; through: Date } {
  const next = reminderDays[reminderDays.indexOf(days) + 1] ?? 0;
  return { after: new Date(asOf.getTime() + next * DAY_MS), through: new Date(asOf.getTime() + days * DAY_MS) };
}

/** The latest expiry date a domain may have and be due to leave its grace period at `asOf`. */
export function graceCutoff(asOf: Date, graceDays: number): Date {
  return new Date(asOf.getTime() - graceDays * DAY_MS);
}

/** When the grace period of a term that ends at `expiry` ends. */
export function graceEndsAt(expiry: Date, graceDays: number): Date {
  return new Date(expiry.getTime() + graceDays * DAY_MS);
}

/** Where `npm run ops -- expire` moves an expiry date so the next sweep does what the real date would. */
export function expiryForStage(stage: 'grace' | 'expired', now: Date, graceDays: number): Date {
  const justPast = new Date(now.getTime() - 1000);
  return stage === 'grace' ? justPast : graceCutoff(justPast, graceDays);
}

/** One domain as the sweep found it; what its events say. */
export interface ExpiringDomain {
  id: number;
  name: string;
  ownerId: string;
  expiryDate: Date;
}

export type ExpiryEventType = 'domain.expiring' | 'domain.grace_started' | 'domain.expired';

/**
 * The `data` of the expiry events (docs/registration.md "Expiry events"). Every one names the domain, its record id
 * (a later registration of the name is another record), its owner and the expiry date of the term.
 */
export function expiryEventPayload(
  type: ExpiryEventType,
  d: ExpiringDomain,
  extra: { daysBefore?: ReminderDays; graceDays: number },
): Record<string, unknown> {
  const base = {
    domain: d.name,
    domain_id: d.id,
    owner_id: d.ownerId,
    expiry_date: d.expiryDate.toISOString(),
    grace_ends_at: graceEndsAt(d.expiryDate, extra.graceDays).toISOString(),
  };
  return type === 'domain.expiring' ? { ...base, days_before: extra.daysBefore } : base;
}
