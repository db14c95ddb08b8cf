import { z } from 'zod';
import { isoTimestamp } from '../../schemas/common.ts';
import { identityDocumentLinks } from '../../schemas/discovery.ts';
import { forSaleBlock, minOfferBlock } from '../domains/listings.schemas.ts';

export const agentManifest = z
  .object({
    schema_version: z.literal('1.0'),
    name: z.string(),
    namespace: z.string(),
    status: z.string(),
    registration_date: isoTimestamp,
    expiry_date: isoTimestamp,
    display_name: z.string().nullable(),
    description: z.string().nullable(),
    endpoints: z.unknown().nullable().describe('As the owner published it (object or array), else null'),
    identity: z.object({
      operator_linked: z.boolean().describe('A signed-in operator claimed this agent; not a human-verification result'),
      squad_id: z.string().nullable(),
      capabilities: z.array(z.string()),
    }),
    profile: z.record(z.string(), z.unknown()),
    for_sale: forSaleBlock,
    min_offer: minOfferBlock,
    links: z.object({
      lookup: z.string(),
      agent_json: z.string(),
      skill_md: z.string(),
      ...identityDocumentLinks,
      did: z.string().describe('The name’s did:web identifier'),
    }),
    notice: z.string(),
  })
  .describe('AgentManifest');
