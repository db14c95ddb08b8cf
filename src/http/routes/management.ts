import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Domain } from '../../db/entities/index.ts';
import { canActOnDomain, manageableOwnerIds } from '../../auth/domain-access.ts';
import { AppError } from '../../domain/errors.ts';
import { accountPrincipal } from '../auth.ts';
import { parseFullName } from '../domain-name-param.ts';
import { clientErrors } from '../schemas/common.ts';
import { domainNameParams } from '../schemas/discovery.ts';
import { managedDomainResponse, managedListResponse, pagination, userDomainsResponse } from '../schemas/management.ts';

function ownerItem(d: Domain) {
  return {
    id: d.id,
    name: d.name,
    tld: d.namespace.name,
    status: d.status,
    owner_id: d.owner.id,
    expiry_date: d.expiryDate.toISOString(),
  };
}

function managedItem(d: Domain) {
  return {
    ...ownerItem(d),
    registration_date: d.registrationDate.toISOString(),
    squad_id: d.squadId ?? null,
    storefront_id: d.storefrontId ?? null,
  };
}

export const managementRoutes: FastifyPluginAsyncZod = async (app) => {
  const { orm, namespaces } = app.deps;

  app.get(
    '/api/v1/user/domains',
    {
      schema: {
        tags: ['management'],
        summary: 'Domains owned by the signed-in account',
        response: { 200: userDomainsResponse, ...clientErrors },
      },
    },
    async (req) => {
      const owner = accountPrincipal(req).accountId;
      const rows = await orm.em.fork().find(Domain, { owner }, { orderBy: { id: 'asc' } });
      return { status: 'success' as const, data: rows.map(ownerItem) };
    },
  );

  app.get(
    '/api/v1/domains',
    {
      schema: {
        tags: ['management'],
        summary: "The caller's manageable domains: its own, its claimed agents', or an organization's customers'",
        querystring: pagination,
        response: { 200: managedListResponse, ...clientErrors },
      },
    },
    async (req) => {
      const em = orm.em.fork();
      const principal = req.principal!;
      const owners = await manageableOwnerIds(em, principal);
      const where =
        principal.kind === 'org_key' && principal.domainNames
          ? { owner: { $in: owners }, name: { $in: principal.domainNames } }
          : { owner: { $in: owners } };
      const [rows, total] = await em.findAndCount(Domain, where, {
        orderBy: { id: 'asc' },
        limit: req.query.limit,
        offset: req.query.offset,
      });
      const visible =
        principal.kind === 'org_key'
          ? rows.filter((d) => (principal.namespaceOps[d.namespace.name] ?? []).includes('read'))
          : rows;
      return {
        status: 'success' as const,
        data: visible.map(managedItem),
        limit: req.query.limit,
        offset: req.query.offset,
        total,
      };
    },
  );

  app.get(
    '/api/v1/domains/:domain_name',
    {
      schema: {
        tags: ['management'],
        summary: 'Management view of one domain (owner, claiming operator or bound organization only)',
        params: domainNameParams,
        response: { 200: managedDomainResponse, ...clientErrors },
      },
    },
    async (req) => {
      const { name } = parseFullName(namespaces, req.params.domain_name);
      const em = orm.em.fork();
      const d = await em.findOne(Domain, { name });
      if (!d) throw new AppError('domain_not_found', `Domain ${name} is not registered.`);
      const allowed = await canActOnDomain(
        em,
        req.principal!,
        { name: d.name, namespace: d.namespace.name, ownerId: d.owner.id },
        'read',
      );
      if (!allowed) throw new AppError('forbidden', `You do not own or manage ${name}.`);
      return { status: 'success' as const, domain: managedItem(d) };
    },
  );
};
