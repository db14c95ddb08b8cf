import { renderActivity, type ActivityData, type ActivityRow } from '../../../pages/dashboard/activity.ts';
import { dashboardRoutes, type PageContext } from '../../dashboard/page.ts';
import { declareRoute, PERSON_PAGE } from '../declaration.ts';
import { pageOf } from './overview.ts';

export const activityPageRoute = declareRoute({ method: 'GET', url: '/dashboard/activity', access: PERSON_PAGE });

const PAGE_SIZE = 50;

async function load(ctx: PageContext): Promise<ActivityData> {
  const page = pageOf(ctx);
  const offset = (page - 1) * PAGE_SIZE;
  const ledger = await ctx.read<{ data: ActivityRow[]; total: number }>(
    `/api/v1/domains/activity?limit=${PAGE_SIZE}&offset=${offset}`,
  );
  return { rows: ledger.data, total: ledger.total, page, hasMore: offset + ledger.data.length < ledger.total };
}

/** The activity page over GET /api/v1/domains/activity (read only: it has no forms). */
export const dashboardActivityRoutes = dashboardRoutes({
  page: activityPageRoute,
  title: () => 'Activity',
  load,
  render: renderActivity,
});
