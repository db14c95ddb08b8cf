import { AppError } from '../domain/errors.ts';
import { checkLabel, parseQuery } from '../domain/names.ts';
import type { NamespaceDirectory, NamespaceInfo } from '../domain/namespace-directory.ts';
import { normalizeNamespace, requireNamespace } from './namespace-param.ts';

/**
 * `domain` may be the bare or the full name; `namespace` (or the legacy `tld`) must agree with it.
 * Shared by quote and register so both read a request the same way.
 */
export function resolveTarget(
  dir: NamespaceDirectory,
  body: { domain: string; namespace?: string | undefined; tld?: string | undefined },
): { label: string; ns: NamespaceInfo; name: string } {
  const given = body.namespace ?? body.tld;
  const parsed = parseQuery(body.domain);
  if (!parsed.ok) throw new AppError('invalid_name', parsed.message, { problem: parsed.problem, field: 'domain' });
  const fromName = parsed.value.namespace;
  if (!given && !fromName) {
    throw new AppError('validation_failed', 'Give the namespace (or a full name such as "scout.agent").', {
      issues: [{ location: 'body', path: 'namespace', message: 'required' }],
    });
  }
  if (given && fromName && normalizeNamespace(given) !== fromName) {
    throw new AppError('namespace_mismatch', `The domain "${body.domain}" is not in namespace "${given}".`);
  }
  const ns = requireNamespace(dir, (given ?? fromName) as string, 'input');
  const label = checkLabel(parsed.value.label);
  if (!label.ok) throw new AppError('invalid_name', label.message, { problem: label.problem, field: 'domain' });
  return { label: label.value, ns, name: `${label.value}.${ns.namespace}` };
}
