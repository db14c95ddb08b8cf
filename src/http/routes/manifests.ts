import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { domainRepository } from '../../db/domain-repository.ts';
import { buildAgentManifest, renderAgentSkillMd } from '../../domain/agent-manifest.ts';
import { findNamedDomain } from '../domain-name-param.ts';
import { clientErrors } from '../schemas/common.ts';
import { domainNameParams } from '../schemas/discovery.ts';
import { agentManifest } from '../schemas/manifests.ts';

// Public documents behind the lookup's `manifests` links. Short shared caching: a transfer or a profile
// change shows within a minute. nosniff because the skill file carries owner-written text.
const headers = { 'cache-control': 'public, max-age=60', 'x-content-type-options': 'nosniff' };

export const manifestsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { namespaces, orm, config } = app.deps;

  async function manifestFor(raw: string) {
    const d = await findNamedDomain(namespaces, raw, domainRepository(orm.em.fork()).findPublicByName);
    return buildAgentManifest(d, config.publicBaseUrl);
  }

  app.get(
    '/api/v1/domains/:domain_name/agent.json',
    {
      schema: {
        tags: ['discovery'],
        summary: 'Agent manifest of a registered domain (JSON)',
        params: domainNameParams,
        response: { 200: agentManifest, ...clientErrors },
      },
    },
    async (req, reply) => {
      const manifest = await manifestFor(req.params.domain_name);
      reply.headers(headers);
      return manifest;
    },
  );

  app.get(
    '/api/v1/domains/:domain_name/skill.md',
    {
      schema: {
        tags: ['discovery'],
        summary: 'Skill file of a registered domain: markdown for other agents (text/plain)',
        params: domainNameParams,
        response: { 200: z.string().describe('text/plain markdown'), ...clientErrors },
      },
    },
    async (req, reply) => {
      const manifest = await manifestFor(req.params.domain_name);
      return reply.type('text/plain; charset=utf-8').headers(headers).send(renderAgentSkillMd(manifest));
    },
  );
};
