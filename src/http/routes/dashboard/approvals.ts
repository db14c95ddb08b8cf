import { z } from 'zod';
import { AppError } from '../../../domain/errors.ts';
import { renderApprovals, type ApprovalRow, type ApprovalsData } from '../../../pages/dashboard/approvals.ts';
import type { AgentRow } from '../../../pages/dashboard/agents.ts';
import { agentName } from '../../../pages/dashboard/agents.ts';
import type { ApiAnswer } from '../../dashboard/api-call.ts';
import { action, dashboardRoutes, type PageContext } from '../../dashboard/page.ts';
import { declareRoute, PERSON_PAGE } from '../declaration.ts';

export const approvalsPageRoute = declareRoute({ method: 'GET', url: '/dashboard/approvals', access: PERSON_PAGE });
export const approvalsActionRoute = declareRoute({ method: 'POST', url: '/dashboard/approvals', access: PERSON_PAGE });

/** How many approvals the page lists (pending first). */
const LISTED = 50;

/** The approvals of an answer of GET /api/v1/approvals. */
export const approvalsOf = (body: unknown): ApprovalRow[] => {
  const b = (body ?? {}) as { data?: unknown; approvals?: unknown };
  const list = Array.isArray(b.data) ? b.data : Array.isArray(b.approvals) ? b.approvals : [];
  return list as ApprovalRow[];
};

async function load(ctx: PageContext): Promise<ApprovalsData> {
  const [listed, agents] = await Promise.all([
    ctx.api({ method: 'GET', url: `/api/v1/approvals?limit=${LISTED}` }),
    ctx.read<{ data: AgentRow[] }>('/api/v1/agents?limit=100'),
  ]);
  // A registry without the approval flow has no such operation (404): the page says so.
  if (listed.status === 404) return { approvals: [], agentNames: {}, unavailable: true };
  if (listed.status !== 200)
    throw new AppError('not_ready', 'The approvals could not be read just now; try again in a moment.');
  return {
    approvals: approvalsOf(listed.body),
    agentNames: Object.fromEntries(agents.data.map((a) => [a.account_id, agentName(a)])),
  };
}

const said = (answer: ApiAnswer, fallback: string): string => {
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
      call: (f) => ({ method: 'POST', url: `/api/v1/approvals/${f.target}/approve` }),
      done: (_f, answer) => ({ notice: said(answer, 'Approved: the purchase is being completed.') }),
    }),
    refuse: action({
      fields: z.object({ target: z.uuid() }),
      call: (f) => ({ method: 'POST', url: `/api/v1/approvals/${f.target}/refuse` }),
      done: (_f, answer) => ({ notice: said(answer, 'Refused: nothing was charged.') }),
    }),
  },
});
