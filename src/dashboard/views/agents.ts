import { html, type SafeHtml } from '../../pages/html.ts';
import { when } from './keys.ts';
import { actionForm, exactFieldForm } from './layout.ts';
import type { DashboardView } from './view.ts';
import { pager, table } from './lists.ts';
import type { AgentRow, DomainRow } from './answers.ts';
import { counted } from '../../domain/words.ts';
export type { AgentRow };

/** An agent of GET /api/v1/agents, with the first of its domains (GET /api/v1/domains?owner_id=…). */
export type AgentView = AgentRow & { domains: DomainRow[] };

export interface AgentsData {
  agents: AgentView[];
  total: number;
  page: number;
  hasMore: boolean;
}

/** How many of an agent's domains the page lists (the overview lists them all). */
export const DOMAINS_SHOWN = 10;

/** The target of a form acting on one agent's key. */
export const agentKeyTarget = (agentId: string, keyId: string) => `${agentId}/${keyId}`;

function keysOf(view: DashboardView, a: AgentView): SafeHtml {
  const rows = a.keys.map(
    (k) =>
      html`<tr>
        <td><code>${k.prefix}…</code></td>
        <td>${k.name ?? html`<span class="muted">unnamed</span>`}</td>
        <td>${when(k.created_at)}</td>
        <td>${when(k.last_used_at)}</td>
        <td>
          ${
            k.revoked_at
              ? html`Revoked ${when(k.revoked_at)}`
              : actionForm(view, {
                  action: 'revoke_agent_key',
                  target: agentKeyTarget(a.account_id, k.key_id),
                  submit: 'Revoke',
                  label: `key ${k.prefix} of ${agentName(a)}`,
                })
          }
        </td>
      </tr>`,
  );
  return table({
    caption: 'Keys',
    head: ['Prefix', 'Name', 'Created', 'Last used', ''],
    rows,
    empty: 'This agent has no keys.',
  });
}

function domainsOf(a: AgentView): SafeHtml {
  if (a.domain_count === 0) return html`<p class="empty">No domains yet.</p>`;
  const items = a.domains.map(
    (d) =>
      html`<li>
        <a href="/dashboard/domains/${encodeURIComponent(d.name)}">${d.name}</a>
        <span class="${d.status === 'grace' ? 'grace' : 'muted'}"
          >${d.status}, expires ${d.expiry_date.slice(0, 10)}</span
        >
      </li>`,
  );
  const more = a.domain_count - a.domains.length;
  return html`<ul>
      ${items}
    </ul>
    ${more > 0 ? html`<p class="muted">And ${more} more: <a href="/dashboard">see them all on the overview</a>.</p>` : ''}`;
}

function agentSection(view: DashboardView, a: AgentView): SafeHtml {
  return html`<section aria-labelledby="agent-${a.account_id}">
    <h3 id="agent-${a.account_id}">${agentName(a)}</h3>
    <p class="muted">
      Account <code>${a.account_id}</code>${a.claimed_at ? html`, claimed ${when(a.claimed_at)}` : ''};
      ${counted(a.domain_count, 'domain')}.
    </p>
    <p>
      <a href="/dashboard/agents/${a.account_id}/mandate" aria-label="Spend mandate of ${agentName(a)}">Spend mandate</a
      >: what it may buy, its budgets and what remains of them.
    </p>
    ${domainsOf(a)} ${keysOf(view, a)}
  </section>`;
}

/** The agents page: claim one by its claim code, then each claimed agent with its domains and keys. */
export function renderAgents(view: DashboardView, data: AgentsData): SafeHtml {
  const claim = exactFieldForm(view, {
    action: 'claim_agent',
    submit: 'Claim agent',
    field: { label: 'Claim code', name: 'claim_code', maxlength: 100, required: true },
  });
  return html`<p>
      An agent provisioned over the API gets a single-use claim code. Enter it here to manage the agent from this
      account: its domains, its checkouts and its keys.
    </p>
    <h2>Claim an agent</h2>
    ${claim}
    <h2>Your agents</h2>
    ${
      data.agents.length === 0
        ? html`<p class="empty">No agents yet — claim one with its claim code above.</p>`
        : data.agents.map((a) => agentSection(view, a))
    }
    ${pager({ path: view.path, page: data.page, hasMore: data.hasMore })}`;
}

/** An agent in words: its display name, else the start of its account id. */
export const agentName = (a: { account_id: string; display_name: string | null }): string =>
  a.display_name ?? `Agent ${a.account_id.slice(0, 8)}`;
