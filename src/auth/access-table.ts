// Each route declares its own access rule (src/http/routes/declaration.ts); this module only reads
// those declarations back by "METHOD path" for its two remaining importers, the ops CLI's check of an
// organization credential's allowlist (src/ops/commands.ts) and the NUL-rule test. Once they read
// declaredRoutes themselves, it goes, and with it this one import of src/http from src/auth.
// eslint-disable-next-line import-x/no-restricted-paths -- temporary, see above
import { declaredRoutes } from '../http/routes/declared.ts';

type AccessRule = (typeof declaredRoutes)[number]['config']['access'];

/** Derived, never written by hand: every declared route's rule by its "METHOD path". */
export const accessTable: Readonly<Record<string, AccessRule>> = Object.fromEntries(
  declaredRoutes.map((r) => [`${r.method} ${r.url}`, r.config.access]),
);

export function accessRuleFor(method: string, url: string): AccessRule | undefined {
  return accessTable[`${method === 'HEAD' ? 'GET' : method} ${url}`];
}
