// Name rules (docs/api.md "Name rules"): a label is 1-63 characters of lowercase ASCII letters, digits and
// inner hyphens. Input is trimmed and lowercased (DNS names are case-insensitive), and a trailing dot is
// accepted as the root; anything else that is not ASCII is refused rather than silently transcoded, so
// the name a caller pays for is always the name they typed.
export const LABEL_MAX = 63;
export const FQDN_MAX = 253;
export const labelPattern = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export type NameProblem =
  | 'empty'
  | 'non_ascii'
  | 'invalid_characters'
  | 'too_long'
  | 'hyphen_position'
  | 'idn_not_supported'
  | 'too_many_labels'
  | 'empty_label';

export type NameCheck = { ok: true; value: string } | { ok: false; problem: NameProblem; message: string };

const messages: Record<NameProblem, string> = {
  empty: 'The name is empty.',
  non_ascii:
    'The name contains non-ASCII characters. Only lowercase letters a-z, digits 0-9 and inner hyphens are allowed; internationalised names are not supported.',
  invalid_characters: 'Only letters a-z, digits 0-9 and inner hyphens are allowed in a name.',
  too_long: `A name is at most ${LABEL_MAX} characters long.`,
  hyphen_position: 'A name cannot start or end with a hyphen.',
  idn_not_supported: 'Names with "--" in the third and fourth position (punycode, "xn--") are not supported.',
  too_many_labels: 'Give a single name, optionally followed by one namespace, e.g. "scout" or "scout.agent".',
  empty_label:
    'A part of the name is empty (a leading dot, or two dots in a row); only one trailing root dot is allowed.',
};

export function nameError(problem: NameProblem): { ok: false; problem: NameProblem; message: string } {
  return { ok: false, problem, message: messages[problem] };
}

export function normalizeInput(raw: string): string {
  return raw.trim().toLowerCase().replace(/\.$/, '');
}

export function checkLabel(raw: string): NameCheck {
  const value = normalizeInput(raw);
  if (value.length === 0) return nameError('empty');
  // Checked on the raw input too: toLowerCase() can map some non-ASCII letters (e.g. the Kelvin sign) onto ASCII.
  if (/[^\x00-\x7f]/.test(raw) || /[^\x00-\x7f]/.test(value)) return nameError('non_ascii');
  if (value.includes('.')) return nameError('too_many_labels');
  if (!/^[a-z0-9-]+$/.test(value)) return nameError('invalid_characters');
  if (value.length > LABEL_MAX) return nameError('too_long');
  if (value.startsWith('-') || value.endsWith('-')) return nameError('hyphen_position');
  if (value.slice(2, 4) === '--') return nameError('idn_not_supported');
  return { ok: true, value };
}

export type ParsedName = { label: string; namespace: string | null };

/** Splits "scout" or "scout.agent" into label and optional namespace, checking the label. */
export function parseQuery(
  raw: string,
): { ok: true; value: ParsedName } | { ok: false; problem: NameProblem; message: string } {
  const value = normalizeInput(raw);
  if (value.length === 0) return nameError('empty');
  if (/[^\x00-\x7f]/.test(raw)) return nameError('non_ascii');
  if (value.length > FQDN_MAX) return nameError('too_long');
  const parts = value.split('.');
  // normalizeInput dropped one trailing root dot; any other empty part ("scout..", ".agent") is an error, not a bare name.
  if (parts.some((p) => p === '')) return nameError('empty_label');
  if (parts.length > 2) return nameError('too_many_labels');
  const label = checkLabel(parts[0] ?? '');
  if (!label.ok) return label;
  return { ok: true, value: { label: label.value, namespace: parts[1] ?? null } };
}
