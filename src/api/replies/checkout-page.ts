import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { renderRefusal } from '../../pages/checkout.ts';
import { describeError, sendPageRouteError, wantsPage } from '../../http/error-handler.ts';

/** The checkout page of a name, carrying the referrer along. */
export const checkoutPageUrl = (name: string, affiliateId: string | null) =>
  `/checkout/${encodeURIComponent(name)}${affiliateId ? `?affiliate_id=${encodeURIComponent(affiliateId)}` : ''}`;

/** Sign-in that comes back to `returnTo` (docs/api.md "Identity and credentials"). */
export const signInUrl = (returnTo: string) => `/auth/login?return_to=${encodeURIComponent(returnTo)}`;

/** A personal page: never cached by anyone but the browser, and varying with the session and Accept. */
export function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'private, no-store')
    .header('vary', 'accept, cookie')
    .send(html);
}

/** The `affiliate_id` a request carried (query or form), for links back to the page; null when unusable. */
function affiliateOf(req: FastifyRequest): string | null {
  const from = (v: unknown) => (typeof v === 'string' && v.trim() && v.length <= 128 ? v.trim() : null);
  return (
    from((req.query as { affiliate_id?: unknown } | undefined)?.affiliate_id) ??
    from((req.body as { affiliate_id?: unknown } | undefined)?.affiliate_id)
  );
}

/**
 * The checkout routes' error handler: a browser (`Accept: text/html`) gets the refusal as a page with
 * its code and status, a way back to the checkout after the form, and sign-in when that is what is
 * missing. Any other client gets the JSON error body here, never by throwing the error on: what a
 * plugin throws need not be an Error (the rate limiter's refusal once was a plain object), and Fastify
 * sends a non-Error thrown from an error handler as the answer's payload, with the page's serializer.
 */
export function checkoutRefusalPage(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const e = describeError(err, req);
  if (e.headers) reply.headers(e.headers);
  if (!wantsPage(req)) return sendPageRouteError(req, reply, e);
  const raw = (req.params as { domain?: unknown } | undefined)?.domain;
  const page = typeof raw === 'string' && raw.length <= 300 ? checkoutPageUrl(raw, affiliateOf(req)) : null;
  const posted = req.method === 'POST';
  const signIn = e.code === 'unauthorized' || e.code === 'invalid_credential';
  return sendPage(
    reply,
    e.statusCode,
    renderRefusal({
      heading: posted ? 'Not bought' : 'Not for sale here',
      status: e.statusCode,
      code: e.code,
      message: e.message,
      backUrl: posted ? page : null,
      signInUrl: signIn ? signInUrl(page ?? '/') : null,
    }),
  );
}
