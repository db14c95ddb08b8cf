import { z } from 'zod';
import { labelPattern } from './names.ts';

// The namespace catalog is one versioned file; this schema is the only way it enters the system.
export const launchPhases = ['public', 'sunrise', 'coming_soon'] as const;
export type LaunchPhase = (typeof launchPhases)[number];

export const catalogEntrySchema = z.object({
  namespace: z.string().regex(labelPattern),
  source: z.enum(['native', 'partners']),
  provider: z.string().min(1),
  launch_phase: z.enum(launchPhases),
  price_per_year: z.object({ human: z.number().int().positive(), agent: z.number().int().positive() }),
  reserved_names: z.array(z.string().regex(labelPattern)),
  whitelist_rule: z.string().min(1),
  tagline: z.string().min(1),
  description: z.string().min(1),
  use_cases: z.array(z.string().min(1)).min(1),
});

export const catalogSchema = z
  .object({
    catalog_version: z.string().min(1),
    price_unit: z.literal('gems'),
    namespaces: z.array(catalogEntrySchema).min(1),
  })
  .refine((c) => new Set(c.namespaces.map((n) => n.namespace)).size === c.namespaces.length, {
    message: 'namespace names must be unique',
  });

export type Catalog = z.infer<typeof catalogSchema>;
export type CatalogEntry = z.infer<typeof catalogEntrySchema>;

/** The catalog a parsed JSON document describes; throws listing what is wrong. */
export function parseCatalog(raw: unknown): Catalog {
  return catalogSchema.parse(raw);
}
