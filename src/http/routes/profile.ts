import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Principal } from '../../auth/principal.ts';
import { manifestUrls } from '../../domain/manifests.ts';
import { boundCatalog, type ProfileChange } from '../../domain/profile.ts';
import { editProfile, type ProfileEdit } from '../../services/profile.ts';
import { parseFullName } from '../domain-name-param.ts';
import { clientErrors, errorBodySchema } from '../schemas/common.ts';
import { domainNameParams } from '../schemas/discovery.ts';
import {
  profilePatchBody,
  profileResponse,
  skillMdBody,
  skillMdResponse,
  storefrontBody,
  storefrontResponse,
} from '../schemas/profile.ts';

// What the owner of a domain (or its manager) publishes about it: docs/api.md "Profiles". Every route is one
// call of editProfile, which writes the change and its `profile.updated` event in one transaction.

const errors = { ...clientErrors, 403: errorBodySchema };
const result = (e: ProfileEdit) => ({
  status: 'success' as const,
  domain: e.name,
  updated_fields: e.updatedFields,
  updated_at: e.updatedAt?.toISOString() ?? null,
});

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { orm, namespaces, config } = app.deps;
  const edit = (req: { principal: Principal | null; params: { domain_name: string } }, change: ProfileChange) =>
    editProfile(orm.em.fork(), req.principal!, parseFullName(namespaces, req.params.domain_name).name, change);
  const storefront = (e: ProfileEdit) => ({
    ...result(e),
    is_bound: e.state.storefrontId !== null,
    storefront_id: e.state.storefrontId,
  });
  const skillFile = (e: ProfileEdit) => ({
    ...result(e),
    skill_md: manifestUrls(config.publicBaseUrl, e.name).skill_md,
  });

  // The skill text is a document of its own: sent as it is, not wrapped in JSON.
  app.addContentTypeParser('text/markdown', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  app.patch(
    '/api/v1/domains/:domain_name/profile',
    {
      schema: {
        tags: ['profile'],
        summary: 'Change profile fields, capabilities and squad of a domain you own or manage',
        params: domainNameParams,
        body: profilePatchBody,
        response: { 200: profileResponse, ...errors },
      },
    },
    async (req) => {
      const e = await edit(req, req.body);
      const { profile, capabilities, squadId } = e.state;
      return { ...result(e), profile, capabilities_preview: capabilities, squad_id: squadId };
    },
  );

  app.put(
    '/api/v1/domains/:domain_name/skill.md',
    {
      schema: {
        tags: ['profile'],
        summary: "Publish the owner's skill text (text/markdown) in the domain's skill.md",
        consumes: ['text/markdown', 'text/plain'],
        params: domainNameParams,
        body: skillMdBody,
        response: { 200: skillMdResponse, ...errors },
      },
    },
    async (req) => skillFile(await edit(req, { skill_md: req.body })),
  );

  app.delete(
    '/api/v1/domains/:domain_name/skill.md',
    {
      schema: {
        tags: ['profile'],
        summary: "Remove the owner's skill text from the domain's skill.md",
        params: domainNameParams,
        response: { 200: skillMdResponse, ...errors },
      },
    },
    async (req) => skillFile(await edit(req, { skill_md: null })),
  );

  app.put(
    '/api/v1/domains/:domain_name/storefront',
    {
      schema: {
        tags: ['profile'],
        summary: 'Bind the domain to a storefront (one storefront per domain, one domain per storefront)',
        params: domainNameParams,
        body: storefrontBody,
        response: { 200: storefrontResponse, ...errors, 409: errorBodySchema },
      },
    },
    async (req) => storefront(await edit(req, { commerce_catalog: boundCatalog(req.body) })),
  );

  app.delete(
    '/api/v1/domains/:domain_name/storefront',
    {
      schema: {
        tags: ['profile'],
        summary: 'Unbind the domain from its storefront',
        params: domainNameParams,
        response: { 200: storefrontResponse, ...errors },
      },
    },
    async (req) => storefront(await edit(req, { commerce_catalog: null })),
  );
};
