import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { domainRepository } from '../../db/domain-repository.ts';
import { buildAgentCard, type AgentCardDocument } from '../../domain/agent-card.ts';
import { buildDidDocument } from '../../domain/did-document.ts';
import { buildRegistrationFile } from '../../domain/erc8004-file.ts';
import { AppError } from '../../domain/errors.ts';
import { BASE_MAINNET_CHAIN_ID } from '../../domain/quote.ts';
import { buildRegistryCard } from '../../domain/registry-card.ts';
import { findNamedDomain } from '../../http/domain-name-param.ts';
import { revalidated, tagOf } from '../../http/etag.ts';
import { defineOperation } from '../../http/operations/operation.ts';
import type { Services } from '../../http/operations/services.ts';
import { operationsPlugin } from '../../http/operations/route.ts';
import { INTERFACE_VERSION } from '../../http/plugins/openapi.ts';
import { agentCardResponse, didDocumentResponse, jwksResponse, registrationFileResponse } from './identity.schemas.ts';
import { clientErrors, notModified } from '../schemas/common.ts';
import { domainNameParams } from '../schemas/discovery.ts';
import { declareRoute, PUBLIC } from '../../http/declaration.ts';

// A name's identity in the standards other agents read (docs/discovery.md): its A2A Agent Card, its DID
// document and its ERC-8004 registration file, built from the public record at each request (an owner's
// edit shows at once) and revalidated by ETag; the registry's own A2A card; and the key set the cards
// are signed with.

const route = (url: string, operationId: string, description: string) =>
  declareRoute({ method: 'GET', url, access: PUBLIC, openapi: { operationId, description } });

export const agentCardRoute = route(
  '/agents/:domain_name/agent-card.json',
  'getAgentCard',
  "The name's A2A Agent Card (v1.0), built from its profile's `a2a` endpoint, description and capabilities, signed by the registry (`signatures[]`: ES256 JWS over the RFC 8785 form, key in /.well-known/jwks.json). 404 `no_agent_card` when the owner published no A2A endpoint.",
);
export const didDocumentRoute = route(
  '/agents/:domain_name/did.json',
  'getDidDocument',
  "The name's DID document: `did:web:<registry host>:agents:<name>`, `alsoKnownAs` the name, the owner's wallet as a verification method, its endpoints as services.",
);
export const registrationFileRoute = route(
  '/agents/:domain_name/registration.json',
  'getRegistrationFile',
  "The name's ERC-8004 registration file (`type` registration-v1): its A2A, MCP and web endpoints, its DID and agent.json as services.",
);
export const registryAgentCardRoute = route(
  '/.well-known/agent-card.json',
  'getRegistryAgentCard',
  "The registry's own A2A Agent Card (v1.0, at the specification's well-known path): the registry as an agent whose skills are its operations (search, quote, register, renew, manage, trade), each naming its MCP tools and HTTP routes. Its interface is the MCP server at /mcp (`protocolBinding` `JSONRPC`, the closest the specification names: the registry serves no A2A endpoint, as the card's description says). Signed as a name's card is (`signatures[]`, key in /.well-known/jwks.json).",
);
export const jwksRoute = route(
  '/.well-known/jwks.json',
  'getSigningKeys',
  "The registry's public keys (RFC 7517) that sign the agent cards.",
);

const CACHE = { 'cache-control': 'public, max-age=60', 'x-content-type-options': 'nosniff' };

/**
 * A card signed by the registry's key, tagged for revalidation. ECDSA signatures differ at each signing:
 * the tag is the unsigned card's and the key's (weak).
 */
async function signedCard(
  services: Services,
  request: Record<string, string | string[] | undefined>,
  card: AgentCardDocument,
) {
  const tag = `W/${tagOf(JSON.stringify(card) + services.cardSigner.kid)}`;
  return revalidated(request, tag, { body: await services.cardSigner.sign(card), headers: CACHE });
}

async function publicRecord(services: Services, db: EntityManager, name: string) {
  const repo = domainRepository(db);
  return findNamedDomain(services.namespaces, name, repo.findPublicByName);
}

export const getAgentCard = defineOperation(
  agentCardRoute,
  {
    tags: ['discovery'],
    summary: 'A2A Agent Card of a registered name (signed)',
    params: domainNameParams,
    response: { 200: agentCardResponse, 304: notModified, ...clientErrors },
  },
  async (call, services) => {
    const { params, headers: request } = call;
    const base = services.config.publicBaseUrl;
    const card = buildAgentCard(await publicRecord(services, call.db, params.domain_name), base);
    if (!card)
      throw new AppError('no_agent_card', `${params.domain_name} publishes no A2A endpoint, so it has no agent card.`);
    return signedCard(services, request, card);
  },
);

export const getRegistryAgentCard = defineOperation(
  registryAgentCardRoute,
  {
    tags: ['discovery'],
    summary: "The registry's own A2A Agent Card (signed)",
    response: { 200: agentCardResponse, 304: notModified },
  },
  async ({ headers: request }, services) =>
    signedCard(services, request, buildRegistryCard(services.config.publicBaseUrl, INTERFACE_VERSION)),
);

export const getDidDocument = defineOperation(
  didDocumentRoute,
  {
    tags: ['discovery'],
    summary: 'DID document (did:web) of a registered name',
    params: domainNameParams,
    response: { 200: didDocumentResponse, 304: notModified, ...clientErrors },
  },
  async (call, services) => {
    const { params, headers: request } = call;
    const doc = buildDidDocument(
      await publicRecord(services, call.db, params.domain_name),
      services.config.publicBaseUrl,
      BASE_MAINNET_CHAIN_ID,
    );
    const body = JSON.stringify(z.encode(didDocumentResponse, doc));
    return revalidated(request, tagOf(body), { body: doc, headers: CACHE, type: 'application/did+json' });
  },
);

export const getRegistrationFile = defineOperation(
  registrationFileRoute,
  {
    tags: ['discovery'],
    summary: 'ERC-8004 registration file of a registered name',
    params: domainNameParams,
    response: { 200: registrationFileResponse, 304: notModified, ...clientErrors },
  },
  async (call, services) => {
    const { params, headers: request } = call;
    const file = buildRegistrationFile(
      await publicRecord(services, call.db, params.domain_name),
      services.config.publicBaseUrl,
    );
    return revalidated(request, tagOf(JSON.stringify(file)), { body: file, headers: CACHE });
  },
);

export const getSigningKeys = defineOperation(
  jwksRoute,
  { tags: ['discovery'], summary: "The registry's card signing keys", response: { 200: jwksResponse } },
  async (_input, services) => services.cardSigner.jwks,
);

export const identityRoutes = operationsPlugin([
  getAgentCard,
  getRegistryAgentCard,
  getDidDocument,
  getRegistrationFile,
  getSigningKeys,
]);
