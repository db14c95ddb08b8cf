import { z } from 'zod';
import { queryInteger } from './query-integer.ts';

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

export const userDomainsResponse = z.object({ status: z.literal('success'), data: z.array(ownerDomainItem) });
export const managedListResponse = z.object({
  status: z.literal('success'),
  data: z.array(managedDomainItem),
  limit: z.number().int(),
  offset: z.number().int(),
  total: z.number().int(),
});
export const managedDomainResponse = z.object({ status: z.literal('success'), domain: managedDomainItem });
