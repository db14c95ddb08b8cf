import { z } from 'zod';
import {
  renderOverview,
  type CheckoutRow,
  type DomainRow,
  type OverviewData,
} from '../../../pages/dashboard/overview.ts';
import { action, dashboardRoutes, type PageContext } from '../../dashboard/page.ts';
import { declareRoute, PERSON_PAGE } from '../declaration.ts';
import { agentName, type AgentRow } from '../../../pages/dashboard/agents.ts';

export const overviewPageRoute = declareRoute({ method: 'GET', url: '/dashboard', access: PERSON_PAGE });
export const overviewActionRoute = declareRoute({ method: 'POST', url: '/dashboard', access: PERSON_PAGE });

const PAGE_SIZE = 50;
/** Owners named on the page: the person and up to this many claimed agents (others show their id). */
const NAMED_AGENTS = 200;

interface Paged<T> {
  data: T[];
  total: number;
}

/** The page number asked for (`?page=`), 1 when absent or not a positive whole number. */
export function pageOf(ctx: PageContext): number {
  const n = Number(ctx.query.page);
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
}

async function load(ctx: PageContext): Promise<OverviewData> {
  const page = pageOf(ctx);
  const offset = (page - 1) * PAGE_SIZE;
  const [balance, domains, soon, checkouts, agents] = await Promise.all([
    ctx.read<{ gems_balance: number }>('/api/v1/agents/me/balance'),
    ctx.read<Paged<DomainRow>>(`/api/v1/domains?sort=expiry&limit=${PAGE_SIZE}&offset=${offset}`),
    ctx.read<Paged<DomainRow>>('/api/v1/domains?expires_within_days=30&limit=1'),
    ctx.read<Paged<CheckoutRow>>('/api/v1/checkouts?limit=20'),
    ctx.read<Paged<AgentRow>>(`/api/v1/agents?limit=${NAMED_AGENTS}`),
  ]);
  const owners: Record<string, string> = { [ctx.person.accountId]: 'You' };
  for (const a of agents.data) owners[a.account_id] = agentName(a);
  return {
    now: Date.now(),
    balance: balance.gems_balance,
    owners,
    domains: { rows: domains.data, total: domains.total, page, hasMore: offset + domains.data.length < domains.total },
    expiringSoon: soon.total,
    checkouts: { rows: checkouts.data, total: checkouts.total },
  };
}

/**
 * The overview over GET /api/v1/agents/me/balance, /api/v1/domains, /api/v1/checkouts and
 * /api/v1/agents; cancelling a checkout is POST /api/v1/domains/{name}/reset-lock.
 */
export const dashboardOverviewRoutes = dashboardRoutes({
  page: overviewPageRoute,
  post: overviewActionRoute,
  title: () => 'Overview',
  load,
  render: renderOverview,
  actions: {
    cancel_checkout: action({
      fields: z.object({ target: z.string().min(1).max(253) }),
      call: (f) => ({ method: 'POST', url: `/api/v1/domains/${encodeURIComponent(f.target)}/reset-lock` }),
      done: (f) => ({ notice: `The checkout for ${f.target} is cancelled; the name is free again.` }),
    }),
  },
});
