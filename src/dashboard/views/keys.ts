import { html, type SafeHtml } from '../../pages/html.ts';
import { actionForm, formKey, typed } from './layout.ts';
import type { DashboardView } from './view.ts';
import { table } from './lists.ts';
import type { KeyRow } from './answers.ts';
export type { KeyRow };

/** When something happened, as a person reads it (UTC, to the minute). */
export const when = (iso: string | null): string => (iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : 'never');

/** The keys page: create one (its secret shown once), every key by prefix and last use, revoke. */
export function renderKeys(view: DashboardView, keys: readonly KeyRow[]): SafeHtml {
  const create = actionForm(view, {
    action: 'create_key',
    submit: 'Create key',
    layout: 'block',
    fields: html`<label
        >Name
        <input
          name="name"
          maxlength="80"
          value="${typed(view, formKey('create_key'), 'name')}"
          placeholder="e.g. scout in production"
      /></label>
      <label
        >Kind
        <select name="key_class">
          <option value="agent">Agent key (rk_agent_…)</option>
          <option value="live">Live key (rk_live_…)</option>
        </select></label
      >`,
  });
  const rows = keys.map(
    (k) =>
      html`<tr>
        <td>${k.name ?? html`<span class="muted">unnamed</span>`}</td>
        <td><code>${k.prefix}…</code></td>
        <td>${k.key_class}</td>
        <td>${when(k.created_at)}</td>
        <td>${when(k.last_used_at)}</td>
        <td>
          ${
            k.revoked_at
              ? html`Revoked ${when(k.revoked_at)}`
              : actionForm(view, { action: 'revoke_key', target: k.key_id, submit: 'Revoke' })
          }
        </td>
      </tr>`,
  );
  return html`<p>
      An API key lets an agent or a program act for this account. Its secret is shown once, when it is made.
    </p>
    <h2>New key</h2>
    ${create}
    <h2>Your keys</h2>
    ${table({ head: ['Name', 'Prefix', 'Kind', 'Created', 'Last used', ''], rows, empty: 'No keys yet — create one above.' })}`;
}
