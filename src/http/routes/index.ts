import fp from 'fastify-plugin';
import { activityRoutes } from './activity.ts';
import { agentRoutes } from './agents.ts';
import { mandateRoutes } from './mandates.ts';
import { approvalRoutes } from './approvals.ts';
import { benchBaselineRoutes } from './bench-baseline.ts';
import { checkoutRoutes } from './checkout.ts';
import { commandRoutes } from './command.ts';
import { discoveryRoutes } from './discovery.ts';
import { dnsRoutes } from './dns.ts';
import { healthRoutes } from './health.ts';
import { homeRoutes } from './home.ts';
import { humanCheckoutRoutes } from './human-checkout.ts';
import { keyRoutes } from './keys.ts';
import { listingRoutes } from './listings.ts';
import { managementRoutes } from './management.ts';
import { manifestsRoutes } from './manifests.ts';
import { marketListRoutes } from './market-lists.ts';
import { namespaceRoutes } from './namespaces.ts';
import { profileRoutes } from './profile.ts';
import { purchaseRoutes } from './purchase.ts';
import { rdapRoutes } from './rdap.ts';
import { offerRoutes } from './offers.ts';
import { quoteRoutes } from './quote.ts';
import { registerRoutes } from './register.ts';
import { renewRoutes } from './renew.ts';
import { autoRenewRoutes } from './auto-renew.ts';
import { webhookRoutes } from './webhooks.ts';
import { revokeRoutes } from './revoke.ts';
import { tldRoutes } from './tld.ts';
import { transferRoutes } from './transfer.ts';
import { dashboardPlugin } from './dashboard/index.ts';
import { mcpRoutes } from '../../mcp/route.ts';
import { routeKey } from './declaration.ts';
import { declaredRoutes } from './declared.ts';

const declaredKeys = new Set(declaredRoutes.map((r) => routeKey(r.method, r.url)));

/** Every route of the API. Each file registers as its own encapsulated plugin. */
export const routesPlugin = fp(
  async (app) => {
    // The ops CLI checks an organization credential's allowlist against declaredRoutes, read without an
    // app: a route served here (or by a plugin registered after) that it does not list fails start-up.
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        if (!declaredKeys.has(routeKey(method, route.url)))
          throw new Error(`Route ${method} ${route.url} is not exported by a module that routes/declared.ts reads`);
      }
    });
    await app.register(homeRoutes);
    await app.register(dashboardPlugin);
    await app.register(healthRoutes);
    await app.register(namespaceRoutes);
    await app.register(discoveryRoutes);
    await app.register(quoteRoutes);
    await app.register(tldRoutes);
    await app.register(agentRoutes);
    await app.register(mandateRoutes);
    await app.register(approvalRoutes);
    await app.register(keyRoutes);
    await app.register(revokeRoutes);
    await app.register(managementRoutes);
    await app.register(activityRoutes);
    await app.register(manifestsRoutes);
    // Under a prefix, so that its not-found handler answers unknown /rdap paths in RDAP's error object.
    await app.register(rdapRoutes, { prefix: '/rdap' });
    await app.register(transferRoutes);
    await app.register(profileRoutes);
    await app.register(listingRoutes);
    await app.register(marketListRoutes);
    await app.register(registerRoutes);
    await app.register(renewRoutes);
    await app.register(purchaseRoutes);
    await app.register(offerRoutes);
    await app.register(humanCheckoutRoutes);
    await app.register(autoRenewRoutes);
    await app.register(dnsRoutes);
    await app.register(webhookRoutes);
    await app.register(checkoutRoutes);
    await app.register(commandRoutes);
    await app.register(mcpRoutes);
    if (app.deps.config.BENCH_ROUTES) await app.register(benchBaselineRoutes);
  },
  // The access check's onRoute hook must be in place before any route is added, and the OpenAPI
  // plugin before the routes it documents.
  { name: 'routes', dependencies: ['services', 'access-control', 'openapi'] },
);
