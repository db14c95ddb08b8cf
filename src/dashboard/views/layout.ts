import { createHash } from 'node:crypto';
import { html, raw, type SafeHtml } from '../../pages/html.ts';
import { teamSwitcher } from './switcher.ts';
import type { DashboardView, FailedForm } from './view.ts';

export const sections = [
  { path: '/dashboard', label: 'Overview' },
  { path: '/dashboard/agents', label: 'Agents' },
  { path: '/dashboard/approvals', label: 'Approvals' },
  { path: '/dashboard/keys', label: 'Keys' },
  { path: '/dashboard/market', label: 'Market' },
  { path: '/dashboard/webhooks', label: 'Webhooks' },
  { path: '/dashboard/activity', label: 'Activity' },
  { path: '/dashboard/team', label: 'Team' },
] as const;

// Readable on a 375-pixel phone: one column, wide tables scroll inside their box, controls wrap.
// Colours keep a contrast of at least 4.5:1 (axe's color-contrast rule).
const style = `
*{box-sizing:border-box}
body{font-family:system-ui,sans-serif;margin:0;color:#1d1d1f;line-height:1.5;background:#fff}
a{color:#1d4ed8}
.skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:1rem;background:#fff;padding:.5rem}
header.top{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center;justify-content:space-between;padding:.75rem 1rem;border-bottom:1px solid #d1d5db}
header.top .brand{font-weight:700;text-decoration:none;color:#1d1d1f}
header.top form{margin:0}
nav.sections ul{display:flex;flex-wrap:wrap;gap:.25rem .75rem;list-style:none;margin:0;padding:.5rem 1rem;border-bottom:1px solid #e5e7eb}
nav.sections a[aria-current=page]{font-weight:700;color:#1d1d1f}
main{max-width:60rem;margin:0 auto;padding:1rem}
h1{font-size:1.6rem;margin:.5rem 0 1rem}h2{font-size:1.2rem;margin:1.5rem 0 .5rem}
.scroll{overflow-x:auto}
table{border-collapse:collapse;width:100%;font-size:.95rem}
th,td{text-align:left;padding:.35rem .5rem;border-bottom:1px solid #e5e7eb;vertical-align:top}
form.inline{display:inline-flex;flex-wrap:wrap;gap:.35rem;align-items:center;margin:.15rem 0}
form.block{display:flex;flex-wrap:wrap;gap:.5rem;align-items:flex-end;margin:.5rem 0 1rem}
form.block label{display:flex;flex-direction:column;font-size:.9rem;gap:.15rem;min-width:0;max-width:100%}
input,select,button,textarea{font:inherit;padding:.35rem .5rem;max-width:100%}
form.block label.check{flex-direction:row;align-items:center;gap:.35rem}
button{cursor:pointer}
.notice{background:#ecfdf5;border:1px solid #047857;color:#064e3b;padding:.5rem .75rem;border-radius:.25rem}
.error{color:#991b1b;margin:.25rem 0}
.reveal{background:#fffbeb;border:1px solid #92400e;padding:.75rem;border-radius:.25rem}
.reveal code{font-size:1rem;word-break:break-all}
.empty{color:#4b5563;font-style:italic}
.grace{color:#92400e;font-weight:600}
.muted{color:#4b5563}
.count{display:inline-block;min-width:1.4em;padding:0 .35em;border-radius:.7em;background:#991b1b;color:#fff;font-size:.85em;text-align:center}
fieldset{border:1px solid #d1d5db;padding:.35rem .75rem .6rem;display:flex;flex-wrap:wrap;gap:.5rem;min-width:0}
code{background:#f3f4f6;padding:0 .25rem;word-break:break-all}
td code{white-space:nowrap;word-break:normal}
.account{font-size:.85rem}
caption{text-align:left;overflow-wrap:anywhere}
@media (max-width:40rem){
.scroll{overflow-x:visible}
table.cards,.cards tbody,.cards tr,.cards td,.cards tbody th,.cards caption{display:block;width:100%}
.cards thead{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.cards tr{border:1px solid #d1d5db;border-radius:.25rem;margin:0 0 .75rem;padding:.35rem .6rem}
.cards td,.cards tbody th{border:0;padding:.15rem 0;overflow-wrap:anywhere}
.cards [data-label]::before{content:attr(data-label) ": ";font-weight:600}
.cards td code{white-space:normal;word-break:break-all}
}
`;

