import { accountPrincipal } from '../../../http/auth.ts';
import { parseFullName } from '../../../http/domain-name-param.ts';
import { clientErrors } from '../../schemas/common.ts';
import { domainNameParams } from '../../schemas/discovery.ts';
import { registrationStatusResponse } from '../domains/register.schemas.ts';
import { declareRoute, ACCOUNT } from '../../../http/declaration.ts';
import { defineOperation } from '../../../http/operations/operation.ts';
import { operationsPlugin } from '../../../http/operations/route.ts';

export const getRegistrationProgressRoute = declareRoute({
  method: 'GET',
  url: '/api/v1/domains/:domain_name/registration',
  access: ACCOUNT,
  openapi: {
    operationId: 'getRegistrationProgress',
    description: 'Where your running registration of a name stands.',
  },
});

export const getRegistrationProgress = defineOperation(
  getRegistrationProgressRoute,
  {
    tags: ['registration'],
    summary: 'Where a running registration stands',
    params: domainNameParams,
    response: { 200: registrationStatusResponse, ...clientErrors },
  },
  async (call, services) => {
    const { name } = parseFullName(services.namespaces, call.params.domain_name);
    const p = await services.registration.progress(name, accountPrincipal(call));
    return {
      status: 'success' as const,
      domain: name,
      workflow_id: p.workflowId,
      stage: p.stage,
      session_id: p.input.sessionId,
      payment_method: p.input.method,
      expires_at: new Date(p.input.expiresAtMs).toISOString(),
    };
  },
);

export const registrationProgressRoutes = operationsPlugin([getRegistrationProgress]);
