import { html, raw, type SafeHtml } from '../../pages/html.ts';
import type { DashboardView } from './view.ts';

/** Who the person acts for, and the choice of another of their teams (or themselves). */
export function teamSwitcher(view: DashboardView): SafeHtml {
  const teams = view.teams ?? [];
  if (teams.length === 0) return html``;
  const current = view.team?.id ?? '';
  const options = [
    html`<option value="" ${raw(current === '' ? 'selected' : '')}>Myself</option>`,
    ...teams.map(
      (t) => html`<option value="${t.id}" ${raw(current === t.id ? 'selected' : '')}>${t.name} (${t.role})</option>`,
    ),
  ];
  return html`<form method="post" action="/dashboard/switch" class="inline">
    <input type="hidden" name="csrf_token" value="${view.csrfToken}" />
    <input type="hidden" name="return_to" value="${view.path}" />
    <label
      >Acting for
      <select name="team_id">
        ${options}
      </select></label
    >
    <button type="submit">Switch</button>
  </form>`;
}
