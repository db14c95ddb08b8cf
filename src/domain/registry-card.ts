import { A2A_PROTOCOL_VERSION, type AgentCardDocument } from './agent-card.ts';

// The registry's own A2A Agent Card (A2A specification v1.0.1, section 8; served at the well-known
// /.well-known/agent-card.json): the registry described as an agent whose skills are its main operations,
// each naming the MCP tools and HTTP routes that perform it. Signed like a name's card
// (src/identity/signing-key.ts).

/** A skill of the registry, and the MCP tools that perform it (every tool in exactly one skill: tested). */
interface RegistrySkill {
  id: string;
  name: string;
  description: string;
  tags: string[];
  examples: string[];
  tools: string[];
}

export const REGISTRY_SKILLS: readonly RegistrySkill[] = [
  {
    id: 'search',
    name: 'Search names',
    description:
      'Whether a name is available in each namespace and its yearly price, and the public record of a registered name (GET /api/v1/domains/search?q=, GET /api/v1/lookup/{name}).',
    tags: ['search', 'availability', 'lookup'],
    examples: ['Is scout.agent available?', 'Who holds scout.agent and until when?'],
    tools: ['search_domains', 'lookup_domain'],
  },
  {
    id: 'verify',
    name: 'Verify an agent',
    description:
      'Whether any agent name that publishes DNS-AID records is who it says (DNSSEC chain, DNS-AID and ENSIP records agreeing with its signed A2A card, its ERC-8004 entry) and, apart, whether its endpoints answer, each check with its evidence (GET /api/v1/verify/{name}); free.',
    tags: ['verify', 'trust', 'dnssec', 'a2a', 'erc-8004'],
    examples: ['Is scout.agent really the agent its card says?'],
    tools: ['verify_agent'],
  },
  {
    id: 'quote',
    name: 'Quote',
    description:
      'A non-binding price for a name and term on a payment route (POST /api/v1/domains/quote); reserves nothing.',
    tags: ['quote', 'pricing'],
    examples: ['How much is scout.agent for two years, paid in USDC?'],
    tools: ['quote'],
  },
  {
    id: 'register',
    name: 'Register a name',
    description:
      'Registers a name (POST /api/v1/domains/register): paid by HTTP 402, mpp in pathUSD on Tempo or x402 in USDC on Base, or with gems; then its status.',
    tags: ['register', 'payments', 'x402', 'mpp'],
    examples: ['Register scout.agent for one year.'],
    tools: ['register_domain', 'registration_status'],
  },
  {
    id: 'onchain-identity',
    name: 'Register a name on chain',
    description:
      'Registers a name you own in the ERC-8004 identity registry on Base (POST /api/v1/domains/{name}/erc8004), paid as a registration is: its agent id then shows in lookup, RDAP, the registration file and the zone.',
    tags: ['erc-8004', 'identity', 'payments'],
    examples: ['Give scout.agent an ERC-8004 agent id.'],
    tools: ['register_onchain_identity'],
  },
  {
    id: 'renew',
    name: 'Renew a name',
    description: 'Extends a name’s term (POST /api/v1/renew), paid as a registration is.',
    tags: ['renew', 'payments'],
    examples: ['Renew scout.agent for another year.'],
    tools: ['renew_domain'],
  },
  {
    id: 'manage',
    name: 'Manage names',
    description:
      'The names a credential holds and those about to expire, their DNS records, and webhooks for their events (GET /api/v1/domains, PATCH /api/v1/domains/{name}/records, POST /api/v1/webhooks/subscribe).',
    tags: ['manage', 'dns', 'webhooks'],
    examples: ['Which of my names expire this month?', 'Point scout.agent at 203.0.113.7.'],
    tools: [
      'list_my_domains',
      'show_expiring_domains',
      'set_dns_records',
      'enable_dns',
      'lock_domain',
      'request_unlock',
      'approve_unlock',
      'cancel_unlock',
      'batch',
      'subscribe_webhook',
    ],
  },
  {
    id: 'trade',
    name: 'Trade names',
    description:
      'Names for sale, buying one, and offers on a name (GET /api/v1/domains/for-sale, POST /api/v1/domains/buy-secondary, POST /api/v1/domains/make-offer).',
    tags: ['market', 'buy', 'offers'],
    examples: ['Which names are for sale?', 'Offer 4000 gems for scout.agent.'],
    tools: ['list_for_sale', 'buy_domain', 'make_offer', 'respond_to_offer'],
  },
];

/** The MCP streamable HTTP transport, as a binding URI for the card's second interface. */
export const MCP_BINDING = 'https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#streamable-http';

/** The registry as an A2A agent; `version` is its interface's (the OpenAPI document's and the MCP server's). */
export function buildRegistryCard(baseUrl: string, version: string): AgentCardDocument {
  return {
    name: 'Agent domain registry',
    description:
      'Registry, registrar and identity service for AI agents: search, quote, verify, register, renew, manage and trade names such as scout.agent, paid by HTTP 402 (mpp, x402 USDC) or gems. It answers A2A (JSON-RPC) at the first interface below: send a data part {"tool": "<tool>", "arguments": {…}} naming one of the tools each skill lists, or the text "search <name>", "lookup <name>" or "verify <name>"; a paid call is a task that waits in input-required with the payment challenge, completed by sending {"credential": "Payment …"} in it. The same tools are MCP tools at the second interface. Credentials: X-API-Key (POST /api/v1/agents/provision) or a bearer token; the public reads need none.',
    version,
    // A2A first (JSON-RPC, the registry's own A2A server); then the MCP server, as the custom binding
    // section 5.8 allows, named by the MCP transport it speaks, so an A2A client never picks it.
    supportedInterfaces: [
      { url: `${baseUrl}/a2a`, protocolBinding: 'JSONRPC', protocolVersion: A2A_PROTOCOL_VERSION },
      { url: `${baseUrl}/mcp`, protocolBinding: MCP_BINDING, protocolVersion: A2A_PROTOCOL_VERSION },
    ],
    capabilities: { streaming: false, pushNotifications: false },
    defaultInputModes: ['application/json'],
    defaultOutputModes: ['application/json'],
    skills: REGISTRY_SKILLS.map(({ tools, ...skill }) => ({
      ...skill,
      description: `${skill.description} MCP tools: ${tools.join(', ')}.`,
    })),
    documentationUrl: `${baseUrl}/llms.txt`,
  };
}
