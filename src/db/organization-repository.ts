import type { EntityManager } from '@mikro-orm/postgresql';
import {
  Account,
  Namespace,
  NamespaceWhitelist,
  OrgCredential,
  Organization,
  OrganizationCustomer,
  OrganizationMember,
} from './entities/index.ts';

/** An organization credential as stored: the digest of its secret and the policy it is limited to. */
export interface OrgCredentialRecord {
  id: string;
  secretHash: string;
  revokedAt: Date | null;
  organization: { id: string; name: string; active: boolean };
  /** The member who holds it (whose membership must stay active). */
  memberAccountId: string;
  allowedRoutes: string[];
  customerIds: string[] | null;
  domainNames: string[] | null;
  namespaceOps: Record<string, string[]>;
}

/** What an operator issues a credential with: its stored secret and its policy. */
export type NewOrgCredential = Omit<OrgCredentialRecord, 'revokedAt' | 'organization'> & { organizationId: string };

const UUID = /^[0-9a-f-]{36}$/i;

// Reseller organizations: their members, their customers and their credentials (docs/api.md), and the
// sunrise whitelist of a namespace. Read by src/auth, written by the operator CLI (src/ops).
export function organizationRepository(em: EntityManager) {
  return {
    async credential(id: string): Promise<OrgCredentialRecord | null> {
      const c = await em.findOne(OrgCredential, { id }, { populate: ['organization'] });
      if (!c) return null;
      const org = c.organization.getEntity();
      return {
        id: c.id,
        secretHash: c.secretHash,
        revokedAt: c.revokedAt ?? null,
        organization: { id: org.id, name: org.name, active: org.active },
        memberAccountId: c.member.id,
        allowedRoutes: c.allowedRoutes,
        customerIds: c.customerIds ?? null,
        domainNames: c.domainNames ?? null,
        namespaceOps: c.namespaceOps,
      };
    },

    /** Whether the account is an active member of the organization. */
    async isActiveMember(organizationId: string, accountId: string): Promise<boolean> {
      const m = await em.findOne(OrganizationMember, { organization: organizationId, account: accountId });
      return m?.active ?? false;
    },

    async isCustomer(organizationId: string, accountId: string): Promise<boolean> {
      return (await em.findOne(OrganizationCustomer, { organization: organizationId, account: accountId })) !== null;
    },

    /** The accounts the organization acts for. */
    async customersOf(organizationId: string): Promise<string[]> {
      const customers = await em.find(OrganizationCustomer, { organization: organizationId });
      return customers.map((c) => c.account.id);
    },

    /** An organization by its id or its name. */
    async find(idOrName: string): Promise<{ id: string; name: string } | null> {
      const o = UUID.test(idOrName)
        ? await em.findOne(Organization, { id: idOrName })
        : await em.findOne(Organization, { name: idOrName });
      return o && { id: o.id, name: o.name };
    },

    /** A new organization; null when one of that name exists. */
    async create(name: string): Promise<{ id: string; name: string } | null> {
      if (await em.findOne(Organization, { name })) return null;
      const org = em.create(Organization, { name });
      await em.flush();
      return { id: org.id, name: org.name };
    },

    async setMember(organizationId: string, accountId: string, active: boolean): Promise<void> {
      await em.upsert(OrganizationMember, {
        organization: em.getReference(Organization, organizationId),
        account: em.getReference(Account, accountId),
        active,
        createdAt: new Date(),
      });
    },

    async addCustomer(organizationId: string, accountId: string): Promise<void> {
      await em.upsert(OrganizationCustomer, {
        organization: em.getReference(Organization, organizationId),
        account: em.getReference(Account, accountId),
        createdAt: new Date(),
      });
    },

    async issueCredential(c: NewOrgCredential): Promise<void> {
      const { organizationId, memberAccountId, ...rest } = c;
      em.create(OrgCredential, {
        ...rest,
        organization: em.getReference(Organization, organizationId),
        member: em.getReference(Account, memberAccountId),
      });
      await em.flush();
    },

    /** Revokes a credential not revoked yet; false when there was none to revoke. */
    async revokeCredential(id: string): Promise<boolean> {
      return (await em.nativeUpdate(OrgCredential, { id, revokedAt: null }, { revokedAt: new Date() })) === 1;
    },

    /** Admits the account to the namespace (which must exist) in its sunrise phase, or takes it off. */
    async setWhitelisted(namespace: string, accountId: string, listed: boolean): Promise<void> {
      if (listed)
        await em.upsert(NamespaceWhitelist, {
          namespace: em.getReference(Namespace, namespace),
          account: em.getReference(Account, accountId),
          createdAt: new Date(),
        });
      else await em.nativeDelete(NamespaceWhitelist, { namespace, account: accountId });
    },
  };
}
