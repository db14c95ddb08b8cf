import { webhookEventTypes } from '../../domain/webhook-events.ts';
import { html, raw, type SafeHtml } from '../../pages/html.ts';
import { when } from './keys.ts';
import { actionForm, formKey, typed } from './layout.ts';
import type { DashboardView } from './view.ts';
import { pager, table } from './lists.ts';
import type { AttemptRow, EventRow, SubscriptionRow } from './answers.ts';
export type { AttemptRow, EventRow, SubscriptionRow };

export interface DeliveriesData {
  subscription: SubscriptionRow;
  events: { rows: EventRow[]; page: number; hasMore: boolean };
  attempts: { rows: AttemptRow[]; next: string | null; before: string | null };
}

/** The query parameter of the attempt log's cursor. */
export const ATTEMPTS_CURSOR = 'before';

const statusText = (s: SubscriptionRow): SafeHtml | string =>
  s.status === 'active' ? 'Active' : html`Disabled<br /><span class="muted">${s.disabled_reason ?? ''}</span>`;

/** The events the create form shows checked: all at first, what the person chose after a refusal. */
function chosenEvents(view: DashboardView): readonly string[] {
  if (view.failed?.key !== formKey('create_subscription')) return webhookEventTypes;
  return (view.failed.values.events ?? '').split('\n');
}

/** The webhooks page: create a subscription (its secret shown once), each one with rotate, delete and its deliveries. */
export function renderWebhooks(view: DashboardView, subs: readonly SubscriptionRow[]): SafeHtml {
  const chosen = chosenEvents(view);
  const boxes = webhookEventTypes.map(
    (e) =>
      // The span keeps box and name on one line (a block form's labels stack their content).
      html`<label
        ><span
          ><input type="checkbox" name="events" value="${e}" ${raw(chosen.includes(e) ? 'checked' : '')} /> ${e}</span
        ></label
      >`,
  );
  const create = actionForm(view, {
    action: 'create_subscription',
    submit: 'Create subscription',
    layout: 'block',
    fields: html`<label
        >Target URL (https)
        <input
          name="target_url"
          type="url"
          maxlength="2048"
          size="40"
          value="${typed(view, formKey('create_subscription'), 'target_url')}"
          placeholder="https://agent.example/hooks/registry"
      /></label>
      <fieldset>
        <legend>Events</legend>
        ${boxes}
      </fieldset>`,
  });
  const rows = subs.map(
    (s) =>
      html`<tr>
        <td><code>${s.target_url}</code></td>
        <td>${s.events.join(', ')}</td>
        <td>${statusText(s)}</td>
        <td>
          ${when(s.created_at)}${
            s.previous_secret_expires_at
              ? html`<br /><span class="muted">previous secret valid until ${when(s.previous_secret_expires_at)}</span>`
              : ''
          }
        </td>
        <td>
          <a href="/dashboard/webhooks/${s.subscription_id}">Deliveries</a>
          ${actionForm(view, { action: 'rotate_secret', target: s.subscription_id, submit: 'Rotate secret' })}
          ${s.status === 'disabled' ? actionForm(view, { action: 'enable', target: s.subscription_id, submit: 'Enable' }) : ''}
          ${actionForm(view, { action: 'delete_subscription', target: s.subscription_id, submit: 'Delete' })}
        </td>
      </tr>`,
  );
  return html`<p>
      A webhook subscription sends the events you choose to your server, signed with its secret. The secret is shown
      once, when the subscription is made or its secret rotated; after a rotation the previous one stays valid for a
      day.
    </p>
    <h2>New subscription</h2>
    ${create}
    <h2>Your subscriptions</h2>
    ${table({
      head: ['Target', 'Events', 'Status', 'Created', ''],
      rows,
      empty: 'No webhook subscriptions yet — create one above.',
    })}`;
}

const answer = (code: number | null, error: string | null): SafeHtml | string =>
  code !== null
    ? html`HTTP ${code}${error ? html`<br /><span>${error}</span>` : ''}`
    : error
      ? html`No answer: <span>${error}</span>`
      : '—';

/**
 * One subscription's deliveries: each event owed (status, attempts, last answer and error, next
 * attempt) with Redeliver, and the attempt log with what the receiver answered. Everything the
 * receiver sent back is text, escaped like any other value.
 */
export function renderDeliveries(view: DashboardView, d: DeliveriesData): SafeHtml {
  const s = d.subscription;
  const events = d.events.rows.map(
    (e) =>
      html`<tr>
        <td>${e.event_type}<br /><code class="muted">${e.event_id}</code></td>
        <td>${e.status}</td>
        <td>
          ${e.attempts}${e.last_attempt_at ? html`<br /><span class="muted">last ${when(e.last_attempt_at)}</span>` : ''}
        </td>
        <td>${answer(e.last_status_code, e.last_error)}</td>
        <td>${e.next_attempt_at ? when(e.next_attempt_at) : '—'}</td>
        <td>${actionForm(view, { action: 'redeliver', target: e.event_id, submit: 'Redeliver' })}</td>
      </tr>`,
  );
  const attempts = d.attempts.rows.map(
    (a) =>
      html`<tr>
        <td>${when(a.attempted_at)}</td>
        <td>${a.event_type}<br /><code class="muted">${a.event_id}</code></td>
        <td>${a.attempt}</td>
        <td>${answer(a.status_code, a.error)}</td>
        <td>${a.latency_ms} ms</td>
        <td>${a.response_prefix ? html`<code>${a.response_prefix}</code>` : '—'}</td>
      </tr>`,
  );
  const older = d.attempts.next
    ? html`<p><a href="${view.path}?${ATTEMPTS_CURSOR}=${d.attempts.next}" rel="next">Older attempts</a></p>`
    : '';
  const newest = d.attempts.before ? html`<p><a href="${view.path}">Newest attempts</a></p>` : '';
  return html`<p><a href="/dashboard/webhooks">All subscriptions</a></p>
    <p>Sends ${s.events.join(', ')} to <code>${s.target_url}</code>. Status: ${statusText(s)}</p>
    ${actionForm(view, { action: 'ping', submit: 'Send test event' })}
    <h2>Events</h2>
    ${table({
      head: ['Event', 'Delivery', 'Attempts', 'Last answer', 'Next attempt', ''],
      rows: events,
      empty: 'No events sent to this subscription yet.',
    })}
    ${pager({ path: view.path, page: d.events.page, hasMore: d.events.hasMore })}
    <h2>Attempts</h2>
    ${table({
      head: ['When', 'Event', 'Attempt', 'Answer', 'Took', 'Body of the answer (first kilobyte)'],
      rows: attempts,
      empty: 'No delivery attempts yet.',
    })}
    ${older}${newest}`;
}
