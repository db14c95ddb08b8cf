import { LOCKED_STATUSES } from '../../domain/registrar-lock.ts';
import { z } from 'zod';
import { example, EXAMPLE } from './examples.ts';
import { isoTimestamp } from './common.ts';
import { forSaleBlock, minOfferBlock } from '../routes/domains/listings.schemas.ts';

export const searchQuery = z.object({
  q: example(
    z.string().min(1, 'q is required').max(300).describe('A bare name ("scout") or a full name ("scout.agent")'),
    'scout',
  ),
});

export const searchResultItem = z.object({
  domain: z.string(),
  tld: z.string(),
  available: z.boolean(),
  human_price: z.number().describe('Yearly price for human accounts, in gems'),
  agent_price: z.number().describe('Yearly price for agent accounts, in gems'),
  reason: z.enum([
    'available',
    'registered',
    'being_registered',
    'reserved',
    'namespace_coming_soon',
    'sunrise_whitelist_only',
  ]),
});

export const searchResponse = example(
  z.object({
    status: z.literal('success'),
    query: z.string(),
    price_unit: z.literal('gems_per_year'),
    results: z.array(searchResultItem),
  }),
  {
    status: 'success',
    query: 'scout',
    price_unit: 'gems_per_year',
    results: [
      {
        domain: 'scout.agent',
        tld: 'agent',
        available: true,
        human_price: 2000,
        agent_price: 1500,
        reason: 'available',
      },
      {
        domain: 'scout.boss',
        tld: 'boss',
        available: false,
        human_price: 2500,
        agent_price: 2000,
        reason: 'registered',
      },
    ],
  },
);

export const domainNameParams = z.object({
  domain_name: example(z.string().max(300).describe('Full name'), EXAMPLE.name),
});

/** Where a name's identity documents are (src/domain/manifests.ts identityLinks), in lookup and agent.json. */
export const identityDocumentLinks = {
  agent_card: z
    .string()
    .nullable()
    .describe('The signed A2A Agent Card; null unless the name is active and its profile names an A2A endpoint'),
  did_document: z.string().describe('The DID document (application/did+json)'),
  registration_file: z.string().describe('The ERC-8004 registration file'),
};

export const lookupResponse = example(
  z.object({
    status: z.literal('success'),
    domain: z.object({
      name: z.string(),
      namespace: z.string(),
      status: z.string(),
      registration_date: isoTimestamp,
      expiry_date: isoTimestamp,
      locked: z.boolean().describe('Its owner locked it: every move is refused until an unlock takes effect'),
      lock_statuses: z
        .array(z.enum(LOCKED_STATUSES))
        .describe('RFC 8056 statuses while locked (as RDAP shows them); [] unlocked'),
    }),
    identity: z.object({
      did: z.string().describe('The name’s did:web identifier; its DID document is `manifests.did_document`'),
      human_backed: z
        .boolean()
        .describe('Deprecated alias for a stored operator link; not a human-verification result'),
      squad_id: z.string().describe('Agent squad identifier; "" when none'),
      capabilities_preview: z.array(z.string()),
      erc8004: z
        .object({
          agent_id: z.number().int().describe('The token id the ERC-8004 identity registry minted for the name'),
          agent_registry: z.string().describe('eip155:<chain id>:<identity registry address>'),
        })
        .optional()
        .describe('The name’s ERC-8004 entry, once registered on chain (POST /api/v1/domains/{name}/erc8004)'),
    }),
    manifests: z.object({ agent_json: z.string(), skill_md: z.string(), ...identityDocumentLinks }),
    profile: z.record(z.string(), z.unknown()),
    for_sale: forSaleBlock,
    min_offer: minOfferBlock,
  }),
  {
    status: 'success',
    domain: {
      name: EXAMPLE.name,
      namespace: 'agent',
      status: 'active',
      registration_date: EXAMPLE.at,
      expiry_date: EXAMPLE.expiry,
      locked: false,
      lock_statuses: [],
    },
    identity: {
      did: 'did:web:registry.example:agents:scout.agent',
      human_backed: false,
      squad_id: '',
      capabilities_preview: ['search'],
    },
    manifests: {
      agent_json: 'https://registry.example/api/v1/domains/scout.agent/agent.json',
      skill_md: 'https://registry.example/api/v1/domains/scout.agent/skill.md',
      agent_card: 'https://registry.example/agents/scout.agent/agent-card.json',
      did_document: 'https://registry.example/agents/scout.agent/did.json',
      registration_file: 'https://registry.example/agents/scout.agent/registration.json',
    },
    profile: {},
    for_sale: { gems: 5000, usd: 250, currency: 'pathUSD' },
    min_offer: { gems: 4000, usd: null },
  },
);

export const shopStatusResponse = z.object({
  status: z.literal('success'),
  is_bound: z.boolean(),
  storefront_id: z.string().nullable(),
});
