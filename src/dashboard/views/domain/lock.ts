import type { z } from 'zod';
import type { lockStateResponse } from '../../../api/routes/domain/registrar-lock.schemas.ts';
import { html, type SafeHtml } from '../../../pages/html.ts';
import { when } from '../keys.ts';
import { actionForm } from '../layout.ts';
import type { DashboardView } from '../view.ts';

/** The name's registrar lock as GET …/lock answers it. */
export type LockState = z.output<typeof lockStateResponse>;

/**
 * The registrar lock (docs/teams.md "Registrar lock"): locked at once; unlocking asks, and waits for a
 * second person's approval or the delay, which anyone who manages the name may cancel.
 */
export function renderLock(view: DashboardView, s: LockState): SafeHtml {
  const pending = s.unlock;
  const state = s.locked
    ? html`<p>
        <strong>Locked</strong> since ${when(s.lock?.locked_at ?? null)}: it cannot be transferred, listed, sold or
        delegated anew (${s.statuses.join(', ')}).
      </p>`
    : html`<p>Not locked. A lock refuses every move of the name until an unlock takes effect.</p>`;
  const forms = !s.locked
    ? actionForm(view, { action: 'lock', submit: 'Lock' })
    : pending
      ? html`<p>
            An unlock was asked for on ${when(pending.requested_at)}; it takes effect on ${when(pending.effective_at)}
            unless someone cancels it, or at once when a second person approves it.
          </p>
          ${
            // The second person approves: never the one who asked (the API refuses it all the same).
            pending.requested_by === view.person.accountId
              ? html`<p class="muted" id="unlock-asked-by-you">You asked for it: a second person approves it.</p>`
              : actionForm(view, { action: 'approve_unlock', submit: 'Approve unlock' })
          }
          ${actionForm(view, { action: 'cancel_unlock', submit: 'Cancel unlock' })}`
      : actionForm(view, { action: 'request_unlock', submit: 'Ask to unlock' });
  return html`<section aria-labelledby="lock-heading">
    <h2 id="lock-heading">Registrar lock</h2>
    ${state} ${forms}
  </section>`;
}
