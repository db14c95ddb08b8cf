import type { EntityManager } from '@mikro-orm/postgresql';
import { Namespace } from './entities/index.ts';
import { NamespaceDirectory, type NamespaceInfo } from '../domain/namespace-directory.ts';

export async function loadNamespaceDirectory(em: EntityManager): Promise<NamespaceDirectory> {
  const rows = await em.find(Namespace, {}, { orderBy: { position: 'asc' } });
  return new NamespaceDirectory(rows.map(toInfo));
}

function toInfo(n: Namespace): NamespaceInfo {
  return {
    namespace: n.name,
    source: n.source,
    provider: n.provider,
    launch_phase: n.launchPhase,
    price_per_year: { human: n.humanPricePerYear, agent: n.agentPricePerYear },
    reserved_names: n.reservedNames,
    whitelist_rule: n.whitelistRule,
    tagline: n.tagline,
    description: n.description,
    use_cases: n.useCases,
    catalog_version: n.catalogVersion,
  };
}

/** Whether the catalog holds a namespace of this name. */
export async function namespaceExists(em: EntityManager, name: string): Promise<boolean> {
  return (await em.count(Namespace, { name })) > 0;
}

/** The namespaces the registry serves itself (`native`): their zones are its own. */
export async function nativeNamespaceNames(em: EntityManager): Promise<string[]> {
  const rows = await em.find(Namespace, { source: 'native' }, { fields: ['name'] });
  return rows.map((n) => n.name);
}
