import { escapeHtml } from './landing.ts';

/**
 * Markup that is already safe: built by the `html` template (whose values are escaped) or by `raw` on
 * a constant. Anything else placed in a template is text and is escaped, so a page cannot forget to.
 */
export class SafeHtml {
  readonly value: string;
  constructor(value: string) {
    this.value = value;
  }
  toString(): string {
    return this.value;
  }
}

type Part = SafeHtml | string | number | boolean | null | undefined | readonly Part[];

function render(part: Part): string {
  if (part === null || part === undefined || part === false) return '';
  if (part instanceof SafeHtml) return part.value;
  if (Array.isArray(part)) return (part as readonly Part[]).map(render).join('');
  return escapeHtml(String(part as string | number | boolean));
}

/** A template of markup: every interpolated value is escaped unless it is SafeHtml; arrays are joined. */
export function html(strings: TemplateStringsArray, ...values: Part[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((v, i) => {
    out += render(v) + (strings[i + 1] ?? '');
  });
  return new SafeHtml(out);
}

/** Trusted markup (a constant of ours, never a value a person or an agent supplied). */
export const raw = (markup: string): SafeHtml => new SafeHtml(markup);
