import { defineEntity, p } from '@mikro-orm/core';
import { Account } from './account.ts';
import { Namespace } from './namespace.ts';
import { timestamps } from './base.ts';
import { notifyNameChange } from './public-change.ts';
import type { DomainProfile } from '../../domain/public-domain.ts';
import { EXPIRED } from '../../domain/expiry.ts';

// A registered name. `name` is the full lowercase "<label>.<namespace>". It is unique among the records
// that hold it (status other than `expired`): an expired record stays as history and the next
// registration of the name is a new record. The lookup and availability paths hit only that index; the
// expiry sweep walks (status, expiry_date, id) (docs/registration.md "Expiry"). A storefront is bound to at most one
// of those records too, so an expired record releases its storefront with its name (docs/api.md "Profiles").
/** The index that keeps a storefront on one live domain; its violation is a `storefront_taken` refusal. */
export const STOREFRONT_UNIQUE = 'domain_storefront_live_unique';

const DomainSchema = defineEntity({
  name: 'Domain',
  tableName: 'domain',
  properties: {
    id: p.integer().primary().autoincrement(),
    name: p.string().length(253),
    label: p.string().length(63),
    namespace: () => p.manyToOne(Namespace).ref(),
    owner: () => p.manyToOne(Account).ref().index(),
    status: p.string().length(32).default('active'),
    registrationDate: p.datetime().columnType('timestamptz'),
    expiryDate: p.datetime().columnType('timestamptz'),
    squadId: p.string().nullable(),
    capabilities: p.json<string[]>(),
    profile: p.json<DomainProfile>(),
    storefrontId: p.string().nullable(),
    /** The owner's own skill text, served inside the domain's skill.md (docs/api.md "Profiles"); null: none. */
    skillMd: p.text().nullable(),
    /** Auto-renew from the owner's gems when a year costs at most this; null: off. */
    autoRenewMaxGems: p.integer().nullable(),
    /** Delegated from the namespace zone (`enable_dns`, docs/dns-and-rdap.md "DNS"). */
    dnsEnabled: p.boolean().default(false),
    /** Bumped by every change of the desired DNS; the sync records the version it published. */
    dnsVersion: p.integer().default(0),
    dnsPublishedVersion: p.integer().default(0),
    /** The registrar lock (docs/teams.md "Registrar lock"): set, the name refuses every move; null: unlocked. */
    lockedAt: p.datetime().columnType('timestamptz').nullable(),
    lockedBy: p.uuid().nullable(),
    /** The DS records of the name's signed zone, as its delegation publishes them (RDAP's secureDNS); null: unsigned. */
    dnsDs: p.array().nullable(),
    ...timestamps,
  },
  uniques: [
    { name: 'domain_name_live_unique', properties: ['name'], where: `"status" <> '${EXPIRED}'` },
    { name: STOREFRONT_UNIQUE, properties: ['storefrontId'], where: `"status" <> '${EXPIRED}'` },
  ],
  indexes: [{ name: 'domain_status_expiry_date_id_index', properties: ['status', 'expiryDate', 'id'] }],
  triggers: [notifyNameChange('name')],
});

export class Domain extends DomainSchema.class {}
DomainSchema.setClass(Domain);
export { DomainSchema };
