import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyPluginAsync } from 'fastify';
import type { Principal } from '../../../auth/principal.ts';
import { manifestUrls } from '../../../domain/manifests.ts';
import { boundCatalog, type ProfileChange } from '../../../domain/profile.ts';
import { editProfile, type ProfileEdit } from '../../../management/profile.ts';
import { parseFullName } from '../../../http/domain-name-param.ts';
import { clientErrors, errorBodySchema } from '../../schemas/common.ts';
import { domainNameParams } from '../../schemas/discovery.ts';
import {
  profilePatchBody,
  profileResponse,
  skillMdBody,
  skillMdResponse,
  storefrontBody,
  storefrontResponse,
} from './profile.schemas.ts';
import { declareRoute, MANAGEMENT } from '../../../http/declaration.ts';
import { defineOperation, type Operation } from '../../../http/operations/operation.ts';
import type { Services } from '../../../http/operations/services.ts';
import { operationRoute } from '../../../http/operations/route.ts';

// What the owner of a domain (or its manager) publishes about it: docs/api.md "Profiles". Every route is one
// call of editProfile, which writes the change and its `profile.updated` event in one transaction.

const errors = { ...clientErrors, 403: errorBodySchema };
const result = (e: ProfileEdit) => ({
  status: 'success' as const,
  domain: e.name,
  updated_fields: e.updatedFields,
  updated_at: e.updatedAt?.toISOString() ?? null,
});

export const updateProfileRoute = declareRoute({
  method: 'PATCH',
  url: '/api/v1/domains/:domain_name/profile',
  idempotent: true,
  access: MANAGEMENT,
  area: 'names',
  openapi: {
    operationId: 'updateProfile',
    description:
      'Changes what the domain publishes: the profile fields (`display_name`, `description`, `endpoints`, `avatar_url`, `website`, `did`, `matrix`), `capabilities_preview` and `squad_id`. Each field sent replaces that field, `null` removes it, fields not sent stay; an unknown field is a 400. Lookup, agent.json and skill.md show the change at once. A change writes one `profile.updated` event naming the fields that changed; a request that changes nothing writes nothing (`updated_fields: []`). Owner, claiming operator, or an organization credential with the `profile` operation.',
  },
});

export const putOwnerSkillRoute = declareRoute({
  method: 'PUT',
  url: '/api/v1/domains/:domain_name/skill.md',
  idempotent: true,
  access: MANAGEMENT,
  area: 'names',
  openapi: {
    operationId: 'putOwnerSkill',
    description:
      "Publishes the owner's skill text: the body is the markdown itself (`Content-Type: text/markdown` or `text/plain`), at most 16,000 characters. The domain's skill.md shows it, quoted, in a section marked as published by the owner and unverified.",
  },
});

export const deleteOwnerSkillRoute = declareRoute({
  method: 'DELETE',
  url: '/api/v1/domains/:domain_name/skill.md',
  access: MANAGEMENT,
  area: 'names',
  openapi: {
    operationId: 'deleteOwnerSkill',
    description: "Removes the owner's skill text; skill.md shows only what the registry knows.",
  },
});

export const bindStorefrontRoute = declareRoute({
  method: 'PUT',
  url: '/api/v1/domains/:domain_name/storefront',
  access: MANAGEMENT,
  area: 'names',
  openapi: {
    operationId: 'bindStorefront',
    description:
      'Binds the domain to a storefront: `profile.commerce_catalog` and shop-status show it. A domain has at most one storefront (binding another replaces it) and a storefront at most one domain: one bound elsewhere is 409 `storefront_taken`.',
    responses: { '409': '`storefront_taken`: the storefront is bound to another domain; unbind it there first' },
  },
});

export const unbindStorefrontRoute = declareRoute({
  method: 'DELETE',
  url: '/api/v1/domains/:domain_name/storefront',
  access: MANAGEMENT,
  area: 'names',
  openapi: {
    operationId: 'unbindStorefront',
    description: 'Unbinds the domain from its storefront (nothing to do when none is bound).',
  },
});

const edit = (
  services: Services,
  call: { principal: Principal | null; params: { domain_name: string }; db: EntityManager },
  change: ProfileChange,
) => editProfile(call.db, call.principal!, parseFullName(services.namespaces, call.params.domain_name).name, change);
const storefront = (e: ProfileEdit) => ({
  ...result(e),
  is_bound: e.state.storefrontId !== null,
  storefront_id: e.state.storefrontId,
});
const skillFile = (services: Services, e: ProfileEdit) => ({
  ...result(e),
  skill_md: manifestUrls(services.config.publicBaseUrl, e.name).skill_md,
});

export const updateProfile = defineOperation(
  updateProfileRoute,
  {
    tags: ['profile'],
    summary: 'Change profile fields, capabilities and squad of a domain you own or manage',
    params: domainNameParams,
    body: profilePatchBody,
    response: { 200: profileResponse, ...errors },
  },
  async (call, services) => {
    const e = await edit(services, call, call.body);
    const { profile, capabilities, squadId } = e.state;
    return { ...result(e), profile, capabilities_preview: capabilities, squad_id: squadId };
  },
);

export const putOwnerSkill = defineOperation(
  putOwnerSkillRoute,
  {
    tags: ['profile'],
    summary: "Publish the owner's skill text (text/markdown) in the domain's skill.md",
    consumes: ['text/markdown', 'text/plain'],
    params: domainNameParams,
    body: skillMdBody,
    response: { 200: skillMdResponse, ...errors },
  },
  async (call, services) => skillFile(services, await edit(services, call, { skill_md: call.body })),
);

export const deleteOwnerSkill = defineOperation(
  deleteOwnerSkillRoute,
  {
    tags: ['profile'],
    summary: "Remove the owner's skill text from the domain's skill.md",
    params: domainNameParams,
    response: { 200: skillMdResponse, ...errors },
  },
  async (call, services) => skillFile(services, await edit(services, call, { skill_md: null })),
);

export const bindStorefront = defineOperation(
  bindStorefrontRoute,
  {
    tags: ['profile'],
    summary: 'Bind the domain to a storefront (one storefront per domain, one domain per storefront)',
    params: domainNameParams,
    body: storefrontBody,
    response: { 200: storefrontResponse, ...errors, 409: errorBodySchema },
  },
  async (call, services) => storefront(await edit(services, call, { commerce_catalog: boundCatalog(call.body) })),
);

export const unbindStorefront = defineOperation(
  unbindStorefrontRoute,
  {
    tags: ['profile'],
    summary: 'Unbind the domain from its storefront',
    params: domainNameParams,
    response: { 200: storefrontResponse, ...errors },
  },
  async (call, services) => storefront(await edit(services, call, { commerce_catalog: null })),
);

export const profileRoutes: FastifyPluginAsync = async (app) => {
  // The skill text is a document of its own: sent as it is, not wrapped in JSON.
  app.addContentTypeParser('text/markdown', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  const ops: readonly Operation[] = [updateProfile, putOwnerSkill, deleteOwnerSkill, bindStorefront, unbindStorefront];
  for (const op of ops) app.route(operationRoute(app, op));
};
