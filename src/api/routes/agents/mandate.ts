import type { EntityManager } from '@mikro-orm/postgresql';
import { mandateService } from '../../../mandates/service.ts';
import { accountPrincipal } from '../../../http/auth.ts';
import { clientErrors, errorBodySchema, paged } from '../../schemas/common.ts';
import { pagination } from '../domains/managed.schemas.ts';
import {
  agentParams,
  mandateBody,
  mandateDeletedResponse,
  mandateHistoryResponse,
  mandateResponse,
} from './mandate.schemas.ts';
import { ACCOUNT, DASHBOARD, declareRoute } from '../../../http/declaration.ts';
import { defineOperation } from '../../../http/operations/operation.ts';
import type { Services } from '../../../http/operations/services.ts';
import { operationsPlugin } from '../../../http/operations/route.ts';

const WHO =
  'Only the person who claimed the agent (their session or bearer token) changes it; the agent itself gets 403 `forbidden`; an agent you do not manage: 404 `account_not_found`.';

export const setMandateRoute = declareRoute({
  method: 'PUT',
  url: '/api/v1/agents/:agent_id/mandate',
  access: DASHBOARD,
  area: 'billing',
  openapi: {
    operationId: 'setMandate',
    description: `Sets the spend mandate of an agent you claimed (docs/mandates.md), replacing the whole of it: a per-operation cap, rolling per-day and per-30-days budgets (each in USD and/or gems: every spend is valued in both at the fixed gem rate), the operations and namespaces it may pay for, and an approval threshold (a purchase above it waits for your approval: \`GET /api/v1/approvals\`). What is absent is not limited. Spends already reserved keep their reservation; the new limits apply to the next. Every change is recorded (\`GET …/mandate/history\`). \`allowed_namespaces\` names namespaces exactly as the catalog spells them (\`agent\`, not \`AGENT\` or \`.agent\`): one that does not exist is 400 \`unknown_namespace\` (\`details.namespaces\`, \`details.known\`) and nothing changes. ${WHO}`,
    responses: {
      '400':
        'Bad input, nothing changed: `validation_failed` (`details.issues`), or `unknown_namespace` when `allowed_namespaces` names a namespace that does not exist (`details.namespaces`: those; `details.known`: the namespaces there are)',
    },
  },
});

export const getMandateRoute = declareRoute({
  method: 'GET',
  url: '/api/v1/agents/:agent_id/mandate',
  access: ACCOUNT,
  openapi: {
    operationId: 'getMandate',
    description:
      'The spend mandate of an agent, with what remains of its rolling budgets and when they refill: for the person who claimed it and for the agent itself. No mandate: 404 `mandate_not_found` (nothing it spends is limited).',
  },
});

export const deleteMandateRoute = declareRoute({
  method: 'DELETE',
  url: '/api/v1/agents/:agent_id/mandate',
  access: DASHBOARD,
  area: 'billing',
  openapi: {
    operationId: 'deleteMandate',
    description: `Removes an agent's spend mandate: it spends as if it never had one (recorded in the history). ${WHO}`,
  },
});

export const mandateHistoryRoute = declareRoute({
  method: 'GET',
  url: '/api/v1/agents/:agent_id/mandate/history',
  access: ACCOUNT,
  openapi: {
    operationId: 'getMandateHistory',
    description:
      'Every change to an agent’s spend mandate, newest first: who changed it, when, and the mandate before and after (null: none). For the person who claimed it and for the agent itself.',
  },
});

const service = (services: Services, db: EntityManager) => mandateService(db, services.namespaces.names);
const errors = { 401: errorBodySchema, 403: errorBodySchema, ...clientErrors };

export const setMandate = defineOperation(
  setMandateRoute,
  {
    tags: ['identity'],
    summary: 'Set the spend mandate of an agent you claimed',
    params: agentParams,
    body: mandateBody,
    response: { 200: mandateResponse, ...errors },
  },
  async (call, services) => ({
    status: 'success' as const,
    mandate: await service(services, call.db).set(accountPrincipal(call), call.params.agent_id, call.body),
  }),
);

export const getMandate = defineOperation(
  getMandateRoute,
  {
    tags: ['identity'],
    summary: 'An agent’s spend mandate and what remains of its budgets',
    params: agentParams,
    response: { 200: mandateResponse, ...errors },
  },
  async (call, services) => ({
    status: 'success' as const,
    mandate: await service(services, call.db).get(accountPrincipal(call), call.params.agent_id),
  }),
);

export const deleteMandate = defineOperation(
  deleteMandateRoute,
  {
    tags: ['identity'],
    summary: 'Remove the spend mandate of an agent you claimed',
    params: agentParams,
    response: { 200: mandateDeletedResponse, ...errors },
  },
  async (call, services) => {
    await service(services, call.db).remove(accountPrincipal(call), call.params.agent_id);
    return { status: 'success' as const, message: 'The mandate is removed: nothing the agent spends is limited.' };
  },
);

export const getMandateHistory = defineOperation(
  mandateHistoryRoute,
  {
    tags: ['identity'],
    summary: 'Every change to an agent’s spend mandate',
    params: agentParams,
    querystring: pagination,
    response: { 200: mandateHistoryResponse, ...errors },
  },
  async (call, services) => {
    const { limit, offset } = call.query;
    const page = await service(services, call.db).history(accountPrincipal(call), call.params.agent_id, {
      limit,
      offset,
    });
    return paged(page, { limit, offset }, (r) => ({
      changed_by: r.changedBy,
      changed_at: r.changedAt.toISOString(),
      before: r.before,
      after: r.after,
    }));
  },
);

export const mandateRoutes = operationsPlugin([setMandate, getMandate, deleteMandate, getMandateHistory]);
