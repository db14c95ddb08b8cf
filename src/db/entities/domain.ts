import { defineEntity, p } from '@mikro-orm/core';
import { Account } from './account.ts';
import { Namespace } from './namespace.ts';
import { timestamps } from './base.ts';

export type CommerceCatalog = { provider: string; storefront_id: string; feed_url: string; status: string };
export type DomainProfile = Record<string, unknown> & { commerce_catalog?: CommerceCatalog };

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
    ...timestamps,
  },
});

export class Domain extends DomainSchema.class {}
DomainSchema.setClass(Domain);
export { DomainSchema };
