import { AppError, domainNotFound } from '../domain/errors.ts';
import { parseQuery } from '../domain/names.ts';
import type { NamespaceDirectory, NamespaceInfo } from '../domain/namespace-directory.ts';
import { requireNamespace } from './namespace-param.ts';

/**
 * Parses a full "<label>.<namespace>" from a path: bad syntax is 400, an unknown namespace 404 (or
 * 400 with `unknownNamespace: 'input'`, where a name outside our namespaces is malformed: RDAP).
 */
export function parseFullName(
  dir: NamespaceDirectory,
  raw: string,
  unknownNamespace: 'path' | 'input' = 'path',
): { label: string; ns: NamespaceInfo; name: string } {
  const parsed = parseQuery(raw);
  if (!parsed.ok) throw new AppError('invalid_name', parsed.message, { problem: parsed.problem });
  if (!parsed.value.namespace) {
    throw new AppError('invalid_name', 'Give the full name including its namespace, e.g. "scout.agent".', {
      problem: 'namespace_missing',
    });
  }
  const ns = requireNamespace(dir, parsed.value.namespace, unknownNamespace);
  return { label: parsed.value.label, ns, name: `${parsed.value.label}.${ns.namespace}` };
}

/**
 * The registered domain a path names, read by `find`: bad syntax is 400, an unknown namespace or a name
 * `find` does not know 404.
 */
export async function findNamedDomain<T>(
  dir: NamespaceDirectory,
  raw: string,
  find: (name: string) => Promise<T | null>,
): Promise<T> {
  const { name } = parseFullName(dir, raw);
  const found = await find(name);
  if (!found) throw domainNotFound(name);
  return found;
}
