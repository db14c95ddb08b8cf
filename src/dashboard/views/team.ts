import { teamRoles } from '../../domain/team.ts';
import { html, type SafeHtml } from '../../pages/html.ts';
import { actionForm, formKey, mayUse, typed } from './layout.ts';
import type { DashboardView } from './view.ts';
import { table } from './lists.ts';
import { when } from './keys.ts';
import { counted } from '../../domain/words.ts';

export interface TeamRow {
  team: { id: string; name: string };
  role: string;
}
export interface TeamDetail {
  team: { id: string; name: string };
  role: string;
  members: { account_id: string; display_name: string | null; role: string; joined_at: string }[];
  holdings: { names: number; agents: number };
}
export interface InvitationRow {
  id: string;
  role: string;
  expires_at: string;
  used_at: string | null;
  revoked_at: string | null;
}
export interface TeamData {
  teams: TeamRow[];
  /** The team the person acts for, with its members; null: acting as themselves. */
  current: TeamDetail | null;
  /** Its invitations, for its owner; null: not theirs to see. */
  invitations: InvitationRow[] | null;
}

const roleSelect = (name: string, chosen = 'operator') =>
  html`<select name="${name}">
    ${teamRoles.map((r) => html`<option value="${r}" ${r === chosen ? html`selected` : ''}>${r}</option>`)}
  </select>`;

function invitationState(i: InvitationRow): string {
  if (i.used_at) return `used ${when(i.used_at)}`;
  if (i.revoked_at) return `withdrawn ${when(i.revoked_at)}`;
  if (Date.parse(i.expires_at) <= Date.now()) return `expired ${when(i.expires_at)}`;
  return `open until ${when(i.expires_at)}`;
}

function currentTeam(view: DashboardView, t: TeamDetail, invitations: InvitationRow[] | null): SafeHtml {
  const members = t.members.map(
    (m) =>
      html`<tr>
        <td>${m.display_name ?? html`<code>${m.account_id.slice(0, 8)}</code>`}</td>
        <td>${m.role}</td>
        <td>${when(m.joined_at)}</td>
        <td>
          ${
            // Members are the owner's to manage (docs/teams.md "Roles"): no form another role can only be refused.
            t.role !== 'owner'
              ? ''
              : html`${actionForm(view, {
                  action: 'set_role',
                  target: m.account_id,
                  submit: 'Change role',
                  label: `of ${m.display_name ?? m.account_id}`,
                  fields: html`<label class="skip-label">Role ${roleSelect('role', m.role)}</label>`,
                })}
                ${actionForm(view, {
                  action: 'remove_member',
                  target: m.account_id,
                  submit: 'Remove',
                  label: m.display_name ?? m.account_id,
                })}`
          }
        </td>
      </tr>`,
  );
  const invite = actionForm(view, {
    action: 'invite',
    submit: 'Make an invitation link',
    layout: 'block',
    fields: html`<label>Role ${roleSelect('role')}</label>`,
  });
  return html`<section aria-labelledby="members-heading">
      <h2 id="members-heading">${t.team.name}: members</h2>
      <p>
        You are its <strong>${t.role}</strong>. It holds ${counted(t.holdings.names, 'name')} and
        ${counted(t.holdings.agents, 'agent')}. A role decides what each member may do: an owner everything, an admin
        everything but members, an operator names and records, billing gems, mandates and approvals, an auditor reads
        everything and changes nothing.
      </p>
      ${table({ head: ['Member', 'Role', 'Joined', ''], rows: members, empty: 'No members.' })}
    </section>
    ${
      invitations
        ? html`<section aria-labelledby="invite-heading">
            <h2 id="invite-heading">Invite someone</h2>
            <p>An invitation link works once, for 7 days. Send it to one person; it is shown once.</p>
            ${invite}
            ${table({
              caption: 'Invitations',
              head: ['Role', 'State'],
              rows: invitations.map(
                (i) =>
                  html`<tr>
                    <td>${i.role}</td>
                    <td>${invitationState(i)}</td>
                  </tr>`,
              ),
              empty: 'No invitations yet.',
            })}
          </section>`
        : ''
    }
    ${
      // Sections that only explain a form the role is not shown are left out with it.
      mayUse(view, 'move_gems')
        ? html`<section aria-labelledby="gems-heading">
            <h2 id="gems-heading">Gems</h2>
            <p>
              A team starts with no gems, and moving in moves none: its renewals are paid from what you move here.
              Either way, recorded in the ledger and the audit trail.
            </p>
            ${actionForm(view, {
              action: 'move_gems',
              submit: 'Move gems',
              layout: 'block',
              fields: html`<label
                  >Gems
                  <input
                    name="amount"
                    inputmode="numeric"
                    size="9"
                    value="${typed(view, formKey('move_gems'), 'amount')}"
                /></label>
                <label
                  >Direction
                  <select name="direction">
                    <option value="to_team">from you to ${t.team.name}</option>
                    <option value="from_team">from ${t.team.name} to you</option>
                  </select></label
                >`,
            })}
          </section>`
        : ''
    }
    ${
      mayUse(view, 'move_in')
        ? html`<section aria-labelledby="move-heading">
            <h2 id="move-heading">Bring your names and agents</h2>
            <p>Moves the names you hold and the agents you claimed into ${t.team.name}, as one recorded operation.</p>
            ${actionForm(view, { action: 'move_in', submit: `Move mine into ${t.team.name}` })}
          </section>`
        : ''
    }`;
}

/** The team page: the team the person acts for (members, invitations, moving in), and making a new one. */
export function renderTeam(view: DashboardView, data: TeamData): SafeHtml {
  const create = actionForm(view, {
    action: 'create_team',
    submit: 'Create team',
    layout: 'block',
    fields: html`<label
      >Name <input name="name" maxlength="100" required value="${typed(view, formKey('create_team'), 'name')}"
    /></label>`,
  });
  return html`${
      data.current
        ? currentTeam(view, data.current, data.invitations)
        : html`<p>
            You are acting as yourself.
            ${
              data.teams.length
                ? 'Choose one of your teams at the top of the page to see its members and act for it.'
                : 'A team shares agents, names, keys, webhooks and mandates among several people, each with a role.'
            }
          </p>`
    }
    <section aria-labelledby="create-heading">
      <h2 id="create-heading">Create a team</h2>
      ${create}
    </section>`;
}

/** An invitation link's page: the team and role it offers, and the button that joins. */
export function renderInvitation(
  view: DashboardView,
  data: { team: string; role: string; expires_at: string } | { joined: true },
): SafeHtml {
  if ('joined' in data)
    return html`<p>
      Choose the team at the top of the page to act for it, or see it on <a href="/dashboard/team">Team</a>.
    </p>`;
  return html`<p>
      You are invited to join <strong>${data.team}</strong> as <strong>${data.role}</strong>. The link works once and
      until ${when(data.expires_at)}.
    </p>
    ${actionForm(view, { action: 'accept', submit: `Join ${data.team}` })}`;
}
