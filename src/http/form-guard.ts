import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../domain/errors.ts';

/**
 * Cross-site request forgery defence for the session-authenticated HTML forms (the human checkout).
 * Three layers, each enough against a forged POST from another site:
 * 1. the session cookie is SameSite=Lax, so a current browser does not send it on a cross-site POST;
 * 2. fetch metadata: a POST whose `Sec-Fetch-Site` is not `same-origin` is refused; without that
 *    header, one whose `Origin` is another origin (or `null`) is (older browsers may send neither);
 * 3. a form token: HMAC-SHA256 of the session and the form's subject (the name being bought) under a
 *    key derived from the app's session secret. It needs no storage, works only with the session it
 *    was made for and ends with it, buys only the name it was made for, and another site cannot read it
 *    from our page (same-origin policy; CORS never shares credentialed answers).
 * A signed token was chosen over a double-submit cookie: no second cookie to set, and nothing a
 * neighbouring subdomain could plant.
 */
export function formGuard(sessionSecret: string, publicBaseUrl: string) {
  const key = createHmac('sha256', sessionSecret).update('registry form token v1').digest();
  const publicOrigin = new URL(publicBaseUrl).origin;

  /** The token a form carries; `session` is the session's credential id (never the cookie itself). */
  const tokenFor = (session: string, subject: string) =>
    createHmac('sha256', key).update(`${session}\n${subject}`).digest('base64url');

  // Fetch metadata decides when the browser sends it: `Sec-Fetch-Site` is set by the browser alone and
  // says same-origin exactly. `Origin` is only read without it, because under our Referrer-Policy
  // (no-referrer) Chromium posts even a same-origin form with `Origin: null`; a browser that sends
  // neither header is left to the SameSite cookie and the form token.
  function sameOrigin(req: FastifyRequest): boolean {
    const site = req.headers['sec-fetch-site'];
    if (site !== undefined) return site === 'same-origin';
    const origin = req.headers.origin;
    if (origin === undefined) return true;
    return origin === publicOrigin || origin === `${req.protocol}://${req.host}`;
  }

  /** Refuses (403 `forbidden`) a form post from another site or without this session's token for `subject`. */
  function check(req: FastifyRequest, session: string, subject: string, presented: string | undefined): void {
    if (!sameOrigin(req))
      throw new AppError('forbidden', 'This form was sent from another site; open the page here and submit it again.', {
        reason: 'cross_site',
      });
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
