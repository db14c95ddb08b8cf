import { z } from 'zod';
import { marketPages, renderMarket, type ListPage, type MarketData } from '../views/market.ts';
import { dashboardRoutes } from '../page.ts';
import { action, answered, pageRoutes, request, type PageContext } from '../page-definition.ts';
import { getMe, setPayoutAddress } from '../../api/routes/agents/agents.ts';
import { deleteListing } from '../../api/routes/domain/listing.ts';
import { listOwnListings } from '../../api/routes/domains/listings.ts';
import { listOwnSales } from '../../api/routes/domains/market-lists.ts';
import { listOffers, withdrawOffer } from '../../api/routes/domains/offers.ts';

export const { page: marketPageRoute, post: marketActionRoute } = pageRoutes('/dashboard/market');

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

/** The window of the page asked for in `?<param>=`, and how to tell whether another page follows. */
function windowOf(ctx: PageContext, param: string) {
  const page = pageNumber(ctx, param);
  const offset = (page - 1) * PAGE_SIZE;
  return {
    query: { limit: PAGE_SIZE, offset },
    pageOf: <T>(body: { data: T[]; total: number }): ListPage<T> => ({
      rows: body.data,
      page,
      hasMore: offset + body.data.length < body.total,
    }),
  };
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
    const [l, o, s] = [marketPages.listings, marketPages.offers, marketPages.sales].map((p) => windowOf(ctx, p));
    const [me, listings, offers, sales] = await Promise.all([
      ctx.read(getMe),
      ctx.read(listOwnListings, { query: l!.query }),
      ctx.read(listOffers, { query: { ...o!.query, direction: 'outgoing' } }),
      ctx.read(listOwnSales, { query: s!.query }),
    ]);
    return {
      payoutAddress: me.account.payout_address,
      listings: l!.pageOf(listings),
      offers: o!.pageOf(offers),
      sales: s!.pageOf(sales),
    };
  },
  render: renderMarket,
  actions: {
    withdraw_listing: action({
      fields: z.object({ target: z.string().min(1).max(300) }),
      call: (f) => request(deleteListing, { params: { domain_name: f.target } }),
      done: (f) => ({ notice: `${f.target} is no longer for sale.` }),
    }),
    withdraw_offer: action({
      fields: z.object({ target: z.string().min(1).max(64) }),
      call: (f) => request(withdrawOffer, { params: { offer_id: f.target } }),
      done: (_f, answer) => {
        const offer = answered(answer)?.offer;
        return {
          notice: `Your offer${offer?.domain ? ` on ${offer.domain}` : ''} is withdrawn; a gems offer’s escrow is back in your balance.`,
        };
      },
    }),
    set_payout_address: action({
      fields: z.object({ address: z.string().trim().max(100) }),
      call: (f) => request(setPayoutAddress, { body: { address: f.address === '' ? null : f.address } }),
      done: (f) => ({
        notice: f.address
          ? 'Payout address saved: later pathUSD sales are paid there, and held proceeds are being paid out.'
          : 'Payout address cleared: pathUSD proceeds are held until you set one.',
      }),
    }),
  },
});
