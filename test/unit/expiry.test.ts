import { describe, expect, it } from '@jest/globals';
import { expiryEventPayload, expiryForStage, graceCutoff, reminderWindow } from '../../src/domain/expiry.ts';

const DAY = 24 * 3600 * 1000;
const asOf = new Date('2027-03-01T12:00:00.000Z');
const plus = (days: number) => new Date(asOf.getTime() + days * DAY);

describe('expiry rules', () => {
  it('reminder windows do not overlap and together cover the 30 days before expiry', () => {
    expect(reminderWindow(30, asOf)).toEqual({ after: plus(7), through: plus(30) });
    expect(reminderWindow(7, asOf)).toEqual({ after: plus(1), through: plus(7) });
    expect(reminderWindow(1, asOf)).toEqual({ after: asOf, through: plus(1) });
  });

  it('ops expire lands just past the date for grace, and past the grace period for expired', () => {
    expect(expiryForStage('grace', asOf, 30)).toEqual(new Date(asOf.getTime() - 1000));
    expect(expiryForStage('expired', asOf, 30)).toEqual(new Date(asOf.getTime() - 30 * DAY - 1000));
    expect(graceCutoff(asOf, 30)).toEqual(plus(-30));
  });

  it('event payloads name the record, its term and the end of its grace', () => {
    const d = { id: 7, name: 'scout.agent', ownerId: 'o-1', expiryDate: plus(5) };
    expect(expiryEventPayload('domain.expiring', d, { graceDays: 30, daysBefore: 7 })).toEqual({
      domain: 'scout.agent',
      domain_id: 7,
      owner_id: 'o-1',
      expiry_date: plus(5).toISOString(),
      grace_ends_at: plus(35).toISOString(),
      days_before: 7,
    });
    expect(expiryEventPayload('domain.expired', d, { graceDays: 30 })).not.toHaveProperty('days_before');
  });
});
