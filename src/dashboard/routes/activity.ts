import { renderActivity, type ActivityData } from '../views/activity.ts';
import { dashboardRoutes } from '../page.ts';
import { type PageContext } from '../page-definition.ts';
import { declareRoute, PERSON_PAGE } from '../../http/declaration.ts';
import { agentName } from '../views/agents.ts';
import { NAMED_AGENTS, pageOf } from './overview.ts';
import { listActivity } from '../../api/routes/domains/activity.ts';
import { listAudit } from '../../api/routes/audit.ts';
import { listClaimedAgents } from '../../api/routes/agents/agents.ts';

export const activityPageRoute = declareRoute({ method: 'GET', url: '/dashboard/activity', access: PERSON_PAGE });

const PAGE_SIZE = 50;
/** The latest audit events beside the ledger; the whole trail is the API's (GET /api/v1/audit, its export). */
const AUDIT_SHOWN = 20;

async function load(ctx: PageContext): Promise<ActivityData> {
  const page = pageOf(ctx);
  const offset = (page - 1) * PAGE_SIZE;
  // The agents' names beside the ledger, at once: an order of an agent is said to be the agent's.
  const [ledger, agents, audit] = await Promise.all([
    ctx.read(listActivity, { query: { limit: PAGE_SIZE, offset } }),
    ctx.read(listClaimedAgents, { query: { limit: NAMED_AGENTS } }),
    // A member whose role does not read the trail (an operator, billing) sees the rest of the page.
    ctx.call(listAudit, { query: { limit: AUDIT_SHOWN, offset: 0 } }),
  ]);
  const names = Object.fromEntries(agents.data.map((a) => [a.account_id, agentName(a)]));
  return {
    names,
    rows: ledger.data,
    total: ledger.total,
    page,
    hasMore: offset + ledger.data.length < ledger.total,
    audit: audit.ok ? { rows: audit.body.data, total: audit.body.total } : null,
  };
}

/** The activity page over GET /api/v1/domains/activity (read only: it has no forms). */
export const dashboardActivityRoutes = dashboardRoutes({
  page: activityPageRoute,
  title: () => 'Activity',
  load,
  render: renderActivity,
});
