import { html, type SafeHtml } from '../../../pages/html.ts';
import { when } from '../keys.ts';
import { actionForm, formKey, mayUse, typed } from '../layout.ts';
import type { DashboardView } from '../view.ts';
import { pager, table } from '../lists.ts';
import type { OfferRow } from '../answers.ts';
export type { OfferRow };

export interface Amounts {
  gems: number | null;
  usd: number | null;
}

export interface OffersPage {
  rows: OfferRow[];
  page: number;
  hasMore: boolean;
}

const amount = (a: Amounts): string =>
  [a.gems !== null ? `${a.gems.toLocaleString('en-US')} gems` : null, a.usd !== null ? `${a.usd.toFixed(2)} USD` : null]
    .filter(Boolean)
    .join(' or ');

const shown = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));

/** The listing: its terms (list or replace), and withdraw while listed. */
export function renderListing(
  view: DashboardView,
  listing: { price: Amounts; min: Amounts | null } | null,
  locked = false,
): SafeHtml {
  const key = formKey('list_for_sale');
  const field = (name: string, label: string, current: number | null | undefined) =>
    html`<label
      >${label} <input name="${name}" inputmode="decimal" size="9" value="${typed(view, key, name, shown(current))}"
    /></label>`;
  const form = actionForm(view, {
    action: 'list_for_sale',
    submit: 'List for sale',
    layout: 'block',
    fields: html`${field('price_gems', 'Price in gems', listing?.price.gems)}
    ${field('price_usd', 'Price in USD', listing?.price.usd)}
    ${field('min_offer_gems', 'Lowest offer in gems', listing?.min?.gems)}
    ${field('min_offer_usd', 'Lowest offer in USD', listing?.min?.usd)}`,
  });
  const state = listing
    ? html`<p id="listing-state">
          For sale at <strong>${amount(listing.price)}</strong>${
            listing.min ? html`; offers from ${amount(listing.min)}` : ''
          }.
        </p>
        ${actionForm(view, { action: 'withdraw_listing', submit: 'Withdraw listing' })}`
    : html`<p id="listing-state" class="empty">
        Not for sale${mayUse(view, 'list_for_sale') ? ' — set a price below to list it' : ''}.
      </p>`;
  return html`<section aria-labelledby="listing-heading">
    <h2 id="listing-heading">For sale</h2>
    ${state}
    ${
      // A locked name refuses a new listing (423 name_locked): no form that can only fail.
      locked
        ? html`<p class="muted" id="listing-locked">Locked: listing is refused until an unlock takes effect.</p>`
        : mayUse(view, 'list_for_sale')
          ? html`<p class="muted">Give a price in gems, in USD, or both; an empty field has none.</p>
              ${form}`
          : ''
    }
  </section>`;
}

const offerLabel = (o: OfferRow) =>
  `of ${o.currency === 'gems' ? `${o.amount.toLocaleString('en-US')} gems` : `${o.amount.toFixed(2)} USD`} made ${o.created_at.slice(0, 16).replace('T', ' ')} UTC`;

/** Offers on this name, newest first, paged; a pending one can be accepted or rejected. */
export function renderOffers(view: DashboardView, offers: OffersPage): SafeHtml {
  const rows = offers.rows.map(
    (o) =>
      html`<tr>
        <td>${o.currency === 'gems' ? `${o.amount.toLocaleString('en-US')} gems` : `${o.amount.toFixed(2)} USD`}</td>
        <td><code>${o.bidder_id}</code></td>
        <td>${o.status}</td>
        <td>${when(o.created_at)}</td>
        <td>${o.status === 'pending' ? when(o.expires_at) : ''}</td>
        <td>
          ${
            o.status === 'pending'
              ? html`${actionForm(view, { action: 'accept_offer', target: o.offer_id, submit: 'Accept offer', label: offerLabel(o) })}
                ${actionForm(view, { action: 'reject_offer', target: o.offer_id, submit: 'Reject offer', label: offerLabel(o) })}`
              : ''
          }
        </td>
      </tr>`,
  );
  return html`<section aria-labelledby="offers-heading">
    <h2 id="offers-heading">Offers</h2>
    ${table({
      head: ['Amount', 'Bidder', 'Status', 'Made', 'Expires', ''],
      rows,
      empty: 'No offers on this name yet.',
    })}
    ${pager({
      path: view.path,
      page: offers.page,
      hasMore: offers.hasMore,
      param: 'offers_page',
      keep: view.query,
      label: 'Offers',
    })}
  </section>`;
}
