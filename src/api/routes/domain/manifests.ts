import { z } from 'zod';
import { domainRepository } from '../../../db/domain-repository.ts';
import { buildAgentManifest, renderAgentSkillMd } from '../../../domain/agent-manifest.ts';
import { findNamedDomain } from '../../../http/domain-name-param.ts';
import { revalidated, tagOf } from '../../../http/etag.ts';
import { clientErrors, notModified } from '../../schemas/common.ts';
import { domainNameParams } from '../../schemas/discovery.ts';
import { agentManifest } from './manifests.schemas.ts';
import { declareRoute, PUBLIC } from '../../../http/declaration.ts';
import { defineOperation } from '../../../http/operations/operation.ts';
import { operationsPlugin } from '../../../http/operations/route.ts';

// Public documents behind the lookup's `manifests` links. An owner's edit shows at once: caches must
// revalidate, cheaply, by ETag (etag.ts). nosniff because the skill file carries owner-written text.
const headers = { 'x-content-type-options': 'nosniff' };

export const getAgentManifestRoute = declareRoute({
  method: 'GET',
  url: '/api/v1/domains/:domain_name/agent.json',
  access: PUBLIC,
  openapi: {
    operationId: 'getAgentManifest',
    description: "The domain's agent manifest (JSON), with `for_sale` and `min_offer` as lookup shows them.",
  },
});

export const getAgentSkillRoute = declareRoute({
  method: 'GET',
  url: '/api/v1/domains/:domain_name/skill.md',
  access: PUBLIC,
  openapi: {
    operationId: 'getAgentSkill',
    description: "The domain's agent skill document (markdown).",
  },
});

export const getAgentManifest = defineOperation(
  getAgentManifestRoute,
  {
    tags: ['discovery'],
    summary: 'Agent manifest of a registered domain (JSON)',
    params: domainNameParams,
    response: { 200: agentManifest, 304: notModified, ...clientErrors },
  },
  async (call, services) => {
    const { params, headers: request } = call;
    const repo = domainRepository(call.db);
    const d = await findNamedDomain(services.namespaces, params.domain_name, repo.findPublicByName);
    const body = buildAgentManifest(d, services.config.publicBaseUrl);
    // Tagged by the bytes the serializer sends.
    return revalidated(request, tagOf(JSON.stringify(z.encode(agentManifest, body))), { body, headers });
  },
);

export const getAgentSkill = defineOperation(
  getAgentSkillRoute,
  {
    tags: ['discovery'],
    summary: 'Skill file of a registered domain: markdown for other agents (text/plain)',
    params: domainNameParams,
    response: { 200: z.string().describe('text/plain markdown'), 304: notModified, ...clientErrors },
  },
  async (call, services) => {
    const { params, headers: request } = call;
    const repo = domainRepository(call.db);
    const d = await findNamedDomain(services.namespaces, params.domain_name, repo.findPublicWithSkillByName);
    const md = renderAgentSkillMd(buildAgentManifest(d, services.config.publicBaseUrl), d.skillMd);
    return revalidated(request, tagOf(md), { body: md, headers, type: 'text/plain; charset=utf-8' });
  },
);

export const manifestsRoutes = operationsPlugin([getAgentManifest, getAgentSkill]);
