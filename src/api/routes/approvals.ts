import { accountPrincipal } from '../../http/auth.ts';
import { approvalListQuery, approvalListResponse, approvalParams, approvalResponse } from './approvals.schemas.ts';
import { clientErrors, errorBodySchema } from '../schemas/common.ts';
import { ACCOUNT, DASHBOARD, declareRoute } from '../../http/declaration.ts';
import { defineOperation } from '../../http/operations/operation.ts';
import { operationsPlugin } from '../../http/operations/route.ts';

// Approvals above a spend mandate's threshold (docs/mandates.md "Approvals").

const WHO =
  'Only the person who manages the agent decides (their session or bearer token); the agent itself gets 403 `forbidden`; anyone else 404 `approval_not_found`. Deciding again the same way answers the approval as it stands; the other way, or after its deadline, is 409 `approval_already_decided`.';

export const getApprovalRoute = declareRoute({
  method: 'GET',
  url: '/api/v1/approvals/:approval_id',
  access: ACCOUNT,
  openapi: {
    operationId: 'getApproval',
    description:
      'A purchase waiting for (or decided by) the person who manages the agent: its status (`pending`, `approved`, `refused`, `expired`), the operation, name and amount, when it was asked and decided and by whom, and where its checkout stands (`checkout.stage`: `awaiting_payment` means re-send the request for its 402). For the agent and the person managing it; anyone else 404.',
  },
});
export const listApprovalsRoute = declareRoute({
  method: 'GET',
  url: '/api/v1/approvals',
  access: ACCOUNT,
  openapi: {
    operationId: 'listApprovals',
    description:
      'The pending (first) and recent approvals of every agent you manage, or, with an agent’s key, its own.',
  },
});
export const approveRoute = declareRoute({
  method: 'POST',
  url: '/api/v1/approvals/:approval_id/approve',
  access: DASHBOARD,
  area: 'billing',
  openapi: {
    operationId: 'approveApproval',
    description: `Approves a purchase waiting above the agent’s approval threshold: a gems purchase completes at once; a machine payment’s checkout moves to awaiting_payment (the agent re-sends its request for the 402). ${WHO}`,
  },
});
export const refuseRoute = declareRoute({
  method: 'POST',
  url: '/api/v1/approvals/:approval_id/refuse',
  access: DASHBOARD,
  area: 'billing',
  openapi: {
    operationId: 'refuseApproval',
    description: `Refuses a purchase waiting above the agent’s approval threshold: its checkout ends refused, its reservation released, the name free again; nothing is charged. ${WHO}`,
  },
});

const errors = { 401: errorBodySchema, 403: errorBodySchema, ...clientErrors };

export const getApproval = defineOperation(
  getApprovalRoute,
  {
    tags: ['identity'],
    summary: 'A purchase waiting for the person’s approval',
    params: approvalParams,
    response: { 200: approvalResponse, ...errors },
  },
  async (call, services) => ({
    status: 'success' as const,
    approval: await services.approvals.get(accountPrincipal(call), call.params.approval_id),
  }),
);

export const listApprovals = defineOperation(
  listApprovalsRoute,
  {
    tags: ['identity'],
    summary: 'Pending and recent approvals of the agents you manage',
    querystring: approvalListQuery,
    response: { 200: approvalListResponse, ...errors },
  },
  async (call, services) => ({
    status: 'success' as const,
    data: await services.approvals.list(accountPrincipal(call), call.query),
  }),
);

const decide = (route: typeof approveRoute, decision: 'approved' | 'refused', summary: string) =>
  defineOperation(
    route,
    {
      tags: ['identity'],
      summary,
      params: approvalParams,
      response: { 200: approvalResponse, 409: errorBodySchema, ...errors },
    },
    async (call, services) => ({
      status: 'success' as const,
      approval: await services.approvals.decide(accountPrincipal(call), call.params.approval_id, decision),
    }),
  );

export const approveApproval = decide(approveRoute, 'approved', 'Approve a purchase waiting for you');
export const refuseApproval = decide(refuseRoute, 'refused', 'Refuse a purchase waiting for you');

export const approvalRoutes = operationsPlugin([getApproval, listApprovals, approveApproval, refuseApproval]);
