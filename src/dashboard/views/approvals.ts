import { html, type SafeHtml } from '../../pages/html.ts';
import { when } from './keys.ts';
import { actionForm } from './layout.ts';
import type { DashboardView } from './view.ts';
import { table } from './lists.ts';
import type { ApprovalRow } from './answers.ts';
export type { ApprovalRow };

export interface ApprovalsData {
  approvals: ApprovalRow[];
  /** Agents by id, for their names. */
  agentNames: Record<string, string>;
  /** This registry does not offer approvals (yet). */
  unavailable?: boolean;
}

const OPERATION_WORDS: Record<string, string> = {
  register: 'Register',
  renew: 'Renew',
  buy: 'Buy',
  offer: 'Offer on',
};

const amountOf = (a: ApprovalRow['amount']): string =>
  [a.usd != null ? `$${a.usd}` : null, a.gems != null ? `${a.gems.toLocaleString('en-US')} gems` : null]
    .filter(Boolean)
    .join(' / ');

function agentOf(data: ApprovalsData, id: string): SafeHtml {
  return html`<a href="/dashboard/agents/${id}/mandate">${data.agentNames[id] ?? `Agent ${id.slice(0, 8)}`}</a>`;
}

function pendingRow(view: DashboardView, data: ApprovalsData, a: ApprovalRow): SafeHtml {
  const what = `${OPERATION_WORDS[a.operation] ?? a.operation} ${a.name}`;
  return html`<tr>
    <td>${agentOf(data, a.agent_id)}</td>
    <td>${OPERATION_WORDS[a.operation] ?? a.operation} <strong>${a.name}</strong></td>
    <td>${amountOf(a.amount)}</td>
    <td>${when(a.requested_at)}</td>
    <td>${when(a.expires_at)}</td>
    <td>
      ${actionForm(view, { action: 'approve', target: a.approval_id, submit: 'Approve', label: what })}
      ${actionForm(view, { action: 'refuse', target: a.approval_id, submit: 'Refuse', label: what })}
    </td>
  </tr>`;
}

function recentRow(data: ApprovalsData, a: ApprovalRow): SafeHtml {
  return html`<tr>
    <td>${agentOf(data, a.agent_id)}</td>
    <td>${OPERATION_WORDS[a.operation] ?? a.operation} <strong>${a.name}</strong></td>
    <td>${amountOf(a.amount)}</td>
    <td>${when(a.requested_at)}</td>
    <td>${a.status}${a.decided_at ? html` <span class="muted">${when(a.decided_at)}</span>` : ''}</td>
  </tr>`;
}

/**
 * The approvals page: purchases of the person's agents above their mandate's approval threshold, waiting
 * for Approve or Refuse (unanswered until their deadline, they are refused), then the recent decisions.
 */
export function renderApprovals(view: DashboardView, data: ApprovalsData): SafeHtml {
  if (data.unavailable) return html`<p class="empty">This registry does not ask for approvals yet.</p>`;
  const pending = data.approvals.filter((a) => a.status === 'pending');
  const recent = data.approvals.filter((a) => a.status !== 'pending');
  return html`<p>
      A purchase above an agent’s approval threshold (set on its
      <a href="/dashboard/agents">spend mandate</a>) waits here for you. Approved, it completes; refused or left
      unanswered until its deadline, nothing is charged.
    </p>
    <h2>Waiting for you</h2>
    ${table({
      caption: 'Pending approvals',
      head: ['Agent', 'Purchase', 'Amount', 'Asked', 'Answer by', ''],
      rows: pending.map((a) => pendingRow(view, data, a)),
      empty: 'Nothing waits for your approval.',
    })}
    <h2>Recent</h2>
    ${table({
      caption: 'Recent decisions',
      head: ['Agent', 'Purchase', 'Amount', 'Asked', 'Outcome'],
      rows: recent.map((a) => recentRow(data, a)),
      empty: 'No decisions yet.',
    })}`;
}
