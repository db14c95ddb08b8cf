import formbody from '@fastify/formbody';
import type { FastifyPluginAsync } from 'fastify';
import { sendPageRouteError } from '../../http/error-handler.ts';
import { named } from '../../http/plugin-name.ts';
import { dashboardActivityRoutes } from './activity.ts';
import { dashboardAgentRoutes } from './agents.ts';
import { dashboardApprovalRoutes } from './approvals.ts';
import { dashboardDomainRoutes } from './domain.ts';
import { dashboardKeyRoutes } from './keys.ts';
import { dashboardMandateRoutes } from './mandate.ts';
import { dashboardMarketRoutes } from './market.ts';
import { dashboardOverviewRoutes } from './overview.ts';
import { dashboardWebhookRoutes } from './webhooks.ts';
import { dashboardInvitationRoutes, dashboardTeamRoutes } from './team.ts';
import { dashboardSwitchRoutes } from './switch.ts';
import { dashboardInvitationReturnRoutes } from './invitation-return.ts';

/**
 * The dashboard for people (docs/dashboard.md): server-rendered pages whose forms call the documented
 * API operations in-process with the person's session. Forms post application/x-www-form-urlencoded;
 * only these routes parse it.
 */
export const dashboardPlugin: FastifyPluginAsync = async (app) => {
  await app.register(formbody);
  // Named after their exports: each is made by dashboardRoutes() and has no name of its own.
  const pages = {
    dashboardOverviewRoutes,
    dashboardAgentRoutes,
    dashboardMandateRoutes,
    dashboardApprovalRoutes,
    dashboardActivityRoutes,
    dashboardKeyRoutes,
    dashboardMarketRoutes,
    dashboardWebhookRoutes,
    dashboardDomainRoutes,
    dashboardTeamRoutes,
    dashboardInvitationRoutes,
    dashboardInvitationReturnRoutes,
    dashboardSwitchRoutes,
  };
  for (const [name, routes] of Object.entries(pages)) await app.register(named(routes, name));
  // A dashboard address that is no page: a browser reads a page saying so (with a link home), never JSON.
  await app.register(
    named<FastifyPluginAsync>(async (pages) => {
      pages.setNotFoundHandler((req, reply) =>
        sendPageRouteError(req, reply, {
          statusCode: 404,
          code: 'route_not_found',
          message: `There is no dashboard page at ${req.url.split('?')[0] ?? ''}. The dashboard starts at /dashboard.`,
        }),
      );
    }, 'dashboardNotFound'),
    { prefix: '/dashboard' },
  );
};
