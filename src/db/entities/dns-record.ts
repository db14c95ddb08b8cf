import { defineEntity, p } from '@mikro-orm/core';
import { timestamps } from './base.ts';

/**
 * One record of a domain's desired DNS (docs/dns-and-rdap.md "DNS"), as its owner set it: absolute name with the root
 * dot, canonical content (src/domain/dns-records.ts). Records belong to the domain record, not the
 * name: a transfer keeps them, and the next registration of an expired name starts with none. What
 * PowerDNS serves is derived from these rows by the namespace's zone run, never written elsewhere.
 */
const DnsRecordSchema = defineEntity({
  name: 'DnsRecord',
  tableName: 'dns_record',
  properties: {
    id: p.integer().primary().autoincrement(),
    domainId: p.integer().index(),
    name: p.string().length(253),
    type: p.string().length(8),
    content: p.text(),
    ttl: p.integer(),
    ...timestamps,
  },
});
export class DnsRecord extends DnsRecordSchema.class {}
DnsRecordSchema.setClass(DnsRecord);
export { DnsRecordSchema };
