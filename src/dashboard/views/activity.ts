import { html, type SafeHtml } from '../../pages/html.ts';
import { when } from './keys.ts';
import type { DashboardView } from './view.ts';
import { pager, table } from './lists.ts';
import type { ActivityRow } from './answers.ts';
import type { OrderKind } from '../../domain/orders.ts';
import type { z } from 'zod';
import type { auditEventView } from '../../api/routes/audit.schemas.ts';
import { actionInWords } from './audit-words.ts';
export type { ActivityRow };

export interface ActivityData {
  /** The accounts the person speaks for, in words: the person ("You") and each agent they claimed. */
  names: Record<string, string>;
  rows: ActivityRow[];
  total: number;
  page: number;
  hasMore: boolean;
  /** A page of the audit events of the person and their agents (docs/teams.md "Audit trail"). */
  audit: { rows: AuditRow[]; total: number; page: number; hasMore: boolean } | null;
  /** The team's members by account id, in words (their display names), when the person acts for a team. */
  members: Record<string, string>;
}

export type AuditRow = z.output<typeof auditEventView>;

/** Who made a change, in words: you, one of your agents by name, or the account's id. */
const whoOf = (actor: string | null, you: string, names: Record<string, string>) =>
  actor === null ? 'the registry' : actor === you ? 'You' : (names[actor] ?? actor);

/** Every order kind in words: a kind added to `orderKinds` does not compile until it is named here. */
const kinds: Record<OrderKind, string> = {
  registration: 'Registration',
  renewal: 'Renewal',
  transfer: 'Transfer',
  purchase: 'Purchase',
  sale: 'Sale',
  payout: 'Payout',
  offer_escrow: 'Offer (gems held)',
  offer_release: 'Offer (gems returned)',
  onchain_identity: 'On-chain identity (ERC-8004)',
};

/**
 * The person's part in an order, in words: who of theirs paid (they, or an agent they claimed) and whom
 * the name went to, so an agent's own purchase is never called the person's.
 */
export function partOf(e: ActivityRow, me: string, names: Record<string, string>): string {
  const who = (id: string | null | undefined) => (id === me ? 'you' : id ? (names[id] ?? `agent ${id}`) : null);
  const payer = who(e.payer_id ?? (e.role === 'owner' ? null : me));
  const owner = who(e.owner_id ?? (e.role === 'payer' ? null : me));
  const cap = (s: string) => (s === 'you' ? 'You' : s);
  const whose = (o: string) => (o === 'you' ? 'yours' : `${o}’s`);
  if (payer && owner) return `${cap(payer)} paid; the name is ${whose(owner)}`;
  if (payer) return `${cap(payer)} paid or acted`;
  return `The name came to ${owner ?? 'you'}`;
}

function amountOf(e: ActivityRow): string {
  if (e.amount !== null) return `${e.amount} ${e.currency ?? ''}`.trim();
  if (e.amount_gems !== null) return `${e.amount_gems.toLocaleString('en-US')} gems`;
  return '—';
}

/** A sale's split (90/5/5) in words, when the entry carries it. */
function splitOf(e: ActivityRow): SafeHtml | string {
  const d = e.details;
  if (!d || !('seller_amount' in d)) return '';
  return html`<br /><span class="muted"
      >Seller ${d.seller_amount}, referrer ${d.referrer_amount}, platform ${d.platform_amount}</span
    >`;
}

/** The other list's page, kept on one list's page links. */
const keepOf = (view: DashboardView, param: string): Record<string, string> =>
  view.query[param] ? { [param]: view.query[param] } : {};

/** The activity page: the ledger of orders, newest first, paged. */
export function renderActivity(view: DashboardView, data: ActivityData): SafeHtml {
  // A team's name where an order names the team (a name that came to it), never "agent <id>".
  const teamNames = Object.fromEntries((view.teams ?? []).map((t) => [t.id, t.name]));
  const rows = data.rows.map(
    (e) =>
      html`<tr>
        <td>${when(e.created_at)}</td>
        <td>${kinds[e.kind]}${e.years ? ` (${e.years} ${e.years === 1 ? 'year' : 'years'})` : ''}</td>
        <td>${e.domain}</td>
        <td>${amountOf(e)}${splitOf(e)}</td>
        <td>${e.payment_method}</td>
        <td>${e.status}</td>
        <td>${partOf(e, view.person.accountId, { ...data.names, ...teamNames })}</td>
      </tr>`,
  );
  return html`<p>
      Every order you or an agent you claimed paid for, or whose name came to you: registrations, renewals, transfers,
      purchases, sales, payouts and offers. Newest first.
    </p>
    ${table({
      caption: data.total > 0 ? `${data.total} in all` : undefined,
      head: ['When', 'What', 'Name', 'Amount', 'Paid with', 'Status', 'Your part'],
      rows,
      empty:
        data.total > 0
          ? html`Nothing on this page — <a href="${view.path}">back to the newest</a>`
          : 'No activity yet — registrations, renewals and sales will appear here.',
    })}
    ${pager({ path: view.path, page: data.page, hasMore: data.hasMore, keep: keepOf(view, 'audit_page'), label: 'Orders' })}
    ${
      data.audit
        ? auditSection(view, data, data.audit)
        : html`<section aria-labelledby="audit-heading">
            <h2 id="audit-heading">Audit trail</h2>
            <p>Your role in this team does not include the audit trail: its owner, an admin or an auditor reads it.</p>
          </section>`
    }`;
}

/** What an event acts on, in words: a team of the person's by its name, else as recorded (a name, an id). */
const objectOf = (view: DashboardView, object: string) => view.teams?.find((t) => t.id === object)?.name ?? object;

function auditSection(view: DashboardView, data: ActivityData, audit: NonNullable<ActivityData['audit']>): SafeHtml {
  return html`<section aria-labelledby="audit-heading">
    <h2 id="audit-heading">Audit trail</h2>
    <p>
      Every change you or an agent you claimed made, by whom and with which credential, newest first; the API reads it
      too (<code>GET /api/v1/audit</code>).
    </p>
    <form method="get" action="/dashboard/activity/export" class="inline" aria-label="Export the audit trail">
      <label>From <input type="date" name="from" required /></label>
      <label>To <input type="date" name="to" required /></label>
      <button type="submit">Export (JSON Lines)</button>
    </form>
    ${table({
      caption: audit.total > 0 ? `${audit.total} in all` : undefined,
      head: ['When', 'Who', 'Credential', 'What'],
      rows: audit.rows.map(
        (e) =>
          html`<tr>
            <td>${when(e.at)}</td>
            <td>
              ${
                e.actor.member_id
                  ? e.actor.member_id === view.person.accountId
                    ? 'You'
                    : (data.members[e.actor.member_id] ?? html`A member <code>${e.actor.member_id.slice(0, 8)}</code>`)
                  : whoOf(e.actor.account_id, view.person.accountId, { ...data.members, ...data.names })
              }
            </td>
            <td>${e.actor.credential ?? ''}</td>
            <td>
              ${
                actionInWords(e.action, e.details)
                  ? html`${actionInWords(e.action, e.details)}
                    ${e.object ? html`<strong>${objectOf(view, e.object)}</strong>` : ''}`
                  : html`<code>${e.action}</code> ${e.object ?? ''}`
              }
            </td>
          </tr>`,
      ),
      empty: 'No changes recorded yet.',
    })}
    ${pager({ path: view.path, page: audit.page, hasMore: audit.hasMore, param: 'audit_page', keep: keepOf(view, 'page'), label: 'Audit trail' })}
  </section>`;
}
