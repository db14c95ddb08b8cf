import { html, type SafeHtml } from '../../../pages/html.ts';
import { actionForm, formKey } from '../layout.ts';
import type { DashboardView } from '../view.ts';
import { recordsEdit, rowsOf, type RecordRow } from './records-edit.ts';
import type { DnsState } from '../answers.ts';
export type { DnsState };

/** A record as GET …/records answers it: absolute name, canonical content. */
export interface StoredRecord {
  type: string;
  name: string;
  content: string;
  ttl: number;
}

export const RECORD_TYPES = ['A', 'AAAA', 'CNAME', 'TXT', 'MX', 'SRV', 'CAA'] as const;
const NEW_ROWS = 3;

/** A stored name as a person writes it: `@` for the apex, else relative to the domain. */
export function relativeName(name: string, domain: string): string {
  const apex = `${domain.toLowerCase()}.`;
  if (name === apex) return '@';
  return name.endsWith(`.${apex}`) ? name.slice(0, -apex.length - 1) : name;
}

/** A TXT value as a person reads it: the text of its quoted strings, joined. */
function txtText(content: string): string {
  const parts = [...content.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => (m[1] ?? '').replace(/\\(["\\])/g, '$1'));
  return parts.length ? parts.join('') : content;
}

const storedRows = (records: readonly StoredRecord[], domain: string): RecordRow[] =>
  records.map((r) => ({
    type: r.type,
    name: relativeName(r.name, domain),
    content: r.type === 'TXT' ? txtText(r.content) : r.content,
    ttl: String(r.ttl),
    orig: `${r.name} ${r.type}`,
    remove: false,
  }));

const blank = (): RecordRow => ({ type: 'A', name: '', content: '', ttl: '', orig: '', remove: false });

/**
 * The row a failed save names: an editor field (`ttl.2`), an API item (`details.field` = `records.2`),
 * or, for the API's schema check, the item its message names (`body.records.2.content: …`).
 */
function failedRow(view: DashboardView, rows: readonly RecordRow[], domain: string): number | null {
  const failed = view.failed?.key === formKey('save_records') ? view.failed : null;
  if (!failed) return null;
  const own = /^(?:type|name|content|ttl|orig)\.(\d+)$/.exec(failed.field ?? '');
  if (own) return Number(own[1]);
  const item = /^records\.(\d+)/.exec(failed.field ?? '') ?? /\bbody\.records\.(\d+)\b/.exec(failed.message);
  if (!item) return null;
  return recordsEdit(rows, domain).rowOf[Number(item[1])] ?? null;
}

/** What the person had typed into the editor before a refusal, so nothing is lost. */
function typedRows(view: DashboardView): RecordRow[] | null {
  if (view.failed?.key !== formKey('save_records')) return null;
  const v = view.failed.values;
  const list = (k: string) => (v[k] === undefined || v[k] === '' ? [] : (v[k] ?? '').split('\n'));
  const type = list('type');
  if (type.length === 0) return null;
  const at = (k: string) => {
    const values = (v[k] ?? '').split('\n');
    return type.map((_, i) => values[i] ?? '');
  };
  return rowsOf({
    type,
    name: at('name'),
    content: at('content'),
    ttl: at('ttl'),
    orig: at('orig'),
    remove: list('remove'),
  });
}

// One record per line that wraps on a narrow screen (no sideways scrolling), its refusal on a line of its
// own beneath it: the layout's styles know forms, not an editor of rows, so the few rules are inline.
const ROW_STYLE =
  'display:flex;flex-wrap:wrap;gap:.5rem;align-items:flex-end;margin:0;padding:.5rem 0;border:0;border-bottom:1px solid #e5e7eb';

function rowHtml(r: RecordRow, i: number, error: string | null): SafeHtml {
  const types = RECORD_TYPES.map(
    (t) => html`<option value="${t}" ${r.type.toUpperCase() === t ? html`selected` : ''}>${t}</option>`,
  );
  return html`<fieldset style="${ROW_STYLE}">
    <legend class="muted">${r.orig ? `Record ${i + 1}` : 'New record'}</legend>
    <label
      >Type
      <select name="type">
        ${types}
      </select></label
    >
    <label>Name <input name="name" value="${r.name}" size="12" placeholder="@ or www" /></label>
    <label>Content <input name="content" value="${r.content}" size="28" /></label>
    <label>TTL (s) <input name="ttl" value="${r.ttl}" size="6" inputmode="numeric" placeholder="3600" /></label>
    <input type="hidden" name="orig" value="${r.orig}" />
    ${
      r.orig
        ? html`<label class="check"
            ><input type="checkbox" name="remove" value="${String(i)}" ${r.remove ? html`checked` : ''} /> Delete</label
          >`
        : ''
    }
    ${
      error
        ? html`<p class="error" role="alert" style="flex-basis:100%" id="record-error-${String(i)}">${error}</p>`
        : ''
    }
  </fieldset>`;
}

/** The DNS section: delegation, then the editor, whose "Save records" sends the whole edit as one PATCH. */
export function renderDns(view: DashboardView, domain: string, dns: DnsState): SafeHtml {
  const typed = typedRows(view);
  const rows = typed ?? [...storedRows(dns.records, domain), ...Array.from({ length: NEW_ROWS }, blank)];
  const bad = failedRow(view, rows, domain);
  const failedMessage = view.failed?.message ?? null;
  const editor = html`<div style="width:100%">
    <p class="muted">Records of ${domain}: change a record, tick “Delete” to remove it, fill a new one to add it.</p>
    ${rows.map((r, i) => rowHtml(r, i, i === bad ? failedMessage : null))}
  </div>`;
  // The refusal is shown beside its row and, as every refusal, under its form.
  const save = actionForm(view, { action: 'save_records', submit: 'Save records', layout: 'block', fields: editor });
  const delegation = dns.dns_enabled
    ? html`<p>
        Delegation is published: resolvers reach these records through
        ${dns.nameservers.map((n) => n.replace(/\.$/, '')).join(', ')}.
      </p>`
    : actionForm(view, {
        action: 'enable_dns',
        submit: 'Enable DNS',
        fields: html`<span
          >Delegation is not published yet: these records are kept, and served once you enable DNS. Until then the name
          publishes only its discovery records (manifest pointers, agent endpoints).</span
        >`,
      });
  return html`<section aria-labelledby="dns-heading">
    <h2 id="dns-heading">DNS records</h2>
    <p class="muted">
      ${dns.sync === 'published' ? 'DNS holds the latest records.' : 'The latest change is on its way to DNS.'} Every
      name also publishes ${dns.manifest_pointers.length} manifest TXT pointers at its apex.
    </p>
    ${delegation} ${save}
  </section>`;
}
