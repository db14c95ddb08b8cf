import formbody from '@fastify/formbody';
import type { FastifyPluginAsync } from 'fastify';
import { sendPageRouteError } from '../../error-handler.ts';
import { dashboardActivityRoutes } from './activity.ts';
import { dashboardAgentRoutes } from './agents.ts';
import { dashboardApprovalRoutes } from './approvals.ts';
import { dashboardDomainRoutes } from './domain.ts';
import { dashboardKeyRoutes } from './keys.ts';
import { dashboardMandateRoutes } from './mandate.ts';
import { dashboardMarketRoutes } from './market.ts';
import { dashboardOverviewRoutes } from './overview.ts';
import { dashboardWebhookRoutes } from './webhooks.ts';

/**
 * The dashboard for people (docs/dashboard.md): server-rendered pages whose forms call the documented
 * API operations in-process with the person's session. Forms post application/x-www-form-urlencoded;
 * only these routes parse it.
 */
export const dashboardPlugin: FastifyPluginAsync = async (app) => {
  await app.register(formbody);
  await app.register(dashboardOverviewRoutes);
  await app.register(dashboardAgentRoutes);
  await app.register(dashboardMandateRoutes);
  await app.register(dashboardApprovalRoutes);
  await app.register(dashboardActivityRoutes);
  await app.register(dashboardKeyRoutes);
  await app.register(dashboardMarketRoutes);
  await app.register(dashboardWebhookRoutes);
  await app.register(dashboardDomainRoutes);
  // A dashboard address that is no page: a browser reads a page saying so (with a link home), never JSON.
  await app.register(
    async (pages) => {
      pages.setNotFoundHandler((req, reply) =>
        sendPageRouteError(req, reply, {
          statusCode: 404,
          code: 'route_not_found',
          message: `There is no dashboard page at ${req.url.split('?')[0] ?? ''}. The dashboard starts at /dashboard.`,
        }),
      );
    },
    { prefix: '/dashboard' },
  );
};
