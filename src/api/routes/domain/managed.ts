import { canActOnDomain } from '../../../auth/domain-access.ts';
import { managedDomainRepository } from '../../../db/managed-domain-repository.ts';
import { AppError } from '../../../domain/errors.ts';
import { managedItem } from '../../replies/managed-domain.ts';
import { findNamedDomain } from '../../../http/domain-name-param.ts';
import { clientErrors } from '../../schemas/common.ts';
import { domainNameParams } from '../../schemas/discovery.ts';
import { managedDomainResponse } from '../domains/managed.schemas.ts';
import { declareRoute, MANAGEMENT } from '../../../http/declaration.ts';
import { defineOperation } from '../../../http/operations/operation.ts';
import { operationsPlugin } from '../../../http/operations/route.ts';

export const getManagedDomainRoute = declareRoute({
  method: 'GET',
  url: '/api/v1/domains/:domain_name',
  access: MANAGEMENT,
  openapi: {
    operationId: 'getManagedDomain',
    description: 'The management view of one domain the caller owns or manages.',
  },
});

export const getManagedDomain = defineOperation(
  getManagedDomainRoute,
  {
    tags: ['management'],
    summary: 'Management view of one domain (owner, claiming operator or bound organization only)',
    params: domainNameParams,
    response: { 200: managedDomainResponse, ...clientErrors },
  },
  async (call, services) => {
    const { params, principal } = call;
    const em = call.db;
    const d = await findNamedDomain(services.namespaces, params.domain_name, managedDomainRepository(em).findByName);
    if (!(await canActOnDomain(em, principal!, d, 'read')))
      throw new AppError('forbidden', `You do not own or manage ${d.name}.`);
    return { status: 'success' as const, domain: managedItem(d) };
  },
);

export const managedDomainRoutes = operationsPlugin([getManagedDomain]);
