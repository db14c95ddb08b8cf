import { managedDomainRepository } from '../../db/managed-domain-repository.ts';
import { ownerItem } from '../replies/managed-domain.ts';
import { accountPrincipal } from '../../http/auth.ts';
import { clientErrors } from '../schemas/common.ts';
import { userDomainsResponse } from './domains/managed.schemas.ts';
import { declareRoute } from '../../http/declaration.ts';
import { defineOperation } from '../../http/operations/operation.ts';
import { operationsPlugin } from '../../http/operations/route.ts';

export const listUserDomainsRoute = declareRoute({
  method: 'GET',
  url: '/api/v1/user/domains',
  access: ['bearer', 'dashboard'],
  openapi: {
    operationId: 'listUserDomains',
    description: 'Domains owned by the account behind the bearer token.',
  },
});

export const listUserDomains = defineOperation(
  listUserDomainsRoute,
  {
    tags: ['management'],
    summary: 'Domains owned by the signed-in account',
    response: { 200: userDomainsResponse, ...clientErrors },
  },
  async (call, services) => {
    const rows = await managedDomainRepository(call.db).ownedBy(accountPrincipal(call).accountId);
    return { status: 'success' as const, data: rows.map(ownerItem) };
  },
);

export const userDomainsRoutes = operationsPlugin([listUserDomains]);
