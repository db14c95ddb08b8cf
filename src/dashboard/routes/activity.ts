import { z } from 'zod';
import { renderActivity, type ActivityData } from '../views/activity.ts';
import { dashboardRoutes } from '../page.ts';
import { request, type PageContext } from '../page-definition.ts';
import { declareRoute, PERSON_PAGE } from '../../http/declaration.ts';
import { AppError } from '../../domain/errors.ts';
import { agentName } from '../views/agents.ts';
import { NAMED_AGENTS, pageOf } from './overview.ts';
import { listActivity } from '../../api/routes/domains/activity.ts';
import { exportAudit, listAudit } from '../../api/routes/audit.ts';
import { listClaimedAgents } from '../../api/routes/agents/agents.ts';
import { getTeam } from '../../api/routes/teams.ts';

export const activityPageRoute = declareRoute({ method: 'GET', url: '/dashboard/activity', access: PERSON_PAGE });
/** The audit trail of a range of days as JSON Lines: the API's export, with the person's session. */
export const activityExportRoute = declareRoute({
  method: 'GET',
  url: '/dashboard/activity/export',
  access: PERSON_PAGE,
});

const PAGE_SIZE = 50;
/** The audit trail beside the ledger, paged on its own (`audit_page`). */
const AUDIT_PAGE_SIZE = 20;

const day = z.iso.date();

async function load(ctx: PageContext): Promise<ActivityData> {
  const page = pageOf(ctx);
  const offset = (page - 1) * PAGE_SIZE;
  const auditPage = pageOf(ctx, 'audit_page');
  const auditOffset = (auditPage - 1) * AUDIT_PAGE_SIZE;
  const team = ctx.person.member ? ctx.person.accountId : null;
  // The agents' names beside the ledger, at once: an order of an agent is said to be the agent's.
  const [ledger, agents, audit, members] = await Promise.all([
    ctx.read(listActivity, { query: { limit: PAGE_SIZE, offset } }),
    ctx.read(listClaimedAgents, { query: { limit: NAMED_AGENTS } }),
    // A member whose role does not read the trail (an operator, billing) sees the rest of the page.
    ctx.call(listAudit, { query: { limit: AUDIT_PAGE_SIZE, offset: auditOffset } }),
    // Acting for a team: its members by name, so the trail says who did what.
    team ? ctx.call(getTeam, { params: { team_id: team } }) : null,
  ]);
  const names = Object.fromEntries(agents.data.map((a) => [a.account_id, agentName(a)]));
  return {
    names,
    members: Object.fromEntries(
      (members?.ok ? members.body.members : []).map((m) => [m.account_id, m.display_name ?? m.account_id.slice(0, 8)]),
    ),
    rows: ledger.data,
    total: ledger.total,
    page,
    hasMore: offset + ledger.data.length < ledger.total,
    audit: audit.ok
      ? {
          rows: audit.body.data,
          total: audit.body.total,
          page: auditPage,
          hasMore: auditOffset + audit.body.data.length < audit.body.total,
        }
      : null,
  };
}

/** The export's range from the form's two days (whole days, UTC; `to` included). */
function exportRange(ctx: PageContext) {
  const from = day.safeParse(ctx.query.from);
  const to = day.safeParse(ctx.query.to);
  if (!from.success || !to.success)
    throw new AppError('validation_failed', 'Give the first and the last day of the export (YYYY-MM-DD).');
  if (to.data < from.data)
    throw new AppError(
      'validation_failed',
      `The last day (${to.data}) comes before the first (${from.data}): swap them.`,
    );
  const end = new Date(`${to.data}T00:00:00.000Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  return { from: `${from.data}T00:00:00.000Z`, to: end.toISOString() };
}

/** The activity page over GET /api/v1/domains/activity and the audit trail (read only: it has no forms). */
export const dashboardActivityRoutes = dashboardRoutes({
  page: activityPageRoute,
  title: () => 'Activity',
  load,
  render: renderActivity,
  download: { route: activityExportRoute, call: (ctx) => request(exportAudit, { query: exportRange(ctx) }) },
});
