import { z } from 'zod';
import {
  marketPages,
  renderMarket,
  type ListPage,
  type ListingRow,
  type MarketData,
  type OfferRow,
  type SaleRow,
} from '../../../pages/dashboard/market.ts';
import { action, dashboardRoutes, type PageContext } from '../../dashboard/page.ts';
import { declareRoute, PERSON_PAGE } from '../declaration.ts';

export const marketPageRoute = declareRoute({ method: 'GET', url: '/dashboard/market', access: PERSON_PAGE });
export const marketActionRoute = declareRoute({ method: 'POST', url: '/dashboard/market', access: PERSON_PAGE });

/** Rows per page of each list. */
const PAGE_SIZE = 20;
/** The highest page number a link may ask for (offset within the API's range). */
const MAX_PAGE = 10_000;

/** The page number in `?<param>=`: a positive integer, else the first page. */
function pageNumber(ctx: PageContext, param: string): number {
  const raw = ctx.query[param];
  const n = typeof raw === 'string' && /^\d{1,5}$/.test(raw) ? Number(raw) : 1;
  return Math.min(Math.max(n, 1), MAX_PAGE);
}

/** One page of a paged API list (limit/offset), read as the person. */
async function listPage<T>(ctx: PageContext, url: string, param: string): Promise<ListPage<T>> {
  const page = pageNumber(ctx, param);
  const offset = (page - 1) * PAGE_SIZE;
  const sep = url.includes('?') ? '&' : '?';
  const body = await ctx.read<{ data: T[]; total: number }>(`${url}${sep}limit=${PAGE_SIZE}&offset=${offset}`);
  return { rows: body.data, page, hasMore: offset + body.data.length < body.total };
}

/**
 * The market page over the market's operations: the person's listings (GET /api/v1/domains/listings,
 * DELETE …/{domain}/listing), the offers they made (GET /api/v1/domains/offers?direction=outgoing,
 * POST …/offers/{id}/withdraw), their sales and payouts (GET /api/v1/domains/sales) and the payout
 * address (GET /api/v1/agents/me, PUT /api/v1/agents/me/payout-address).
 */
export const dashboardMarketRoutes = dashboardRoutes<MarketData>({
  page: marketPageRoute,
  post: marketActionRoute,
  title: () => 'Market',
  load: async (ctx) => {
    const [me, listings, offers, sales] = await Promise.all([
      ctx.read<{ account: { payout_address: string | null } }>('/api/v1/agents/me'),
      listPage<ListingRow>(ctx, '/api/v1/domains/listings', marketPages.listings),
      listPage<OfferRow>(ctx, '/api/v1/domains/offers?direction=outgoing', marketPages.offers),
      listPage<SaleRow>(ctx, '/api/v1/domains/sales', marketPages.sales),
    ]);
    return { payoutAddress: me.account.payout_address, listings, offers, sales };
  },
  render: renderMarket,
  actions: {
    withdraw_listing: action({
      fields: z.object({ target: z.string().min(1).max(300) }),
      call: (f) => ({ method: 'DELETE', url: `/api/v1/domains/${encodeURIComponent(f.target)}/listing` }),
      done: (f) => ({ notice: `${f.target} is no longer for sale.` }),
    }),
    withdraw_offer: action({
      fields: z.object({ target: z.string().min(1).max(64) }),
      call: (f) => ({ method: 'POST', url: `/api/v1/domains/offers/${encodeURIComponent(f.target)}/withdraw` }),
      done: (_f, answer) => {
        const offer = (answer.body as { offer?: { domain?: string } } | null)?.offer;
        return {
          notice: `Your offer${offer?.domain ? ` on ${offer.domain}` : ''} is withdrawn; a gems offer’s escrow is back in your balance.`,
        };
      },
    }),
    set_payout_address: action({
      fields: z.object({ address: z.string().trim().max(100) }),
      call: (f) => ({
        method: 'PUT',
        url: '/api/v1/agents/me/payout-address',
        body: { address: f.address === '' ? null : f.address },
      }),
      done: (f) => ({
        notice: f.address
          ? 'Payout address saved: later pathUSD sales are paid there, and held proceeds are being paid out.'
          : 'Payout address cleared: pathUSD proceeds are held until you set one.',
      }),
    }),
  },
});
