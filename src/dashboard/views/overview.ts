import { DAY_MS } from '../../domain/time.ts';
import { html, raw, type SafeHtml } from '../../pages/html.ts';
import { when } from './keys.ts';
import { actionForm, formKey, typed } from './layout.ts';
import type { DashboardView } from './view.ts';
import { pager, table } from './lists.ts';
import type { CheckoutRow, DomainRow } from './answers.ts';
export type { CheckoutRow, DomainRow };

export interface OverviewData {
  now: number;
  balance: number;
  /** Who owns what, in words: the person ("You") and the agents they claimed. */
  owners: Record<string, string>;
  domains: { rows: DomainRow[]; total: number; page: number; hasMore: boolean };
  /** How many of the domains end their term within 30 days (or are in grace). */
  expiringSoon: number;
  checkouts: { rows: CheckoutRow[]; total: number };
}

/**
 * Whose an account is, in words: acting for a team, the acting account is the team (by its name), never
 * "You"; else the person ("You") or an agent they claimed; else its id.
 */
function ownerOf(view: DashboardView, data: OverviewData, id: string): SafeHtml | string {
  if (view.team && id === view.team.id) return view.team.name;
  return data.owners[id] ?? html`<code>${id}</code>`;
}

/** Whole days from now to `iso` (negative once past). */
const daysUntil = (iso: string, now: number) => Math.floor((Date.parse(iso) - now) / DAY_MS);

function expiryCell(d: DomainRow, now: number): SafeHtml {
  const days = daysUntil(d.expiry_date, now);
  const date = d.expiry_date.slice(0, 10);
  if (d.status === 'grace' || days < 0)
    return html`<span class="grace">In grace since ${date}: renew it before the name is released</span>`;
  const left = days === 0 ? 'today' : days === 1 ? '1 day left' : `${days} days left`;
  return days <= 30
    ? html`${date} <strong class="grace">(${left})</strong>`
    : html`${date} <span class="muted">(${left})</span>`;
}

function domainRow(view: DashboardView, d: DomainRow, data: OverviewData): SafeHtml {
  const renew = d.auto_renew.enabled
    ? `On${d.auto_renew.max_gems === null ? '' : ` (up to ${d.auto_renew.max_gems.toLocaleString('en-US')} gems)`}`
    : 'Off';
  return html`<tr>
    <td><a href="/dashboard/domains/${encodeURIComponent(d.name)}">${d.name}</a></td>
    <td>${ownerOf(view, data, d.owner_id)}</td>
    <td>${d.status}</td>
    <td>${expiryCell(d, data.now)}</td>
    <td>${renew}</td>
    <td>${d.for_sale ? 'For sale' : html`<span class="muted">No</span>`}</td>
  </tr>`;
}

function checkoutRow(view: DashboardView, c: CheckoutRow, data: OverviewData): SafeHtml {
  const mine = c.actor_account_id === view.person.accountId;
  // A machine payment is made by a program with a wallet: an agent's own, or the person's program
  // (never this page); the person can end it below, and unpaid it lapses and costs nothing.
  const pay = c.pay_url
    ? html`<a href="${c.pay_url}">Pay</a>`
    : html`<span class="muted"
        >${mine ? 'A pathUSD payment from a program with a wallet' : 'Paid by the agent that started it'}; unpaid, it
        lapses and costs nothing</span
      >`;
  const cancel = c.cancellable
    ? actionForm(view, {
        action: 'cancel_checkout',
        target: c.domain,
        submit: 'Cancel',
        label: `the ${c.operation} checkout for ${c.domain}`,
        hidden: { operation: c.operation },
      })
    : '';
  return html`<tr>
    <td>${c.domain}</td>
    <td>${c.operation}</td>
    <td>${ownerOf(view, data, c.actor_account_id)}</td>
    <td>${when(c.expires_at)}</td>
    <td>${pay} ${cancel}</td>
  </tr>`;
}

/**
 * The overview: the gems balance, what awaits payment, then every domain of the person and of the
 * agents they claimed, soonest expiry first (so what ends within 30 days, and what is in grace, leads).
 */
