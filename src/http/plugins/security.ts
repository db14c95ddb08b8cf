import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import helmet, { type HelmetOptions } from 'helmet';
import { redactedUrl } from '../../telemetry/redacted-url.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The headers every answer carries whatever the request (helmet's, and CORS's for the origin `*`), in the
     * order they are sent: what the fast read (fast-read.ts) sends as one block.
     */
    readonly everyAnswerHeaders: readonly (readonly [string, string])[];
  }
}

/** What browsers on other origins may read of an answer (CORS's Access-Control-Expose-Headers). */
const EXPOSED_HEADERS = [
  'WWW-Authenticate',
  'Payment-Receipt',
  'PAYMENT-REQUIRED',
  'PAYMENT-RESPONSE',
  'Retry-After',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
];

/** The headers helmet sets with these options, read off one call of its middleware. */
function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as never, res as never, () => undefined);
  return headers;
}

/** The request line of the access log: Fastify's own, with the URL redacted. */
const loggedRequest = (req: FastifyRequest) => ({
  method: req.method,
  url: redactedUrl(req.url),
  version: req.headers['accept-version'],
  host: req.host,
  remoteAddress: req.ip,
  remotePort: req.socket?.remotePort,
});

/**
 * The server's logger (src/server/app.ts): the process's, writing every request (the access log's "incoming
 * request" line, and whatever a route logs of it) with its URL redacted, so no secret a URL holds reaches the
 * logs. Set once on the logger the server is given, it holds in every context, the not-found handler's too.
 */
export const redactingRequests = (logger: FastifyBaseLogger): FastifyBaseLogger =>
  logger.child({}, { serializers: { req: loggedRequest } });

/**
 * Cookies, security headers and CORS: what every answer carries. `inlineScripts` are the CSP sources (hashes)
 * of the pages' inline scripts, given by the app that serves those pages (src/server/app.ts).
 */
export const securityPlugin = fp<{ inlineScripts: readonly string[] }>(
  async (app, { inlineScripts }) => {
    await app.register(cookie, { secret: app.deps.sessionSecret });
    // Security headers on every answer. The pages and the API reference load only their own scripts;
    // inline styles stay allowed for the small HTML pages. Cross-origin reads are for CORS to decide.
    // helmet decides the headers; they never vary by request, so they are computed once here and set
    // as one block (helmet rebuilds its CSP string on every call, a measurable share of a lookup).
    const headers = securityHeaders({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...inlineScripts],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginResourcePolicy: { policy: 'cross-origin' },
    });
    app.addHook('onRequest', (_req, reply, done) => {
      reply.headers(headers);
      done();
    });
    // Agents and tools on other origins may call the API: credentials travel in headers, never in
    // cookies across origins (no Access-Control-Allow-Credentials), so a foreign page cannot ride a session.
    await app.register(cors, {
      origin: '*',
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: [
        'Content-Type',
        'Authorization',
        'X-API-Key',
        'X-Payment-Method',
        'X-MPP-Network',
        'Idempotency-Key',
        // x402 v2's retry, for a browser-based x402 client on the USDC route.
        'PAYMENT-SIGNATURE',
      ],
      exposedHeaders: EXPOSED_HEADERS,
      maxAge: 600,
      // A bare OPTIONS (no Origin) gets the same 204 rather than the plugin's plain-text 400.
      strictPreflight: false,
    });
    // The CORS plugin's two headers on an answer that is not a preflight: the same for every origin, as
    // the origin is `*` (test/integration/fast-read.test.ts compares them with the plugin's own).
    app.decorate('everyAnswerHeaders', [
      ...Object.entries(headers),
      ['access-control-allow-origin', '*'],
      ['access-control-expose-headers', EXPOSED_HEADERS.join(', ')],
    ] as const);
  },
  { name: 'security', dependencies: ['services'] },
);