/**
 * The dashboard's inline script, admitted by its hash in the CSP: the copy button of a revealed secret.
 * The page serves exactly these bytes between <script> and </script> (`scriptTag`), never reformatted: the
 * hash is of what is served, so a byte of whitespace more would leave the button dead.
 */
export const dashboardScript = `
document.addEventListener('click', function (event) {
  var button = event.target.closest ? event.target.closest('[data-copy]') : null;
  if (!button) return;
  var source = document.getElementById(button.getAttribute('data-copy'));
  if (!source || !navigator.clipboard) return;
  navigator.clipboard.writeText(source.textContent).then(function () { button.textContent = 'Copied'; });
});
`;

/** The script element as served: its content is `dashboardScript`, byte for byte (what the CSP hash is of). */
const scriptTag = raw(`<script>${dashboardScript}</script>`);

// Failures shown beside their form while the body rendered; any other (its form is gone, such as a
// revoke of a key that is not on the page) is shown at the top, so no refusal goes unsaid.
const shownBesideForm = new WeakSet<FailedForm>();

/** One dashboard page (its body rendered first): header with sign-out, the sections, the notice or secret, then the page's own content. */
export function dashboardPage(view: DashboardView, o: { title: string; body: SafeHtml }): string {
  const who = view.person.name ?? view.person.accountId;
  const nav = sections.map(
    (s) =>
      html`<li>
        <a href="${s.path}" ${raw(s.path === sectionOf(view.path) ? ' aria-current="page"' : '')}
          >${s.label}${s.path === '/dashboard/approvals' && view.pendingApprovals ? html` <span class="count">${view.pendingApprovals}<span class="skip"> waiting</span></span>` : ''}</a
        >
      </li>`,
  );
  const page = html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${o.title} · Agent domain registry</title>
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <style>
          ${raw(style)}
        </style>
      </head>
      <body>
        <a class="skip" href="#content">Skip to content</a>
        <header class="top">
          <a class="brand" href="/">Agent domain registry</a>
          <span
            >Signed in as <strong>${who}</strong>
            <span class="account muted">(account <code id="account-id">${view.person.accountId}</code>)</span>${
              view.team
                ? html`<span id="acting-for"
                    >, acting for <strong>${view.team.name}</strong> as ${view.team.role}
                    <span class="account muted">(account <code>${view.team.id}</code>)</span></span
                  >`
                : ''
            }</span
          >
          ${teamSwitcher(view)}
          <form method="post" action="/auth/logout"><button type="submit">Sign out</button></form>
        </header>
        <nav class="sections" aria-label="Dashboard">
          <ul>
            ${nav}
          </ul>
        </nav>
        <main id="content">
          <h1>${o.title}</h1>
          ${view.notice ? html`<p class="notice" role="status">${view.notice}</p>` : ''}
          ${view.reveal ? revealBox(view.reveal) : ''}
          ${view.failed && !shownBesideForm.has(view.failed) ? html`<p class="error" role="alert">${view.failed.message}</p>` : ''}
          ${o.body}
        </main>
        ${scriptTag}
      </body>
    </html>`;
  return page.value;
}

function revealBox(r: { label: string; value: string }): SafeHtml {
  return html`<div class="reveal" role="status">
    <p><strong>${r.label}</strong> It is shown this once: copy it now; it cannot be shown again.</p>
    <p><code id="revealed-secret">${r.value}</code> <button type="button" data-copy="revealed-secret">Copy</button></p>
  </div>`;
}

/** The section a path belongs to (a domain's page is under Overview). */
function sectionOf(path: string): string {
  const match = sections.filter((s) => s.path !== '/dashboard' && (path === s.path || path.startsWith(`${s.path}/`)));
  return match[0]?.path ?? '/dashboard';
}

export interface FormOptions {
  /** The action the page's POST handler runs (its actions table). */
  action: string;
  /** Which row the form acts on, when a page has one form per row (a key id, a record). */
  target?: string;
  /** The submit button's text: the words a person clicks ("Revoke", "Save records"). */
  submit: string;
  /** What the button does to which row, for a screen reader, where a table has one such button per row. */
  label?: string;
  /** The visible fields (labelled inputs); hidden values go in `hidden`. */
  fields?: SafeHtml;
  hidden?: Record<string, string>;
  /** `block` lays fields out as a labelled form; `inline` fits in a table row. */
  layout?: 'block' | 'inline';
  /** Posts to another page (a domain's page from the overview); by default the page's own path. */
  to?: string;
}

/** The key under which a form's failure is reported, so the error appears beside the right form. */
export const formKey = (action: string, target?: string) => (target ? `${action}:${target}` : action);

/** Whether the person's role lets them use a form (acting as themselves, every form is theirs). */
export const mayUse = (view: DashboardView, action: string): boolean => !view.mayAct || view.mayAct(action);

/**
 * A form of the dashboard: posts back to its page with the action's name, the session's form token
 * (CSRF) and a fresh form id, which the API receives as the Idempotency-Key, so a form sent twice acts once.
 * A failure of this very form is shown beside it.
 */
export function actionForm(view: DashboardView, o: FormOptions): SafeHtml {
  // Only what the role may do is offered; the API refuses the rest all the same (docs/teams.md "Roles").
  if (!o.to && !mayUse(view, o.action)) return html``;
  const key = formKey(o.action, o.target);
  const failed = view.failed?.key === key ? view.failed : null;
  if (failed) shownBesideForm.add(failed);
  const hidden = Object.entries({
    csrf_token: view.csrfToken,
    form_id: crypto.randomUUID(),
    action: o.action,
    ...(o.target ? { target: o.target } : {}),
    ...o.hidden,
  }).map(([k, v]) => html`<input type="hidden" name="${k}" value="${v}" />`);
  return html`<form method="post" action="${o.to ?? view.path}" class="${o.layout ?? 'inline'}">
    ${hidden}${o.fields ?? ''}<button
      type="submit"
      ${raw(o.label ? html`aria-label="${o.submit} ${o.label}"`.value : '')}
    >
      ${o.submit}</button
    >${failed ? html`<p class="error" role="alert">${failed.message}</p>` : ''}
  </form>`;
}

/** What the person typed into a failed form (so a refusal does not make them type it again), else the default. */
export function typed(view: DashboardView, key: string, field: string, fallback = ''): string {
  return view.failed?.key === key ? (view.failed.values[field] ?? fallback) : fallback;
}

/**
 * A labelled field for something typed or pasted exactly (a claim code, an address): no autocompletion
 * and no spell check; after a refused submit of `action`'s form it holds what was typed, else `value`.
 */
export function exactField(
  view: DashboardView,
  action: string,
  o: {
    label: string;
    name: string;
    maxlength: number;
    size?: number;
    placeholder?: string;
    required?: boolean;
    value?: string;
  },
): SafeHtml {
  return html`<label
    >${o.label}
    <input
      name="${o.name}"
      ${o.required ? 'required' : ''}
      maxlength="${o.maxlength}"
      ${o.size ? html`size="${o.size}"` : ''}
      autocomplete="off"
      spellcheck="false"
      value="${typed(view, formKey(action), o.name, o.value ?? '')}"
      ${o.placeholder ? html`placeholder="${o.placeholder}"` : ''}
  /></label>`;
}

/** A form of its own for one exact field (a claim code, a payout address), the field above its button. */
export function exactFieldForm(
  view: DashboardView,
  o: { action: string; submit: string; field: Parameters<typeof exactField>[2] },
): SafeHtml {
  return actionForm(view, {
    action: o.action,
    submit: o.submit,
    layout: 'block',
    fields: exactField(view, o.action, o.field),
  });
}

/** The CSP source that admits the dashboard's one inline script (src/http/plugins/security.ts, given it by src/server/app.ts). */
export const dashboardScriptHash = `'sha256-${createHash('sha256').update(dashboardScript).digest('base64')}'`;
