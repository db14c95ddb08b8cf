import fp from 'fastify-plugin';
import { AppError } from '../../domain/errors.ts';

/**
 * An HTTP/1.1 request must name its Host (RFC 9112 section 3.2). Node refuses one that does not with a
 * bare 400 of its own, no body, before any of our code runs; the server is built with that check off
 * (app.ts) so that the refusal is ours instead: 400 `missing_host` in the route's own format (JSON, or a
 * page to a browser on a page route), like every other refusal.
 */
export const hostHeaderPlugin = fp(
  async (app) => {
    // Synchronous, as it runs on every request (a public read included): no promise for a header check.
    app.addHook('onRequest', (req, _reply, done) => {
      if (req.raw.httpVersionMinor >= 1 && req.raw.httpVersionMajor === 1 && !req.headers.host)
        return done(new AppError('missing_host', 'An HTTP/1.1 request must carry a Host header. Nothing was changed.'));
      done();
    });
  },
  { name: 'host-header' },
);
