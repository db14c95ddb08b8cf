import { html, type SafeHtml } from '../../pages/html.ts';
import { when } from './keys.ts';
import { actionForm, exactFieldForm } from './layout.ts';
import type { DashboardView } from './view.ts';
import { pager, table } from './lists.ts';
import type { ListingRow, OfferRow, SaleRow } from './answers.ts';
export type { ListingRow, OfferRow, SaleRow };

/** The prices of a listing as the API shows them (GET /api/v1/domains/listings). */
interface Prices {
  gems: number | null;
  usd: number | null;
}

/** One page of a list, and where it is in the whole. */
export interface ListPage<T> {
  rows: T[];
  page: number;
  hasMore: boolean;
}

export interface MarketData {
  payoutAddress: string | null;
  listings: ListPage<ListingRow>;
  offers: ListPage<OfferRow>;
  sales: ListPage<SaleRow>;
}

/** The query parameter of each list's page number. */
export const marketPages = { listings: 'listings_page', offers: 'offers_page', sales: 'sales_page' } as const;

const amount = (currency: 'gems' | 'pathusd', n: number) =>
  currency === 'gems' ? `${n.toLocaleString('en-US')} gems` : `${n.toFixed(2)} USD`;

function prices(p: Prices | null): string {
  if (!p) return 'none';
  const parts = [
    ...(p.gems !== null ? [amount('gems', p.gems)] : []),
    ...(p.usd !== null ? [amount('pathusd', p.usd)] : []),
  ];
  return parts.join(' or ') || 'none';
}

/** Who a row belongs to, when it is not the person but an agent they claimed. */
const whose = (view: DashboardView, accountId: string): SafeHtml | string =>
  accountId === view.person.accountId ? '' : html`<br /><span class="muted">agent ${accountId}</span>`;

function payout(s: SaleRow): SafeHtml | string {
  if (!s.payout) return s.currency === 'gems' ? 'Paid into your gems balance' : '—';
  switch (s.payout.status) {
    case 'paid':
      return html`Paid<br /><span class="muted">tx</span> <code>${s.payout.tx_hash ?? ''}</code>`;
    case 'pending':
      return html`Being paid to <code>${s.payout.address ?? ''}</code>`;
    case 'held':
      return html`Held: set a payout address below`;
  }
}

/**
 * The market page: the person's listings (withdraw), the offers they made (withdraw while pending),
 * their sales with the split of each price (seller 90%, referrer 5%, platform 5%) and the payout of
 * pathUSD proceeds, and the payout address those are paid to.
 */
export function renderMarket(view: DashboardView, d: MarketData): SafeHtml {
  const listings = d.listings.rows.map(
    (l) =>
      html`<tr>
        <td>${l.domain}${whose(view, l.seller_id)}</td>
        <td>${prices(l.price)}</td>
        <td>${prices(l.min_offer)}</td>
        <td>${when(l.listed_at)}</td>
        <td>${actionForm(view, { action: 'withdraw_listing', target: l.domain, submit: 'Withdraw' })}</td>
      </tr>`,
  );
  const offers = d.offers.rows.map(
    (o) =>
      html`<tr>
        <td>${o.domain}</td>
        <td>${amount(o.currency, o.amount)}</td>
        <td>${o.status}${o.decided_at ? html`<br /><span class="muted">${when(o.decided_at)}</span>` : ''}</td>
        <td>${when(o.created_at)}</td>
        <td>${o.status === 'pending' ? when(o.expires_at) : '—'}</td>
        <td>
          ${o.status === 'pending' ? actionForm(view, { action: 'withdraw_offer', target: o.offer_id, submit: 'Withdraw' }) : ''}
        </td>
      </tr>`,
  );
  const sales = d.sales.rows.map(
    (s) =>
      html`<tr>
        <td>${s.domain}${whose(view, s.seller_id)}</td>
        <td>
          ${when(s.sold_at)}<br /><span class="muted"
            >${s.source === 'offer' ? 'accepted offer' : 'bought at the asking price'}</span
          >
        </td>
        <td>${amount(s.currency, s.price)}</td>
        <td>${amount(s.currency, s.seller_amount)}</td>
        <td>${amount(s.currency, s.referrer_amount)}</td>
        <td>${amount(s.currency, s.platform_amount)}</td>
        <td>${payout(s)}</td>
      </tr>`,
  );
  const address = exactFieldForm(view, {
    action: 'set_payout_address',
    submit: 'Save payout address',
    field: {
      label: 'Payout address (0x and 40 hex digits)',
      name: 'address',
      maxlength: 42,
      size: 44,
      placeholder: '0x…',
      value: d.payoutAddress ?? '',
    },
  });
  return html`<p>
      What you sell and offer on the market. A sale’s price is split: 90% to you, 5% to the referrer who brought the
      buyer, 5% to the platform (10% without a referrer).
    </p>
    <h2>Your listings</h2>
    ${table({
      head: ['Name', 'Asking price', 'Lowest offer', 'Listed', ''],
      rows: listings,
      empty: 'No listings yet — list a name for sale from its page.',
    })}
    ${pager({ path: view.path, page: d.listings.page, hasMore: d.listings.hasMore, param: marketPages.listings, keep: view.query, label: 'Your listings' })}
    <h2>Your offers</h2>
    ${table({
      head: ['Name', 'Amount', 'Status', 'Made', 'Expires', ''],
      rows: offers,
      empty: 'No offers made yet — offers you make on names others own appear here.',
    })}
    ${pager({ path: view.path, page: d.offers.page, hasMore: d.offers.hasMore, param: marketPages.offers, keep: view.query, label: 'Your offers' })}
    <h2>Your sales</h2>
    ${table({
      head: ['Name', 'Sold', 'Price', 'You (90%)', 'Referrer (5%)', 'Platform (5%)', 'Payout'],
      rows: sales,
      empty: 'No sales yet.',
    })}
    ${pager({ path: view.path, page: d.sales.page, hasMore: d.sales.hasMore, param: marketPages.sales, keep: view.query, label: 'Your sales' })}
    <h2>Payout address</h2>
    <p>
      pathUSD proceeds are paid on chain to this address. Without one they are held as a balance, and paid out once you
      set it. A sale keeps the address it was made with. Leave it empty and save to clear it.
    </p>
    ${
      d.payoutAddress
        ? html`<p>Now: <code>${d.payoutAddress}</code></p>`
        : html`<p class="empty">No payout address yet — pathUSD proceeds are held.</p>`
    }
    ${address}`;
}
