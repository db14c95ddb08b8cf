import { z } from 'zod';
import { isoTimestamp } from './common.ts';

export const searchQuery = z.object({
  q: z.string().min(1, 'q is required').max(300).describe('A bare name ("scout") or a full name ("scout.agent")'),
});

export const searchResultItem = z.object({
  domain: z.string(),
  tld: z.string(),
  available: z.boolean(),
  human_price: z.number().describe('Yearly price for human accounts, in gems'),
  agent_price: z.number().describe('Yearly price for agent accounts, in gems'),
  reason: z.enum(['available', 'registered', 'being_registered', 'reserved', 'namespace_coming_soon', 'sunrise_whitelist_only']),
});

export const searchResponse = z.object({
  status: z.literal('success'),
  query: z.string(),
  price_unit: z.literal('gems_per_year'),
  results: z.array(searchResultItem),
});

export const domainNameParams = z.object({ domain_name: z.string().max(300) });

export const lookupResponse = z.object({
  status: z.literal('success'),
  domain: z.object({
    name: z.string(),
    namespace: z.string(),
    status: z.string(),
    registration_date: isoTimestamp,
    expiry_date: isoTimestamp,
  }),
  identity: z.object({
    human_backed: z.boolean().describe('Deprecated alias for a stored operator link; not a human-verification result'),
    squad_id: z.string().describe('Agent squad identifier; "" when none'),
    capabilities_preview: z.array(z.string()),
  }),
  manifests: z.object({ agent_json: z.string(), skill_md: z.string() }),
  profile: z.record(z.string(), z.unknown()),
});

export const shopStatusResponse = z.object({
  status: z.literal('success'),
  is_bound: z.boolean(),
  storefront_id: z.string().nullable(),
});
