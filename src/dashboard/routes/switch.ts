import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { personOf } from '../../auth/principal.ts';
import { sha256Hex } from '../../auth/secrets.ts';
import { declareRoute, PERSON_PAGE } from '../../http/declaration.ts';
import { auditContext } from '../../db/audit-context.ts';
import { credentialRepository } from '../../db/credential-repository.ts';
import { teamRepository } from '../../db/team-repository.ts';
import { AppError } from '../../domain/errors.ts';
import { formGuard } from '../../http/form-guard.ts';
import { SESSION_COOKIE } from '../../http/session-cookie.ts';
import { forgetEndedSession } from '../../http/ended-session.ts';

export const switchTeamRoute = declareRoute({
  method: 'POST',
  url: '/dashboard/switch',
  access: PERSON_PAGE,
  area: 'self',
});

const form = z.object({
  csrf_token: z.string().optional(),
  team_id: z.union([z.uuid(), z.literal('')]),
  return_to: z.string().max(512).optional(),
});

/**
 * The switcher (docs/teams.md "Organizations"): which of the person's teams their session acts for, or
 * themselves. Kept on the session row, so every later request of the session acts for it until switched, the
 * team deleted or the person removed from it.
 */
export const dashboardSwitchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { orm, config, sessionSecret } = app.deps;
  const guard = formGuard(sessionSecret, config.publicBaseUrl);
  app.route({
    ...switchTeamRoute,
    config: { ...switchTeamRoute.config, page: true },
    schema: { hide: true, consumes: ['application/x-www-form-urlencoded'], body: form },
    onRequest: forgetEndedSession(orm),
    handler: async (req, reply) => {
      const principal = req.principal;
      if (principal?.kind !== 'session') return reply.redirect('/auth/login?return_to=%2Fdashboard', 303);
      guard.check(req, principal.credentialId, 'dashboard', req.body.csrf_token);
      const team = req.body.team_id || null;
      const em = orm.em.fork();
      if (team && !(await teamRepository(em).roleOf(team, personOf(principal))))
        throw new AppError('not_a_member', 'You are not a member of this team.');
      const unsigned = req.unsignCookie(req.cookies[SESSION_COOKIE] ?? '');
      const was = principal.member ? principal.accountId : null;
      // In a transaction of the request's, so the change has its one audit event (docs/teams.md "Audit
      // trail"), in the trail of the team chosen (or left).
      await em.transactional(async (tx) => {
        await credentialRepository(tx).chooseTeam(sha256Hex(unsigned.value ?? ''), team);
        const about = team ?? was;
        if (about) auditContext.about(about);
        auditContext.change({ team_id: was }, { team_id: team });
      });
      const back = req.body.return_to ?? '';
      // Back where the person was, within the dashboard only (never an address another site chose).
      return reply.redirect(/^\/dashboard(\/[\w./-]*)?$/.test(back) ? back : '/dashboard', 303);
    },
  });
};
