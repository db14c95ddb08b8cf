import { defineEntity, p } from '@mikro-orm/core';
import { createdAt } from './base.ts';
import { Account } from './account.ts';
import { Namespace } from './namespace.ts';

/** A reseller organization; its credentials act for its bound customers only. */
const OrganizationSchema = defineEntity({
  name: 'Organization',
  tableName: 'organization',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => crypto.randomUUID()),
    name: p.string().unique(),
    active: p.boolean().default(true),
    createdAt,
  },
});
export class Organization extends OrganizationSchema.class {}
OrganizationSchema.setClass(Organization);

const OrganizationMemberSchema = defineEntity({
  name: 'OrganizationMember',
  tableName: 'organization_member',
  properties: {
    organization: () => p.manyToOne(Organization).ref().primary(),
    account: () => p.manyToOne(Account).ref().primary(),
    active: p.boolean().default(true),
    createdAt,
  },
});
export class OrganizationMember extends OrganizationMemberSchema.class {}
OrganizationMemberSchema.setClass(OrganizationMember);

const OrganizationCustomerSchema = defineEntity({
  name: 'OrganizationCustomer',
  tableName: 'organization_customer',
  properties: {
    organization: () => p.manyToOne(Organization).ref().primary(),
    account: () => p.manyToOne(Account).ref().primary(),
    createdAt,
  },
});
export class OrganizationCustomer extends OrganizationCustomerSchema.class {}
OrganizationCustomerSchema.setClass(OrganizationCustomer);

export type NamespaceOps = Record<string, string[]>;

/**
 * An organization credential: held by one member (whose membership must stay active), limited to an
 * endpoint allowlist, optionally to some of the organization's customers and to named domains, and to
 * the operations allowed per namespace.
 */
const OrgCredentialSchema = defineEntity({
  name: 'OrgCredential',
  tableName: 'org_credential',
  properties: {
    id: p.string().primary().length(32),
    organization: () => p.manyToOne(Organization).ref().index(),
    member: () => p.manyToOne(Account).ref(),
    secretHash: p.string().length(64),
    allowedRoutes: p.json<string[]>(),
    customerIds: p.json<string[] | null>().nullable(),
    domainNames: p.json<string[] | null>().nullable(),
    namespaceOps: p.json<NamespaceOps>(),
    createdAt,
    revokedAt: p.datetime().columnType('timestamptz').nullable(),
  },
});
export class OrgCredential extends OrgCredentialSchema.class {}
OrgCredentialSchema.setClass(OrgCredential);

/** Accounts an operator admitted to a namespace during its sunrise phase. */
const NamespaceWhitelistSchema = defineEntity({
  name: 'NamespaceWhitelist',
  tableName: 'namespace_whitelist',
  properties: {
    namespace: () => p.manyToOne(Namespace).ref().primary(),
    account: () => p.manyToOne(Account).ref().primary(),
    createdAt,
  },
});
export class NamespaceWhitelist extends NamespaceWhitelistSchema.class {}
NamespaceWhitelistSchema.setClass(NamespaceWhitelist);

export {
  OrganizationSchema,
  OrganizationMemberSchema,
  OrganizationCustomerSchema,
  OrgCredentialSchema,
  NamespaceWhitelistSchema,
};
