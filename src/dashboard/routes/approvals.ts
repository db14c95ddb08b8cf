import { z } from 'zod';
import { renderApprovals, type ApprovalsData } from '../views/approvals.ts';
import { agentName } from '../views/agents.ts';
import { dashboardRoutes } from '../page.ts';
import { action, pageRoutes, request, type PageContext } from '../page-definition.ts';
import { listClaimedAgents } from '../../api/routes/agents/agents.ts';
import { approveApproval, listApprovals, refuseApproval } from '../../api/routes/approvals.ts';
import type { Outcome } from '../../http/operations/invoke.ts';

export const { page: approvalsPageRoute, post: approvalsActionRoute } = pageRoutes('/dashboard/approvals');

/** How many approvals the page lists (pending first). */
const LISTED = 50;

async function load(ctx: PageContext): Promise<ApprovalsData> {
  const [listed, agents] = await Promise.all([
    ctx.read(listApprovals, { query: { limit: LISTED } }),
    ctx.read(listClaimedAgents, { query: { limit: 100 } }),
  ]);
  return {
    approvals: listed.data,
    agentNames: Object.fromEntries(agents.data.map((a) => [a.account_id, agentName(a)])),
  };
}

const said = (answer: Outcome, fallback: string): string => {
  const b = (answer.body ?? {}) as { message?: unknown; approval?: { message?: unknown } };
  const m = b.approval?.message ?? b.message;
  return typeof m === 'string' ? m : fallback;
};

/**
 * Approvals (docs/mandates.md) over GET /api/v1/approvals and POST /api/v1/approvals/{approval_id}/approve
 * and …/refuse.
 */
export const dashboardApprovalRoutes = dashboardRoutes({
  page: approvalsPageRoute,
  post: approvalsActionRoute,
  title: () => 'Approvals',
  load,
  render: renderApprovals,
  actions: {
    approve: action({
      fields: z.object({ target: z.uuid() }),
      call: (f) => request(approveApproval, { params: { approval_id: f.target } }),
      done: (_f, answer) => ({ notice: said(answer, 'Approved: the purchase is being completed.') }),
    }),
    refuse: action({
      fields: z.object({ target: z.uuid() }),
      call: (f) => request(refuseApproval, { params: { approval_id: f.target } }),
      done: (_f, answer) => ({ notice: said(answer, 'Refused: nothing was charged.') }),
    }),
  },
});
