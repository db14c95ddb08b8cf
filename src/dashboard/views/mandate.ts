import { mandateOperations, type MandateOperation } from '../../domain/mandates.ts';
import { html, raw, type SafeHtml } from '../../pages/html.ts';
import { when } from './keys.ts';
import { actionForm, formKey, typed } from './layout.ts';
import type { DashboardView } from './view.ts';
import { pager, table } from './lists.ts';
import type { MandateChange, MandateView } from './answers.ts';
export type { MandateChange, MandateView };

/** The operations a mandate may allow, in the order the form lists them: the domain's own list. */
export const MANDATE_OPERATIONS = mandateOperations;

const OPERATION_WORDS: Record<MandateOperation, string> = {
  register: 'register a name',
  renew: 'renew',
  buy: 'buy a listed name',
  offer: 'make an offer',
  identity: 'register a name on chain (ERC-8004)',
};

/** A limit as GET /api/v1/agents/{id}/mandate shows it. */
export interface Amount {
  usd: string | null;
  gems: number | null;
}

export interface MandateData {
  agentId: string;
  mandate: MandateView | null;
  history: { rows: MandateChange[]; page: number; hasMore: boolean; total: number };
}

/** The limits the form sets, each in USD and gems. */
export const AMOUNT_LIMITS = [
  {
    key: 'per_operation',
    label: 'Per purchase',
    hint: 'the most one registration, renewal, purchase or offer may cost',
  },
  { key: 'per_day', label: 'Per day', hint: 'the most spent in any rolling 24 hours' },
  { key: 'per_30_days', label: 'Per 30 days', hint: 'the most spent in any rolling 30 days' },
  {
    key: 'approval_above',
    label: 'Ask me above',
    hint: 'a purchase above this waits for your approval',
  },
] as const;

export type AmountLimit = (typeof AMOUNT_LIMITS)[number]['key'];

/** An amount in words: "$25.00", "5000 gems", "$50.00 and 5000 gems", or "no limit". */
export function amountWords(a: Partial<Amount> | null | undefined, none = 'no limit'): string {
  const parts = [
    a?.usd != null ? `$${a.usd}` : null,
    a?.gems != null ? `${a.gems.toLocaleString('en-US')} gems` : null,
  ].filter((p): p is string => p !== null);
  return parts.length > 0 ? parts.join(' and ') : none;
}

const asAmount = (v: unknown): Partial<Amount> | null => (v && typeof v === 'object' ? (v as Partial<Amount>) : null);
const asList = (v: unknown): string[] | null => (Array.isArray(v) ? v.map(String) : null);

/** A mandate (a side of a history row) in one readable line. */
export function mandateWords(m: Record<string, unknown> | null): string {
  if (!m) return 'no mandate: nothing limited';
  const parts: string[] = [];
  for (const l of AMOUNT_LIMITS) {
    const a = asAmount(m[l.key]);
    if (a && (a.usd != null || a.gems != null)) parts.push(`${l.label.toLowerCase()} ${amountWords(a)}`);
  }
  const ops = asList(m.allowed_operations);
  parts.push(ops === null ? 'every operation' : ops.length === 0 ? 'no operation' : `only ${ops.join(', ')}`);
  const ns = asList(m.allowed_namespaces);
  parts.push(ns === null ? 'every namespace' : ns.length === 0 ? 'no namespace' : `in ${ns.join(', ')}`);
  return parts.join('; ');
}

/** Who made a change, in words: "you" for the person reading. */
const whoWords = (view: DashboardView, accountId: string): SafeHtml =>
  accountId === view.person.accountId ? html`you` : html`<code>${accountId.slice(0, 8)}…</code>`;

function remainingRows(m: MandateView): SafeHtml[] {
  const row = (label: string, limit: Amount, left: (Amount & { refills_at: string | null }) | undefined) =>
    html`<tr>
      <th scope="row">${label}</th>
      <td>${amountWords(limit)}</td>
      <td>${left ? amountWords(left, '—') : '—'}</td>
      <td>${left?.refills_at ? when(left.refills_at) : '—'}</td>
    </tr>`;
  return [
    html`<tr>
      <th scope="row">Per purchase</th>
      <td>${amountWords(m.per_operation)}</td>
      <td>—</td>
      <td>—</td>
    </tr>`,
    row('Per day', m.per_day, m.remaining?.per_day),
    row('Per 30 days', m.per_30_days, m.remaining?.per_30_days),
  ];
}

