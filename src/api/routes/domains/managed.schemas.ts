import { z } from 'zod';
import { queryInteger } from '../../schemas/query-integer.ts';

export const ownerDomainItem = z.object({
  id: z.number().int(),
  name: z.string(),
  tld: z.string(),
  status: z.string(),
  owner_id: z.string(),
  expiry_date: z.string(),
});

export const managedDomainItem = ownerDomainItem.extend({
  registration_date: z.string(),
  squad_id: z.string().nullable(),
  storefront_id: z.string().nullable(),
});

export const pagination = z.object({
  limit: queryInteger(z.coerce.number().int().min(1).max(200).default(50)),
  offset: queryInteger(z.coerce.number().int().min(0).default(0)),
});

/** The management list's query: a page, optionally one owner's, expiring by a date, soonest first. */
export const managedListQuery = pagination.extend({
  owner_id: z.string().uuid().optional().describe('Only this owner’s domains: you, or an agent you claimed'),
  expires_within_days: queryInteger(z.coerce.number().int().min(0).max(3650).optional()).describe(
    'Only domains whose term ends within this many days (those in grace too)',
  ),
  sort: z
    .enum(['registered', 'expiry'])
    .default('registered')
    .describe('`registered`: oldest registration first (default); `expiry`: soonest expiry first'),
});

/** A row of the management list: the managed view, with auto-renew and whether the name is listed. */
export const managedListItem = managedDomainItem.extend({
  auto_renew: z.object({
    enabled: z.boolean(),
    max_gems: z.number().int().nullable().describe('The most a one-year renewal may cost; null when off'),
  }),
  for_sale: z.boolean().describe('Listed on the market (GET /api/v1/domains/{domain_name}/shop-status)'),
});

export const userDomainsResponse = z.object({ status: z.literal('success'), data: z.array(ownerDomainItem) });
export const managedListResponse = z.object({
  status: z.literal('success'),
  data: z.array(managedListItem),
  limit: z.number().int(),
  offset: z.number().int(),
  total: z.number().int(),
});
export const managedDomainResponse = z.object({ status: z.literal('success'), domain: managedDomainItem });
