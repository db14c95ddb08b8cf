import fp from 'fastify-plugin';
import { named } from '../http/plugin-name.ts';
import { declarationsOf, routeKey } from '../http/declaration.ts';
import { routeModules, type RouteModule } from './modules.ts';

/**
 * Every route of the API, from the one list of route modules (modules.ts), each its own encapsulated
 * plugin. `modules` is that list unless the app is built with another (a test's fixture operation beside
 * the shipped ones); whatever the list, a route none of its modules declares fails start-up.
 */
export const routesPlugin = fp<{ modules?: readonly RouteModule[] }>(
  async (app, { modules = routeModules }) => {
    const declaredKeys = new Set(
      modules.flatMap((m) => m.declares.flatMap(declarationsOf)).map((r) => routeKey(r.method, r.url)),
    );
    // The ops CLI checks an organization credential's allowlist against declaredRoutes, read without an
    // app: a route served here (or by a plugin registered after) that no module declares fails start-up.
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        if (!declaredKeys.has(routeKey(method, route.url)))
          throw new Error(`Route ${method} ${route.url} is not exported by a module that src/server/modules.ts lists`);
      }
    });
    for (const m of modules) {
      if (!m.plugin || (m.servedWhen && !m.servedWhen(app.deps.config))) continue;
      await app.register(named(m.plugin), m.prefix ? { prefix: m.prefix } : {});
    }
  },
  // The access check's onRoute hook must be in place before any route is added, and the OpenAPI
  // plugin before the routes it documents.
  { name: 'routes', dependencies: ['services', 'access-control', 'openapi'] },
);
