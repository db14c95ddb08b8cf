import { z } from 'zod';
import { lookupResponse, searchQuery, searchResponse } from '../../api/schemas/discovery.ts';
import { forSaleQuery, forSaleResponse } from '../../api/routes/domains/listings.schemas.ts';
import { quoteBody, quoteResponse } from '../../api/routes/domains/quote.schemas.ts';
import { defineTool, page, reads } from './tool.ts';
import { searchDomains as searchDomainsOperation } from '../../api/routes/domains/search.ts';
import { lookupDomain as lookupDomainOperation } from '../../api/routes/lookup.ts';
import { listForSale as listForSaleOperation } from '../../api/routes/domains/market-lists.ts';
import { quoteDomain } from '../../api/routes/domains/quote.ts';
import { verifyAgentOperation } from '../../api/routes/verify.ts';
import { verifyParams, verifyResponse } from '../../api/routes/verify.schemas.ts';

// The public reads: each works without a credential, as its route does.

export const searchDomains = defineTool({
  name: 'search_domains',
  title: 'Search names',
  description:
    'Availability and yearly prices (gems) of a bare name in every namespace, or of a full name in its namespace (GET /api/v1/domains/search). `reason` says why a name is not available.',
  operation: searchDomainsOperation,
  input: searchQuery,
  output: searchResponse,
  hints: reads(),
  request: ({ q }) => ({ query: { q } }),
});

export const lookupDomain = defineTool({
  name: 'lookup_domain',
  title: 'Look up a domain',
  description:
    'The public record of a registered name: registration data, identity, manifest links, profile, and its asking price while listed (GET /api/v1/lookup/{domain_name}).',
  operation: lookupDomainOperation,
  input: z.object({ domain_name: z.string().min(1).max(300).describe('The full name, e.g. "scout.agent"') }),
  output: lookupResponse,
  hints: reads(),
  request: ({ domain_name }) => ({ params: { domain_name } }),
});

export const quote = defineTool({
  name: 'quote',
  title: 'Quote a registration',
  description:
    'A non-binding price for a name and term on the default machine-payment route (POST /api/v1/domains/quote). Reserves nothing; re-quote before paying.',
  operation: quoteDomain,
  input: quoteBody,
  output: quoteResponse,
  hints: reads(),
  request: (body) => ({ body }),
});

export const listForSale = defineTool({
  name: 'list_for_sale',
  title: 'Names for sale',
  description:
    'Names listed on the secondary market with their asking prices, newest first (GET /api/v1/domains/for-sale).',
  operation: listForSaleOperation,
  input: z.object({ currency: forSaleQuery.shape.currency, ...page }),
  output: forSaleResponse,
  hints: reads(),
  request: (query) => ({ query }),
});

export const verifyAgent = defineTool({
  name: 'verify_agent',
  title: 'Verify an agent',
  description:
    'Whether an agent is who its name says (`verified`: DNSSEC chain, DNS-AID and ENSIP records agreeing with its signed A2A card, its ERC-8004 entry) and, apart, whether its A2A and MCP endpoints answer (`reachable`); each check with its outcome and evidence. Any DNS name that publishes DNS-AID records (GET /api/v1/verify/{name}).',
  operation: verifyAgentOperation,
  input: verifyParams,
  output: verifyResponse,
  hints: reads(),
  request: ({ name }) => ({ params: { name } }),
});
