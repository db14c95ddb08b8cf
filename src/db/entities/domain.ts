import { defineEntity, p } from '@mikro-orm/core';
import { Account } from './account.ts';
import { Namespace } from './namespace.ts';
import { timestamps } from './base.ts';
import type { DomainProfile } from '../../domain/public-domain.ts';

// The profile's shape is the domain's; re-exported for code that writes it through the entity (fixtures).
export type { CommerceCatalog, DomainProfile } from '../../domain/public-domain.ts';

// A registered name. `name` is the full lowercase "<label>.<namespace>" and is unique: the lookup and
// availability paths hit only that index.
const DomainSchema = defineEntity({
  name: 'Domain',
  tableName: 'domain',
  properties: {
    id: p.integer().primary().autoincrement(),
    name: p.string().length(253).unique(),
    label: p.string().length(63),
    namespace: () => p.manyToOne(Namespace).ref(),
    owner: () => p.manyToOne(Account).ref().index(),
    status: p.string().length(32).default('active'),
    registrationDate: p.datetime().columnType('timestamptz'),
    expiryDate: p.datetime().columnType('timestamptz').index(),
    squadId: p.string().nullable(),
    capabilities: p.json<string[]>(),
    profile: p.json<DomainProfile>(),
    storefrontId: p.string().nullable().unique(),
    /** Auto-renew from the owner's gems when a year costs at most this; null: off. */
    autoRenewMaxGems: p.integer().nullable(),
    ...timestamps,
  },
});

export class Domain extends DomainSchema.class {}
DomainSchema.setClass(Domain);
export { DomainSchema };
