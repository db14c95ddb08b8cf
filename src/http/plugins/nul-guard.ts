import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../domain/errors.ts';

const NUL = '\u0000';
const parts = ['params', 'querystring', 'body'] as const;

/** A string no UTF-8 can hold: a lone surrogate, which a JSON escape can spell (`"\ud800"`). */
const illFormed = (s: string) => !s.isWellFormed();
const hasNul = (s: string) => s.includes(NUL);

/**
 * The path to the first string (value or object key) that is `bad`, or null. Iterative, so a deeply
 * nested JSON body cannot overflow the stack of the check that guards against it; each node keeps only
 * a link to its parent (the path is built once, when found), so the walk stays linear in the body's size
 * however deep it is.
 */
function badStringAt(root: unknown, bad: (s: string) => boolean): string[] | null {
  interface Node {
    value: unknown;
    key: string;
    parent: Node | null;
  }
  const pathOf = (node: Node | null, last?: string): string[] => {
    const path = last === undefined ? [] : [last];
    for (let n = node; n?.parent; n = n.parent) path.push(n.key);
    return path.reverse();
  };
  const stack: Node[] = [{ value: root, key: '', parent: null }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const { value } = node;
    if (typeof value === 'string') {
      if (bad(value)) return pathOf(node);
    } else if (Array.isArray(value)) {
      value.forEach((v, i) => stack.push({ value: v, key: String(i), parent: node }));
    } else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
      for (const [k, v] of Object.entries(value)) {
        if (bad(k)) return pathOf(node, k);
        stack.push({ value: v, key: k, parent: node });
      }
    }
  }
  return null;
}

const partOf = (req: FastifyRequest, part: (typeof parts)[number]) => (part === 'querystring' ? req.query : req[part]);

/**
 * No text that enters the service may hold U+0000 (docs/api.md "Text input"): PostgreSQL cannot
 * store it in a text column (a query with one fails, a 500), and what a C string reads of it ends there
 * (text kept shorter than sent). One rule for every route, before its own validation: any path
 * parameter, query value or key, and any string of a parsed body at any depth (a JSON document, a form,
 * a text/markdown document) is refused as 400 `invalid_request`. Headers never reach here with one:
 * Node's HTTP parser refuses a control character in a header. A body string holding a lone surrogate
 * (a JSON escape can spell one) is refused as 400 `invalid_utf8`: stored, it would become U+FFFD
 * (invalid bytes are refused before parsing, utf8-guard.ts).
 */
export const nulGuardPlugin = fp(
  async (app) => {
    // A callback hook: no promise on every request (issue 52); the refusal is handed to `next`.
    app.addHook('preValidation', (req, _reply, next) => next(refusalOf(req) ?? undefined));
  },
  { name: 'nul-guard' },
);

/** The refusal of a request holding text no column can store, or null. */
function refusalOf(req: FastifyRequest): AppError | null {
  for (const part of parts) {
    const at = badStringAt(partOf(req, part), hasNul);
    if (!at) continue;
    const where = [part, ...at].join('.').replaceAll(NUL, '\\u0000');
    return new AppError('invalid_request', `Text may not contain the NUL character (U+0000); found in ${where}.`, {
      location: part,
      path: at.join('.').replaceAll(NUL, '\\u0000'),
    });
  }
  const at = badStringAt(req.body, illFormed);
  if (!at) return null;
  const path = at.map((k) => k.toWellFormed()).join('.');
  return new AppError(
    'invalid_utf8',
    `Text must be Unicode that UTF-8 can hold; ${path ? `body.${path}` : 'the body'} holds a lone surrogate (an escape such as \\ud800). Nothing was changed.`,
    { location: 'body', path },
  );
}
