import { declarationsOf, routeKey, type RouteDeclaration } from '../http/declaration.ts';
import { routeModules } from './modules.ts';

/**
 * Every route the app serves, read from the route modules (modules.ts) without building an app: for what
 * must know the routes before (or without) an app, such as the ops CLI's check of an organization
 * credential's allowlist and the tests that walk every route. A route no listed module declares fails
 * start-up (routes.ts); a declared route nothing registers fails the access test.
 */
export const declaredRoutes: readonly RouteDeclaration[] = routeModules.flatMap((m) =>
  m.declares.flatMap(declarationsOf),
);

const ruleByKey = new Map(declaredRoutes.map((r) => [routeKey(r.method, r.url), r.config.access]));

/** The access rule a route declares, by its method and path (`/api/v1/domains/:domain_name`), if any. */
export function declaredAccessRule(method: string, url: string): RouteDeclaration['config']['access'] | undefined {
  return ruleByKey.get(routeKey(method, url));
}
