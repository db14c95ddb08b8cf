import type { EntityManager } from '@mikro-orm/postgresql';
import type { Catalog } from '../domain/catalog.ts';
import { Namespace } from './entities/index.ts';

/**
 * Upserts every namespace of the catalog file in one transaction. Idempotent: running it twice with the
 * same catalog changes nothing. Namespaces missing from the file are kept (domains reference them);
 * retiring a namespace is an explicit operator decision, not a side effect of editing the file.
 */
export async function syncCatalog(em: EntityManager, catalog: Catalog): Promise<{ version: string; count: number }> {
  await em.transactional(async (tx) => {
    for (const [position, n] of catalog.namespaces.entries()) {
      await tx.upsert(Namespace, {
        name: n.namespace,
        source: n.source,
        provider: n.provider,
        launchPhase: n.launch_phase,
        humanPricePerYear: n.price_per_year.human,
        agentPricePerYear: n.price_per_year.agent,
        reservedNames: n.reserved_names,
        whitelistRule: n.whitelist_rule,
        tagline: n.tagline,
        description: n.description,
        useCases: n.use_cases,
        catalogVersion: catalog.catalog_version,
        position,
      });
    }
  });
  return { version: catalog.catalog_version, count: catalog.namespaces.length };
}
