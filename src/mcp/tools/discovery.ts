import { z } from 'zod';
import { lookupResponse, searchQuery, searchResponse } from '../../http/schemas/discovery.ts';
import { forSaleQuery, forSaleResponse } from '../../http/schemas/listings.ts';
import { quoteBody, quoteResponse } from '../../http/schemas/quote.ts';
import { defineTool, page, segment } from './tool.ts';

// The public reads: each works without a credential, as its route does.
const read = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

export const searchDomains = defineTool({
  name: 'search_domains',
  title: 'Search names',
  description:
    'Availability and yearly prices (gems) of a bare name in every namespace, or of a full name in its namespace (GET /api/v1/domains/search). `reason` says why a name is not available.',
  operation: 'GET /api/v1/domains/search',
  input: searchQuery,
  output: searchResponse,
  annotations: { title: 'Search names', ...read },
  request: ({ q }) => ({ method: 'GET', url: '/api/v1/domains/search', query: { q } }),
});

export const lookupDomain = defineTool({
  name: 'lookup_domain',
  title: 'Look up a domain',
  description:
    'The public record of a registered name: registration data, identity, manifest links, profile, and its asking price while listed (GET /api/v1/lookup/{domain_name}).',
  operation: 'GET /api/v1/lookup/:domain_name',
  input: z.object({ domain_name: z.string().min(1).max(300).describe('The full name, e.g. "scout.agent"') }),
  output: lookupResponse,
  annotations: { title: 'Look up a domain', ...read },
  request: ({ domain_name }) => ({ method: 'GET', url: `/api/v1/lookup/${segment(domain_name)}` }),
});

export const quote = defineTool({
  name: 'quote',
  title: 'Quote a registration',
  description:
    'A non-binding price for a name and term on the default machine-payment route (POST /api/v1/domains/quote). Reserves nothing; re-quote before paying.',
  operation: 'POST /api/v1/domains/quote',
  input: quoteBody,
  output: quoteResponse,
  annotations: { title: 'Quote a registration', ...read },
  request: (body) => ({ method: 'POST', url: '/api/v1/domains/quote', body }),
});

export const listForSale = defineTool({
  name: 'list_for_sale',
  title: 'Names for sale',
  description:
    'Names listed on the secondary market with their asking prices, newest first (GET /api/v1/domains/for-sale).',
  operation: 'GET /api/v1/domains/for-sale',
  input: z.object({ currency: forSaleQuery.shape.currency, ...page }),
  output: forSaleResponse,
  annotations: { title: 'Names for sale', ...read },
  request: (query) => ({ method: 'GET', url: '/api/v1/domains/for-sale', query }),
});
