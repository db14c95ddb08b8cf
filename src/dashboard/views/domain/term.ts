import { html, type SafeHtml } from '../../../pages/html.ts';
import { when } from '../keys.ts';
import { actionForm, formKey, mayUse, typed } from '../layout.ts';
import type { DashboardView } from '../view.ts';
import type { AutoRenew, ManagedDomain } from '../answers.ts';
export type { AutoRenew, ManagedDomain };

/** What the name is, and where its public records are. */
export function renderSummary(d: ManagedDomain, manifests: { agent_json: string; skill_md: string } | null): SafeHtml {
  const enc = encodeURIComponent(d.name);
  return html`<dl class="summary">
      <dt>Status</dt>
      <dd>
        ${d.status === 'grace' ? html`<span class="grace">In its grace period: renew it to keep it</span>` : d.status}
      </dd>
      <dt>Registered</dt>
      <dd>${when(d.registration_date)}</dd>
      <dt>Expires</dt>
      <dd>${when(d.expiry_date)}</dd>
      <dt>Owner account</dt>
      <dd><code>${d.owner_id}</code></dd>
    </dl>
    <p>
      Public: <a href="/api/v1/lookup/${enc}">public record</a> · <a href="/rdap/domain/${enc}">RDAP record</a>${
        manifests
          ? html` · <a href="${manifests.agent_json}">agent.json</a> · <a href="${manifests.skill_md}">skill.md</a>`
          : ''
      }
    </p>`;
}

/** Renew with gems (what a person pays with), and auto-renew. */
export function renderTerm(view: DashboardView, d: ManagedDomain, auto: AutoRenew): SafeHtml {
  const renewKey = formKey('renew');
  const renew = actionForm(view, {
    action: 'renew',
    submit: 'Renew with gems',
    layout: 'block',
    hidden: { payment_method: 'gems' },
    fields: html`<label
      >Years <input name="years" inputmode="numeric" size="3" value="${typed(view, renewKey, 'years', '1')}"
    /></label>`,
  });
  // A machine payment is not made by a page: an agent renews with pathUSD over the API itself.
  const mpp = html`<p class="muted" id="renew-payment">
    Paid with gems from the owner’s balance. An agent can renew ${d.name} with pathUSD itself, over the API.
  </p>`;
  const autoKey = formKey('auto_renew');
  const enabled = typed(view, autoKey, 'enabled', auto.enabled ? 'on' : 'off');
  const autoForm = actionForm(view, {
    action: 'auto_renew',
    submit: 'Save auto-renew',
    layout: 'block',
    fields: html`<label
        >Auto-renew
        <select name="enabled">
          <option value="on" ${enabled === 'on' ? html`selected` : ''}>On: renew a year from my gems</option>
          <option value="off" ${enabled === 'off' ? html`selected` : ''}>Off</option>
        </select></label
      >
      <label
        >At most (gems a year)
        <input
          name="max_gems"
          inputmode="numeric"
          size="8"
          value="${typed(view, autoKey, 'max_gems', auto.max_gems === null ? '' : String(auto.max_gems))}"
      /></label>`,
  });
  return html`<section aria-labelledby="term-heading">
    <h2 id="term-heading">Term</h2>
    ${renew}${mpp}
    <p id="auto-renew-state">
      Auto-renew is
      <strong>${auto.enabled ? `on, up to ${(auto.max_gems ?? 0).toLocaleString('en-US')} gems a year` : 'off'}</strong
      >.
    </p>
    ${autoForm}
  </section>`;
}

/** Hand the name to another account. */
export function renderTransfer(view: DashboardView, locked: boolean): SafeHtml {
  const key = formKey('transfer');
  // A locked name refuses a transfer (423 name_locked): no form that can only fail.
  if (locked)
    return html`<section aria-labelledby="transfer-heading">
      <h2 id="transfer-heading">Transfer</h2>
      <p class="muted" id="transfer-locked">
        Locked: a transfer is refused until an unlock takes effect (Registrar lock, above).
      </p>
    </section>`;
  // A role that may not transfer sees no section that only explains a form it is not shown.
  if (!mayUse(view, 'transfer')) return html``;
  return html`<section aria-labelledby="transfer-heading">
    <h2 id="transfer-heading">Transfer</h2>
    <p>The name moves to the other account at once; you cannot undo it.</p>
    ${actionForm(view, {
      action: 'transfer',
      submit: 'Transfer',
      layout: 'block',
      fields: html`<label
          >Account id of the new owner
          <input name="to_account_id" size="38" value="${typed(view, key, 'to_account_id')}" />
        </label>
        <label
          >Reason (kept in the ledger) <input name="reason" size="30" value="${typed(view, key, 'reason')}"
        /></label>`,
    })}
  </section>`;
}
