import { recordName } from '../../../domain/dns-records.ts';

// The records editor's form as one PATCH …/records (spec 4.5): used by the page's action to build the
// request and by its renderer to put a refusal naming an item beside the row it came from.

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
