import { AppError } from '../domain/errors.ts';
import type { NamespaceDirectory, NamespaceInfo } from '../domain/namespace-directory.ts';

/**
 * Resolves a namespace given by a caller. An unknown namespace in a path is a missing resource (404);
 * in a body or query it is bad input (400). Input is normalised like names: trimmed, lowercased, a
 * leading dot dropped (".agent" and "agent" mean the same).
 */
export function normalizeNamespace(raw: string): string {
  return raw.trim().toLowerCase().replace(/^\./, '');
}

export function requireNamespace(dir: NamespaceDirectory, raw: string, where: 'path' | 'input'): NamespaceInfo {
  const name = normalizeNamespace(raw);
  const ns = dir.get(name);
  if (ns) return ns;
  const known = dir.names.join(', ');
  if (where === 'path') {
    throw new AppError('namespace_not_found', `Namespace "${name}" does not exist. Known namespaces: ${known}.`);
  }
  throw new AppError('unknown_namespace', `Unknown namespace "${name}". Known namespaces: ${known}.`, {
    namespace: name,
    known: dir.names,
  });
}
