import { html, raw, type SafeHtml } from '../../pages/html.ts';

// The dashboard's lists: a table that reads on a phone, and the pager under a paged one.

/** A table that scrolls inside its box on a narrow screen; an empty list says so in words instead. */
export function table(o: { caption?: string; head: string[]; rows: SafeHtml[]; empty: SafeHtml | string }): SafeHtml {
  if (o.rows.length === 0) return html`<p class="empty">${o.empty}</p>`;
  // The box scrolls on a narrow screen: focusable and named, so a keyboard can scroll it too (axe's
  // scrollable-region-focusable).
  const name = o.caption ?? o.head.filter(Boolean).join(', ');
  // On a narrow screen each row is a card: its cells stacked, each headed by its column's name.
  const rows = o.rows.map((row) => {
    let i = 0;
    return raw(
      row.value.replace(/<(td|th)(?=[\s>])/g, (tag) => {
        const label = o.head[i++] ?? '';
        return label ? html`${raw(tag)} data-label="${label}"`.value : tag;
      }),
    );
  });
  return html`<div class="scroll" tabindex="0" role="region" aria-label="${name}">
    <table class="cards">
      ${
        o.caption
          ? html`<caption class="muted">
              ${o.caption}
            </caption>`
          : ''
      }
      <thead>
        <tr>
          ${o.head.map((h) => html`<th scope="col">${h}</th>`)}
        </tr>
      </thead>
      <tbody>
        ${rows}
      </tbody>
    </table>
  </div>`;
}

/** Links to the previous and next page of a paged list. */
export function pager(o: {
  path: string;
  page: number;
  hasMore: boolean;
  param?: string;
  /** The page's other query values (another list's page), kept on the links. */
  keep?: Record<string, string>;
  /** What is paged, when a page has several lists: names the navigation for a screen reader. */
  label?: string;
}): SafeHtml {
  const param = o.param ?? 'page';
  const at = (p: number) => `${o.path}?${new URLSearchParams({ ...o.keep, [param]: String(p) }).toString()}`;
  if (o.page <= 1 && !o.hasMore) return html``;
  return html`<nav class="pager" aria-label="${o.label ? `${o.label}: pages` : 'Pages'}">
    <p>
      ${o.page > 1 ? html`<a href="${at(o.page - 1)}" rel="prev">Previous</a> ` : ''}Page
      ${o.page}${o.hasMore ? html` <a href="${at(o.page + 1)}" rel="next">Next</a>` : ''}
    </p>
  </nav>`;
}
