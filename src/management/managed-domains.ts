import type { EntityManager } from '@mikro-orm/postgresql';
import { manageableOwnerIds } from '../auth/domain-access.ts';
import type { Principal } from '../auth/principal.ts';
import { managedDomainRepository, type DomainListFilter } from '../db/managed-domain-repository.ts';
import type { ManagedDomain } from '../domain/managed-domain.ts';
import type { Page, Paged } from '../domain/page.ts';

/**
 * One page of the domains a principal may manage: its own and its claimed agents', or an organization's
 * customers' (within the credential's domain list, if it has one). An organization credential then sees
 * only namespaces its policy lets it read; `total` counts before that filter, as the page query does.
 */
export async function manageableDomains(
  em: EntityManager,
  principal: Principal,
  page: Page,
  filter: DomainListFilter = {},
): Promise<Paged<ManagedDomain & { forSale: boolean }>> {
  const owners = await manageableOwnerIds(em, principal);
  const names = principal.kind === 'org_key' ? principal.domainNames : null;
  const found = await managedDomainRepository(em).ofOwners(owners, names, page, filter);
  if (principal.kind !== 'org_key') return found;
  const readable = found.rows.filter((d) => (principal.namespaceOps[d.namespace] ?? []).includes('read'));
  return { rows: readable, total: found.total };
}