/** Register a name with gems, for the person or one of their claimed agents. */
function registerForm(view: DashboardView, data: OverviewData): SafeHtml {
  const key = formKey('register');
  const owner = typed(view, key, 'owner', view.person.accountId);
  // A name chosen on a search result (`?register=scout.agent`) is filled in.
  const wanted = view.query.register ?? '';
  // Whose each account is as the tables say it (ownerOf), but the person, choosing, is "Me".
  const owners = Object.keys(data.owners).map((id) => {
    const label = ownerOf(view, data, id);
    return html`<option value="${id}" ${raw(id === owner ? 'selected' : '')}>
      ${label === 'You' ? 'Me' : label}
    </option>`;
  });
  return html`<h2 id="register">Register a name</h2>
    ${actionForm(view, {
      action: 'register',
      submit: 'Register',
      layout: 'block',
      fields: html`<label
          >Name
          <input
            name="domain"
            placeholder="e.g. scout.agent"
            value="${typed(view, key, 'domain', wanted)}"
            autocomplete="off"
        /></label>
        <label
          >Years <input name="years" inputmode="numeric" size="3" value="${typed(view, key, 'years', '1')}"
        /></label>
        <label
          >For
          <select name="owner">
            ${owners}
          </select></label
        >
        <label class="check"
          ><input type="checkbox" name="agreed_to_terms" value="yes" /> I agree to the registration terms</label
        >`,
    })}
    <p class="muted">
      Paid with gems from the balance of whoever it is for. Search first on the <a href="/">home page</a>.
    </p>`;
}

/** How a person with no gems gets some: in development the command to run, else who credits them. */
function gemsHint(view: DashboardView): SafeHtml {
  const id = view.person.accountId;
  return view.development
    ? html`<p id="gems-hint" class="notice">
        <strong>Development:</strong> give this account gems with
        <code>npm run ops -- grant-gems ${id} 10000</code> (beside <code>npm start</code> as it is; elsewhere with
        DATABASE_URL set to the stack’s database; docs/operations.md “Operator CLI”), then reload this page.
      </p>`
    : html`<p id="gems-hint" class="notice">
        Gems are prepaid credit: the registry’s operator credits them to your account (give them your account id,
        <code>${id}</code>). Selling a name for gems adds to your balance too.
      </p>`;
}

export function renderOverview(view: DashboardView, data: OverviewData): SafeHtml {
  const { domains, checkouts } = data;
  const soon =
    data.expiringSoon > 0
      ? html`<p class="grace" role="status">
          ${data.expiringSoon === 1 ? '1 domain expires' : `${data.expiringSoon} domains expire`} within 30 days (or is
          in grace): listed first below. Open one to renew it.
        </p>`
      : '';
  const checkoutTable =
    checkouts.rows.length === 0
      ? ''
      : html`<h2>Awaiting payment</h2>
          ${table({
            head: ['Name', 'For', 'Started by', 'Lapses', ''],
            rows: checkouts.rows.map((c) => checkoutRow(view, c, data)),
            empty: 'Nothing awaits payment.',
          })}
          ${
            checkouts.total > checkouts.rows.length
              ? html`<p class="muted">And ${checkouts.total - checkouts.rows.length} more.</p>`
              : ''
          }`;
  return html`<p id="gems-balance">Gems balance: <strong>${data.balance.toLocaleString('en-US')}</strong> gems</p>
    ${data.balance === 0 ? gemsHint(view) : ''} ${registerForm(view, data)} ${checkoutTable}
    <h2>Domains</h2>
    ${soon}
    ${table({
      caption: domains.total > 0 ? `${domains.total} in all, soonest expiry first` : undefined,
      head: ['Name', 'Owner', 'Status', 'Expires', 'Auto-renew', 'For sale'],
      rows: domains.rows.map((d) => domainRow(view, d, data)),
      empty:
        domains.total > 0
          ? html`No domains on this page — <a href="${view.path}">back to the first</a>`
          : html`No domains yet — <a href="/#search-form">search for a name</a>`,
    })}
    ${pager({ path: view.path, page: domains.page, hasMore: domains.hasMore })}`;
}
