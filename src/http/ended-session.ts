import type { onRequestHookHandler } from 'fastify';
import { sessionPrincipal } from '../auth/authenticate.ts';
import type { Orm } from '../db/orm.ts';
import { SESSION_COOKIE } from './session-cookie.ts';

/**
 * On a page a session that has ended counts as none: the visitor is offered sign-in, never a 401.
 * Runs before the access check (access control appends its guard after a route's own hooks).
 */
export function forgetEndedSession(orm: Orm): onRequestHookHandler {
  return async (req, reply) => {
    const cookie = req.cookies[SESSION_COOKIE];
    if (!cookie) return;
    const valid = await sessionPrincipal(orm.em.fork(), req, cookie).then(
      () => true,
      () => false,
    );
    if (valid) return;
    delete req.cookies[SESSION_COOKIE];
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
  };
}
