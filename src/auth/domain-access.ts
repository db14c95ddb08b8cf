import type { EntityManager } from '@mikro-orm/postgresql';
import { accountRepository } from '../db/account-repository.ts';
import { organizationRepository } from '../db/organization-repository.ts';
import type { Principal } from './principal.ts';

export type DomainOperation = 'read' | 'register' | 'renew' | 'transfer' | 'dns' | 'profile';

export interface DomainRef {
  name: string;
  namespace: string;
  ownerId: string;
}

/**
 * Whether a principal may act on a domain. Only stored relations count: the owner, the operator who
 * claimed the owning agent, or an organization credential whose organization has the owner as a
 * customer and whose customer, domain and namespace-operation policy all allow it. Nothing a domain
 * publishes (DNS, DID or Matrix records, profile fields) is ever consulted.
 */
export async function canActOnDomain(
  em: EntityManager,
  principal: Principal,
  domain: DomainRef,
  op: DomainOperation,
): Promise<boolean> {
  if (principal.kind !== 'org_key') {
    if (domain.ownerId === principal.accountId) return true;
    const owner = await accountRepository(em).managerOf(domain.ownerId);
    return owner?.managerId === principal.accountId;
  }
  if (principal.domainNames && !principal.domainNames.includes(domain.name)) return false;
  if (principal.customerIds && !principal.customerIds.includes(domain.ownerId)) return false;
  if (!(principal.namespaceOps[domain.namespace] ?? []).includes(op)) return false;
  return organizationRepository(em).isCustomer(principal.organizationId, domain.ownerId);
}

/** Account ids whose domains the principal may see in its management list. */
export async function manageableOwnerIds(em: EntityManager, principal: Principal): Promise<string[]> {
  if (principal.kind !== 'org_key') {
    const claimed = await accountRepository(em).claimedBy(principal.accountId);
    return [principal.accountId, ...claimed];
  }
  const ids = await organizationRepository(em).customersOf(principal.organizationId);
  return principal.customerIds ? ids.filter((id) => principal.customerIds?.includes(id)) : ids;
}
