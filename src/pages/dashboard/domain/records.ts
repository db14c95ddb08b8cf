import { recordName } from '../../../domain/dns-records.ts';
import { html, type SafeHtml } from '../../html.ts';
import { actionForm, formKey, type DashboardView } from '../layout.ts';

/** A record as GET …/records answers it: absolute name, canonical content. */
export interface StoredRecord {
  type: string;
  name: string;
  content: string;
  ttl: number;
}

export interface DnsState {
  dns_enabled: boolean;
  nameservers: string[];
  sync: 'published' | 'pending';
  records: StoredRecord[];
  manifest_pointers: string[];
}

/**
 * One row of the records editor as posted: what the person typed, `orig` the rrset it was loaded from
 * ("<absolute name> <TYPE>", empty for a new row) and whether its "Delete" box was ticked.
 */
export interface RecordRow {
  type: string;
  name: string;
  content: string;
  ttl: string;
  orig: string;
  remove: boolean;
}

/** The editor's repeated fields as posted (one value per row; `remove` holds the ticked rows' numbers). */
export interface PostedRows {
  type: string[];
  name: string[];
  content: string[];
  ttl: string[];
  orig: string[];
  remove: string[];
}

export interface RecordsEdit {
  /** The PATCH items (spec 4.5). */
  items: Record<string, unknown>[];
  /** The editor row each item came from, so a refusal naming an item is shown beside its row. */
  rowOf: number[];
}

export const RECORD_TYPES = ['A', 'AAAA', 'CNAME', 'TXT', 'MX', 'SRV', 'CAA'] as const;
const NEW_ROWS = 3;

export function rowsOf(p: PostedRows): RecordRow[] {
  const removed = new Set(p.remove);
  return p.type.map((type, i) => ({
    type,
    name: p.name[i] ?? '',
    content: p.content[i] ?? '',
    ttl: p.ttl[i] ?? '',
    orig: p.orig[i] ?? '',
    remove: removed.has(String(i)),
  }));
}

/** The rrset key a row names ("<absolute name> <TYPE>"), or null when its name is no name (the API says why). */
function keyOf(row: { name: string; type: string }, domain: string): string | null {
  try {
    return `${recordName(row.name, domain)} ${row.type.trim().toUpperCase()}`;
  } catch {
    return null;
  }
}

/**
 * The whole edit as one PATCH: every row kept is sent (the records given for an rrset replace it whole,
 * and rows naming the same rrset add up), and every rrset the editor loaded that no kept row names any
 * more is deleted. A blank new row is skipped. A TTL that is not digits is sent as typed, for the API to refuse.
 */
export function recordsEdit(rows: readonly RecordRow[], domain: string): RecordsEdit {
  const items: Record<string, unknown>[] = [];
  const rowOf: number[] = [];
  const kept = new Set<string>();
  rows.forEach((r, i) => {
    if (r.remove || (!r.orig && !r.name.trim() && !r.content.trim())) return;
    const ttl = r.ttl.trim();
    items.push({
      type: r.type,
      name: r.name,
      content: r.content,
      ...(ttl ? { ttl: /^\d{1,9}$/.test(ttl) ? Number(ttl) : ttl } : {}),
    });
    rowOf.push(i);
    const key = keyOf(r, domain);
    if (key) kept.add(key);
  });
  const deleted = new Set<string>();
  rows.forEach((r, i) => {
    if (!r.orig || kept.has(r.orig) || deleted.has(r.orig)) return;
    deleted.add(r.orig);
    const [name, type] = r.orig.split(' ');
    items.push({ type, name, delete: true });
    rowOf.push(i);
  });
  return { items, rowOf };
}

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

/** The row a failed save names: an editor field (`ttl.2`) or an API item (`records.2`) mapped back to its row. */
function failedRow(view: DashboardView, rows: readonly RecordRow[], domain: string): number | null {
  const field = view.failed?.key === formKey('save_records') ? view.failed.field : undefined;
  if (!field) return null;
  const own = /^(?:type|name|content|ttl|orig)\.(\d+)$/.exec(field);
  if (own) return Number(own[1]);
  const item = /^records\.(\d+)/.exec(field);
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

function rowHtml(r: RecordRow, i: number, error: string | null): SafeHtml {
  const id = (f: string) => `rec-${f}-${i}`;
  const types = RECORD_TYPES.map(
    (t) => html`<option value="${t}" ${r.type.toUpperCase() === t ? html`selected` : ''}>${t}</option>`,
  );
  return html`<tr${error ? html` class="failed"` : ''}>
    <td>
      <label for="${id('type')}">Type</label>
      <select id="${id('type')}" name="type">
        ${types}
      </select>
    </td>
    <td>
      <label for="${id('name')}">Name</label>
      <input id="${id('name')}" name="name" value="${r.name}" size="12" placeholder="@ or www" />
    </td>
    <td>
      <label for="${id('content')}">Content</label>
      <input id="${id('content')}" name="content" value="${r.content}" size="28" />
    </td>
    <td>
      <label for="${id('ttl')}">TTL (s)</label>
      <input id="${id('ttl')}" name="ttl" value="${r.ttl}" size="6" inputmode="numeric" placeholder="3600" />
    </td>
    <td>
      <input type="hidden" name="orig" value="${r.orig}" />
      ${
        r.orig
          ? html`<label
              ><input type="checkbox" name="remove" value="${String(i)}" ${r.remove ? html`checked` : ''} />
              Delete</label
            >`
          : html`<span class="muted">new</span>`
      }
      ${error ? html`<p class="error" role="alert" id="record-error-${String(i)}">${error}</p>` : ''}
    </td>
  </tr>`;
}

/** The DNS section: delegation, then the editor, whose "Save records" sends the whole edit as one PATCH. */
export function renderDns(view: DashboardView, domain: string, dns: DnsState): SafeHtml {
  const typed = typedRows(view);
  const rows = typed ?? [...storedRows(dns.records, domain), ...Array.from({ length: NEW_ROWS }, blank)];
  const bad = failedRow(view, rows, domain);
  const failedMessage = view.failed?.message ?? null;
  const editor = html`<div class="scroll">
    <table class="records">
      <caption class="muted">
        Records of ${domain}: change a row, tick “Delete” to remove it, fill an empty row to add one.
      </caption>
      <tbody>
        ${rows.map((r, i) => rowHtml(r, i, i === bad ? failedMessage : null))}
      </tbody>
    </table>
  </div>`;
  // The refusal is shown beside its row and, as every refusal, under its form.
  const save = actionForm(view, { action: 'save_records', submit: 'Save records', layout: 'block', fields: editor });
  const delegation = dns.dns_enabled
    ? html`<p>Delegation is published: resolvers reach these records through ${dns.nameservers.join(', ')}.</p>`
    : actionForm(view, {
        action: 'enable_dns',
        submit: 'Enable DNS',
        fields: html`<span
          >Delegation is not published yet: resolvers from the naming root do not reach these records.</span
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