function current(view: DashboardView, m: MandateView | null): SafeHtml {
  if (!m) return html`<p class="empty">No mandate: nothing this agent spends is limited. Set one below.</p>`;
  const ops = m.allowed_operations;
  const ns = m.allowed_namespaces;
  return html`${table({
      caption: 'Budgets and what remains now',
      head: ['Limit', 'Set to', 'Remaining now', 'Refills from'],
      rows: remainingRows(m),
      empty: '',
    })}
    <ul>
      <li>
        May pay for:
        ${ops === null ? 'every operation' : ops.length === 0 ? 'nothing' : ops.map((o) => OPERATION_WORDS[o] ?? o).join(', ')}
      </li>
      <li>In namespaces: ${ns === null ? 'every namespace' : ns.length === 0 ? 'none' : ns.join(', ')}</li>
      <li>Asks for your approval above: ${amountWords(m.approval_above, 'never')}</li>
      <li class="muted">Last set by ${whoWords(view, m.updated_by)} at ${when(m.updated_at)}</li>
    </ul>
    ${actionForm(view, {
      action: 'remove_mandate',
      submit: 'Remove mandate',
      label: 'of this agent (nothing it spends will be limited)',
    })}`;
}

function setForm(view: DashboardView, m: MandateView | null): SafeHtml {
  const key = formKey('set_mandate');
  const failed = view.failed?.key === key;
  const field = (name: string, fallback: string) => typed(view, key, name, fallback);
  const amounts = AMOUNT_LIMITS.map((l) => {
    const a = m?.[l.key];
    return html`<fieldset>
      <legend>${l.label} <span class="muted">(${l.hint})</span></legend>
      <label
        >USD
        <input
          name="${l.key}_usd"
          inputmode="decimal"
          placeholder="e.g. 25.00"
          size="10"
          value="${field(`${l.key}_usd`, a?.usd ?? '')}"
      /></label>
      <label
        >Gems
        <input
          name="${l.key}_gems"
          inputmode="numeric"
          placeholder="e.g. 2500"
          size="10"
          value="${field(`${l.key}_gems`, a?.gems != null ? String(a.gems) : '')}"
      /></label>
    </fieldset>`;
  });
  const typedOps = failed ? (view.failed?.values.allowed_operations ?? '').split('\n') : null;
  const checked = (op: string) =>
    typedOps
      ? typedOps.includes(op)
      : m?.allowed_operations == null || (m.allowed_operations as readonly string[]).includes(op);
  const ops = MANDATE_OPERATIONS.map(
    (op) =>
      html`<label class="check"
        ><input type="checkbox" name="allowed_operations" value="${op}" ${raw(checked(op) ? 'checked' : '')} />
        ${OPERATION_WORDS[op]} (<code>${op}</code>)</label
      >`,
  );
  return actionForm(view, {
    action: 'set_mandate',
    submit: m ? 'Save mandate' : 'Set mandate',
    layout: 'block',
    hidden: { operations_shown: '1' },
    fields: html`<p class="muted">
        Leave an amount empty for no limit in that unit. Given in both USD and gems, both must hold; every spend is
        valued in both at the fixed gem rate.
      </p>
      ${amounts}
      <fieldset>
        <legend>May pay for <span class="muted">(all ticked: every operation; none: nothing)</span></legend>
        ${ops}
      </fieldset>
      <label
        >Namespaces, separated by commas <span class="muted">(empty: every namespace)</span>
        <input
          name="allowed_namespaces"
          placeholder="e.g. agent, bpo"
          size="30"
          value="${field('allowed_namespaces', m?.allowed_namespaces?.join(', ') ?? '')}"
      /></label>`,
  });
}

function historyTable(view: DashboardView, data: MandateData): SafeHtml {
  const rows = data.history.rows.map(
    (c) =>
      html`<tr>
        <td>${when(c.changed_at)}</td>
        <td>${whoWords(view, c.changed_by)}</td>
        <td>${mandateWords(c.before)}</td>
        <td>${mandateWords(c.after)}</td>
      </tr>`,
  );
  return html`${table({
    caption: 'Changes, newest first',
    head: ['When', 'Who', 'Before', 'After'],
    rows,
    empty: 'No changes yet.',
  })}
  ${pager({ path: view.path, page: data.history.page, hasMore: data.history.hasMore, label: 'Changes' })}`;
}

/**
 * An agent's spend mandate (docs/mandates.md): what it is and what remains of its budgets now, a form
 * that sets the whole of it, Remove, and every change with who made it and the mandate before and after.
 */
export function renderMandate(view: DashboardView, data: MandateData): SafeHtml {
  return html`<p>
      <a href="/dashboard/agents">Agents</a> › agent <code>${data.agentId}</code>. A mandate is your say in what this
      agent buys: how much per purchase, per day and per 30 days, on what and where. The registry enforces it on every
      rail (gems and machine payments).
    </p>
    <h2>Now</h2>
    ${current(view, data.mandate)}
    <h2>${data.mandate ? 'Change it' : 'Set a mandate'}</h2>
    ${setForm(view, data.mandate)}
    <h2>History</h2>
    ${historyTable(view, data)}`;
}
