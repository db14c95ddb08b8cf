import type { FastifyRequest } from 'fastify';
import { AppError } from '../domain/errors.ts';

/** Methods that change nothing; every other method may, so it is checked. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The cross-origin rule for a browser session (docs/api.md "Browser sessions and other origins"): a
 * request that changes something and is authenticated by the session cookie must come from this
 * service's own pages, whatever its content type. The SameSite=Lax cookie keeps other *sites* out, but
 * a page on another port or subdomain of the same site is same-site: its browser sends the cookie with
 * a form it posts (a `text/plain` form needs no CORS preflight), so the origin is checked here.
 *
 * - `Sec-Fetch-Site`, set by the browser alone, decides when present: only `same-origin` passes.
 *   (`Origin` is not read beside it: under our Referrer-Policy, no-referrer, Chromium posts even a
 *   same-origin form with `Origin: null`.)
 * - Without it, `Origin` decides: this service's public origin (or the origin the request was addressed
 *   to) passes; any other, `null` included, is refused.
 * - With neither, the request did not come from a web page: a browser adds `Origin` to every request
 *   whose method is not GET or HEAD (the Fetch standard), form posts included, so a client sending
 *   neither is a program holding the cookie, which could send any header it liked. It passes; so do the
 *   dashboard's in-process calls, made after its own form check.
 *
 * Requests authenticated by an API key or a bearer token are not affected: a browser never attaches
 * those on its own. A request carrying a key or a token beside the cookie is authenticated by the key
 * or token (src/auth/authenticate.ts), so the rule does not apply to it either.
 */
export function crossSiteRule(publicBaseUrl: string) {
  const publicOrigin = new URL(publicBaseUrl).origin;

  /** Whether the request comes from this service's own pages (or from no web page at all). */
  function fromOwnPages(req: FastifyRequest): boolean {
    const site = req.headers['sec-fetch-site'];
    if (site !== undefined) return site === 'same-origin';
    const origin = req.headers.origin;
    if (origin === undefined) return true;
    return origin === publicOrigin || origin === `${req.protocol}://${req.host}`;
  }

  /** Throws 403 `forbidden` (`details.reason: "cross_site"`) for a session request from another origin that may change state. */
  function check(req: FastifyRequest): void {
    if (SAFE_METHODS.has(req.method) || fromOwnPages(req)) return;
    throw new AppError(
      'forbidden',
      'This request was sent from another site or origin with your browser session; nothing was done. Use the page on this site, or call the API with an API key or a bearer token.',
      { reason: 'cross_site' },
    );
  }

  return { check, fromOwnPages };
}

export type CrossSiteRule = ReturnType<typeof crossSiteRule>;
