import { AppError } from '../domain/errors.ts';
import { parseQuery } from '../domain/names.ts';
import type { NamespaceDirectory } from '../domain/namespace-directory.ts';
import { requireNamespace } from './namespace-param.ts';

/** A full "<label>.<namespace>" given in a body: bad syntax and an unknown namespace are both 400s. */
export function parseBodyName(dir: NamespaceDirectory, raw: string): string {
  const parsed = parseQuery(raw);
  if (!parsed.ok) throw new AppError('invalid_name', parsed.message, { problem: parsed.problem });
  if (!parsed.value.namespace) {
    throw new AppError('invalid_name', 'Give the full name including its namespace, e.g. "scout.agent".', {
      problem: 'namespace_missing',
    });
  }
  return `${parsed.value.label}.${requireNamespace(dir, parsed.value.namespace, 'input').namespace}`;
}
