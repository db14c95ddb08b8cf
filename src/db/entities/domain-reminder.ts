import { defineEntity, p } from '@mikro-orm/core';
import { createdAt } from './base.ts';

/**
 * A `domain.expiring` reminder that was written: one per domain, term (the expiry date it warned of)
 * and number of days before. The primary key is what makes a reminder once per term, whatever retries
 * or overlapping sweeps do; (days_before, term_expiry) is where the next sweep resumes (docs/registration.md "Expiry").
 */
const DomainReminderSchema = defineEntity({
  name: 'DomainReminder',
  tableName: 'domain_reminder',
  properties: {
    domainId: p.integer().primary(),
    termExpiry: p.datetime().columnType('timestamptz').primary(),
    daysBefore: p.smallint().primary(),
    createdAt,
  },
  indexes: [{ properties: ['daysBefore', 'termExpiry'] }],
});
export class DomainReminder extends DomainReminderSchema.class {}
DomainReminderSchema.setClass(DomainReminder);
export { DomainReminderSchema };
