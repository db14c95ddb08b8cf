import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsync } from 'fastify';
import { declareRoute, PERSON_PAGE } from '../../http/declaration.ts';

/**
 * Back to an invitation link after signing in, without its token in any URL but the link's own (issue 49):
 * the signed-out link keeps its token in a signed, HTTP-only cookie for this path and sends sign-in here;
 * signed in, this path takes the token out of the cookie and redirects to the link.
 */
export const INVITATION_RETURN_PATH = '/dashboard/invitation';
const COOKIE = 'registry_invitation';
const LIFETIME_SECONDS = 3600;

export const invitationReturnRoute = declareRoute({
  method: 'GET',
  url: INVITATION_RETURN_PATH,
  access: PERSON_PAGE,
});

/** Keeps the link's token for the way back, and names the path sign-in returns to. */
export function keepInvitation(req: FastifyRequest, reply: FastifyReply, token: string): string {
  void reply.setCookie(COOKIE, token, {
    path: INVITATION_RETURN_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: req.server.deps.config.publicBaseUrl.startsWith('https:'),
    signed: true,
    maxAge: LIFETIME_SECONDS,
  });
  return INVITATION_RETURN_PATH;
}

export const dashboardInvitationReturnRoutes: FastifyPluginAsync = async (app) => {
  app.route({
    ...invitationReturnRoute,
    config: { ...invitationReturnRoute.config, page: true },
    schema: { hide: true },
    handler: async (req, reply) => {
      if (req.principal?.kind !== 'session')
        return reply.redirect(`/auth/login?return_to=${encodeURIComponent(INVITATION_RETURN_PATH)}`, 303);
      const kept = req.unsignCookie(req.cookies[COOKIE] ?? '');
      void reply.clearCookie(COOKIE, { path: INVITATION_RETURN_PATH });
      const token = kept.valid ? (kept.value ?? '') : '';
      // Only a token's own characters go into the address (the link's route reads the rest as its token).
      if (!/^[\w-]{1,200}$/.test(token)) return reply.redirect('/dashboard/team', 303);
      return reply.redirect(`/dashboard/invitations/${token}`, 303);
    },
  });
};
