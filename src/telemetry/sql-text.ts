// A string literal ('' escapes a quote inside it), or a number that is not part of a name ("s0", t_12)
// or a placeholder ($1).
const LITERAL = /'(?:[^']|'')*'|(?<![\w$."])\d+(?:\.\d+)?\b/g;

/**
 * A statement as a span may carry it: its shape, with every literal replaced by `?`. MikroORM inlines
 * the values into the SQL it sends, so the raw text would put names, account ids, key hashes and
 * webhook payloads into every trace and the collector's storage.
 */
export function withoutLiterals(sql: string): string {
  return sql.replace(LITERAL, '?');
}
