import { html, type SafeHtml } from '../../../pages/html.ts';
import { actionForm, formKey, typed } from '../layout.ts';
import type { DashboardView } from '../view.ts';

/** The display fields of a profile the page edits (PATCH …/profile); each empty field is removed. */
export const PROFILE_FIELDS = [
  { name: 'display_name', label: 'Display name' },
  { name: 'website', label: 'Website (https)' },
  { name: 'avatar_url', label: 'Avatar URL (https)' },
  { name: 'did', label: 'DID' },
  { name: 'matrix', label: 'Matrix user id' },
] as const;

/**
 * The agent's endpoints the page offers (each an https URL; an A2A one makes the name's signed A2A card
 * appear), then any other endpoint the profile already names, so saving the form never drops one.
 */
const ENDPOINTS = [
  { key: 'a2a', label: 'A2A endpoint (https; publishes the signed A2A card)' },
  { key: 'mcp', label: 'MCP endpoint (https)' },
  { key: 'web', label: 'Web endpoint (https)' },
] as const;
/** The form field of an endpoint: `endpoints.<key>`, as the API names it in a refusal. */
export const ENDPOINT_FIELD = 'endpoints.';

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

function endpointInputs(view: DashboardView, key: string, endpoints: Record<string, unknown>): SafeHtml[] {
  const others = Object.keys(endpoints).filter((k) => !ENDPOINTS.some((e) => e.key === k));
  return [...ENDPOINTS, ...others.map((k) => ({ key: k, label: `${k} endpoint (https)` }))].map(
    (e) =>
      html`<label
        >${e.label}
        <input
          name="${ENDPOINT_FIELD}${e.key}"
          type="url"
          size="34"
          value="${typed(view, key, `${ENDPOINT_FIELD}${e.key}`, text(endpoints[e.key]))}"
      /></label>`,
  );
}

/** The profile's display fields, the owner's skill text and the storefront binding. */
export function renderProfile(
  view: DashboardView,
  profile: Record<string, unknown>,
  storefrontId: string | null,
): SafeHtml {
  const key = formKey('save_profile');
  const inputs = PROFILE_FIELDS.map(
    (f) =>
      html`<label
        >${f.label} <input name="${f.name}" size="28" value="${typed(view, key, f.name, text(profile[f.name]))}"
      /></label>`,
  );
  const profileForm = actionForm(view, {
    action: 'save_profile',
    submit: 'Save profile',
    layout: 'block',
    fields: html`${inputs} ${endpointInputs(view, key, (profile.endpoints ?? {}) as Record<string, unknown>)}
      <label
        >Description
        <textarea name="description" rows="3" cols="34">
${typed(view, key, 'description', text(profile.description))}</textarea>
      </label>`,
  });
  const skill = actionForm(view, {
    action: 'publish_skill',
    submit: 'Publish skill.md',
    layout: 'block',
    fields: html`<label
      >Skill text (markdown; replaces the one published)
      <textarea name="skill_md" rows="6" cols="34">${typed(view, formKey('publish_skill'), 'skill_md')}</textarea>
    </label>`,
  });
  const catalog = (profile.commerce_catalog ?? null) as Record<string, unknown> | null;
  const sfKey = formKey('bind_storefront');
  const storefront = actionForm(view, {
    action: 'bind_storefront',
    submit: 'Bind storefront',
    layout: 'block',
    fields: html`<label
        >Provider <input name="provider" size="12" value="${typed(view, sfKey, 'provider', text(catalog?.provider))}"
      /></label>
      <label
        >Storefront id
        <input name="storefront_id" size="20" value="${typed(view, sfKey, 'storefront_id', storefrontId ?? '')}"
      /></label>
      <label
        >Catalog feed URL (https)
        <input name="feed_url" size="30" value="${typed(view, sfKey, 'feed_url', text(catalog?.feed_url))}"
      /></label>`,
  });
  return html`<section aria-labelledby="profile-heading">
    <h2 id="profile-heading">Profile</h2>
    <p class="muted">What lookup and agent.json publish; an empty field is removed.</p>
    ${profileForm}
    <h3>skill.md</h3>
    <p class="muted">Your text is shown in the name’s skill.md, quoted and marked as published by the owner.</p>
    ${skill} ${actionForm(view, { action: 'remove_skill', submit: 'Remove skill text' })}
    <h3>Storefront</h3>
    <p id="storefront-state">
      ${storefrontId ? html`Bound to storefront <code>${storefrontId}</code>.` : html`<span class="empty">No storefront bound.</span>`}
    </p>
    ${storefront} ${storefrontId ? actionForm(view, { action: 'unbind_storefront', submit: 'Unbind storefront' }) : ''}
  </section>`;
}
