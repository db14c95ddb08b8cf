import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../domain/errors.ts';
import { crossSiteRule } from './cross-site.ts';

/**
 * Cross-site request forgery defence for the session-authenticated HTML forms (the human checkout and
 * the dashboard). Three layers, each enough against a forged POST from another site:
 * 1. the session cookie is SameSite=Lax, so a current browser does not send it on a cross-site POST;
 * 2. the origin rule every session-authenticated request that may change state meets before its route
 *    runs (cross-site.ts, applied by the access check in auth.ts): `Sec-Fetch-Site` must be
 *    `same-origin`, or without it `Origin` must be ours; the API's routes that take a session meet the
 *    same rule, so there is one rule, in one place (`check` applies it again, for a form on a route
 *    whose access rule would not);
 * 3. a form token (here): HMAC-SHA256 of the session and the form's subject (the name being bought) under a
 *    key derived from the app's session secret. It needs no storage, works only with the session it
 *    was made for and ends with it, buys only the name it was made for, and another site cannot read it
 *    from our page (same-origin policy; CORS never shares credentialed answers).
 * A signed token was chosen over a double-submit cookie: no second cookie to set, and nothing a
 * neighbouring subdomain could plant.
 */
export function formGuard(sessionSecret: string, publicBaseUrl: string) {
  const crossSite = crossSiteRule(publicBaseUrl);
  const key = createHmac('sha256', sessionSecret).update('registry form token v1').digest();

  /** The token a form carries; `session` is the session's credential id (never the cookie itself). */
  const tokenFor = (session: string, subject: string) =>
    createHmac('sha256', key).update(`${session}\n${subject}`).digest('base64url');

  /** Refuses (403 `forbidden`) a form post from another origin or without this session's token for `subject`. */
  function check(req: FastifyRequest, session: string, subject: string, presented: string | undefined): void {
    crossSite.check(req);
    const expected = Buffer.from(tokenFor(session, subject));
    const given = Buffer.from(presented ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new AppError(
        'forbidden',
        'This form could not be verified (its token is missing or belongs to another session); reload the page and try again.',
        { reason: 'form_token' },
      );
  }

  return { tokenFor, check };
}

export type FormGuard = ReturnType<typeof formGuard>;
