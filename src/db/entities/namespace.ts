import { defineEntity, p } from '@mikro-orm/core';
import { launchPhases } from '../../domain/catalog.ts';
import { timestamps } from './base.ts';

// One row per namespace, loaded from the versioned catalog file; prices are integer gems per year.
const NamespaceSchema = defineEntity({
  name: 'Namespace',
  tableName: 'namespace',
  properties: {
    name: p.string().primary().length(63),
    source: p.enum(['native', 'partners'] as const),
    provider: p.string(),
    launchPhase: p.enum([...launchPhases]),
    humanPricePerYear: p.integer(),
    agentPricePerYear: p.integer(),
    reservedNames: p.json<string[]>(),
    whitelistRule: p.text(),
    tagline: p.text(),
    description: p.text(),
    useCases: p.json<string[]>(),
    catalogVersion: p.string(),
    position: p.integer(),
    ...timestamps,
  },
});

export class Namespace extends NamespaceSchema.class {}
NamespaceSchema.setClass(Namespace);
export { NamespaceSchema };
